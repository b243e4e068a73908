import 'server-only';
import type { ResourceModule } from '@/lib/resources/kit';
import { parseListQuery } from '@/lib/resources/list-query';
import { fetchResourceList } from '@/lib/resources/server';
import type { RouteDef } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { SortList } from './sort-list';

/** ShopType/Sort: every type in its current order, to drag (or move with buttons) and save. */
export async function SortPage({ route, res, service, pathname, canWrite }: { route: RouteDef; res: ResourceModule; service: string; pathname: string; canWrite: boolean }) {
  const query = { ...parseListQuery(res, {}), pageSize: 100 as const, sort: 'sortOrder', order: 'asc' as const };
  const { rows } = await fetchResourceList(service, res, query, pathname);
  const items = rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
  return (
    <PageFrame route={route}>
      <Card>
        <SortList service={service} items={items} canWrite={canWrite} />
      </Card>
    </PageFrame>
  );
}
