import { redirect } from 'next/navigation';
import { isServiceName } from '@/app/_components/shell/side-menu-model';
import { can } from '@/lib/permissions';
import { matchRoute } from '@/lib/routes';
import { requirePage } from '@/lib/server/guard';
import { DashboardView } from '@/app/_components/dashboard/dashboard-view';
import { routeMetadata } from '@/app/_components/shell/route-metadata';

export async function generateMetadata({ params }: { params: Promise<{ service: string }> }) {
  return routeMetadata(`/Service/${encodeURIComponent((await params).service)}/Dashboard`);
}

/** A service's dashboard: its orders, money and counts (staff see their own area's). */
export default async function ServiceDashboardPage({ params }: { params: Promise<{ service: string }> }) {
  const { service } = await params;
  if (!isServiceName(service)) redirect('/pages/error-404');
  const pathname = `/Service/${service}/Dashboard`;
  const { route, permissions } = await requirePage(pathname);
  // Top shops link to the shop's page only for a user who may read it.
  const shopView = matchRoute(`/Service/${service}/Shop/View/0`)?.route;
  const shopHref =
    shopView && can(permissions, service, shopView.permission, 'read') ? (id: string) => `/Service/${service}/Shop/View/${encodeURIComponent(id)}` : null;
  return <DashboardView route={route} area={service} pathname={pathname} shopHref={shopHref} />;
}
