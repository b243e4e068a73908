import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/dashboard/dashboard-view';
import { routeMetadata } from '@/app/_components/shell/route-metadata';

export const generateMetadata = () => routeMetadata('/');

/** Company Dashboard: orders, money and counts of every application and area of the company. */
export default async function CompanyDashboardPage() {
  const { route } = await requirePage('/');
  return <DashboardView route={route} area="company" pathname="/" />;
}
