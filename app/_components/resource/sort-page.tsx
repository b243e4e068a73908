import 'server-only';
import type { ResourceModule } from '@/lib/resources/kit';
import { apiPath } from '@/lib/resources/kit';
import { parseListQuery } from '@/lib/resources/list-query';
import { fetchResourceList } from '@/lib/resources/server';
import { SortList } from './sort-list';

/** Every row of a hand-ordered resource in its current order (up to 100), to drag or move with buttons and save. */
export async function SortPanel({
  res,
  service,
  pathname,
  canWrite,
  onSavedHref,
}: {
  res: ResourceModule;
  service: string;
  pathname: string;
  canWrite: boolean;
  onSavedHref?: string;
}) {
  const order = res.handOrder ?? { field: 'sortOrder', label: 'name' };
  const query = { ...parseListQuery(res, {}), pageSize: 100 as const, sort: order.field, order: 'asc' as const };
  const { rows } = await fetchResourceList(service, res, query, pathname);
  const items = rows.map((r) => ({ id: String(r.id), label: String(r[order.label] ?? r.id) }));
  return <SortList endpoint={`${apiPath(service, res)}/Sort`} items={items} canWrite={canWrite} namespace={res.namespace} doneHref={onSavedHref} />;
}
