import 'server-only';
import { RESOURCES } from '@/lib/resources';
import { parseListQuery } from '@/lib/resources/list-query';
import { listFilterOptions } from '@/lib/resources/server';
import { permissionsFor } from '../resource/access';
import { ListActions, ResourceList } from '../resource/resource-list';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';

/**
 * `/Orders` and `/OrdersMessenger`: the order modules (lib/resources/orders*.ts) on the kit's list, every filter,
 * the sort and the page in the URL; staff get no area filter (the upstream keeps them in their own area).
 */
export async function OrdersListScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const service = String(ctx.route.service);
  const resource = ctx.route.label === 'ordersMessenger' ? 'ordersMessenger' : 'orders';
  const res = RESOURCES[resource];
  const isAdmin = ctx.session.UserRole === 'admin';
  const can = permissionsFor(ctx, service, res);
  const query = parseListQuery(res, searchParams);
  for (const f of res.filters) if (f.adminOnly && !isAdmin) delete query.filters[f.field];
  const filterOptions = listFilterOptions(service, res, isAdmin, pathname);
  return (
    <PageFrame route={ctx.route} actions={<ListActions res={res} service={service} query={query} can={can} />}>
      <ResourceList res={res} service={service} pathname={pathname} query={query} can={can} filterOptions={filterOptions} isAdmin={isAdmin} />
    </PageFrame>
  );
}
