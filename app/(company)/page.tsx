import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/shell/dashboard-view';

/** Company Dashboard: the company area's counts. */
export default async function CompanyDashboardPage() {
  const { route } = await requirePage('/');
  return <DashboardView route={route} area="company" pathname="/" />;
}
