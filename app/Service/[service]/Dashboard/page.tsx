import { redirect } from 'next/navigation';
import { isServiceName } from '@/app/_components/shell/side-menu-model';
import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/shell/dashboard-view';

/** A service's dashboard: its counts (staff see their own area's). */
export default async function ServiceDashboardPage({ params }: { params: Promise<{ service: string }> }) {
  const { service } = await params;
  if (!isServiceName(service)) redirect('/pages/error-404');
  const pathname = `/Service/${service}/Dashboard`;
  const { route } = await requirePage(pathname);
  return <DashboardView route={route} area={service} pathname={pathname} />;
}
