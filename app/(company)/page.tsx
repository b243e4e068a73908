import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/app/_components/ui/button';
import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/dashboard/dashboard-view';
import { routeMetadata } from '@/app/_components/shell/route-metadata';

export const generateMetadata = () => routeMetadata('/');

/** Company Dashboard: orders, money and counts of every application and area of the company. */
export default async function CompanyDashboardPage() {
  const { route } = await requirePage('/');
  const nav = await getTranslations('nav');
  const actions = (
    <div className="flex gap-2">
      <Link href="/MyService" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {nav('myService')}
      </Link>
      <Link href="/Payment" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {nav('payment')}
      </Link>
      <Link href="/Log" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {nav('auditLog')}
      </Link>
    </div>
  );
  return <DashboardView route={route} area="company" pathname="/" actions={actions} />;
}
