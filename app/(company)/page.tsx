import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/app/_components/ui/button';
import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/dashboard/dashboard-view';
import { canOpen } from '@/app/_components/resource/access';
import { routeMetadata } from '@/app/_components/shell/route-metadata';

export const generateMetadata = () => routeMetadata('/');

/** The dashboard's shortcuts, each shown only to a user who may open its page (a link is also prefetched). */
const SHORTCUTS = [
  { href: '/MyService', label: 'myService' },
  { href: '/Payment', label: 'payment' },
  { href: '/Log', label: 'auditLog' },
] as const;

/** Company Dashboard: orders, money and counts of every application and area of the company. */
export default async function CompanyDashboardPage() {
  const ctx = await requirePage('/');
  const nav = await getTranslations('nav');
  const shortcuts = SHORTCUTS.filter((s) => canOpen(ctx, s.href));
  const actions =
    shortcuts.length > 0 ? (
      <div className="flex gap-2" data-testid="dashboard-shortcuts">
        {shortcuts.map((s) => (
          <Link key={s.href} href={s.href} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {nav(s.label)}
          </Link>
        ))}
      </div>
    ) : undefined;
  return <DashboardView route={ctx.route} area="company" pathname="/" actions={actions} />;
}
