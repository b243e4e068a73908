import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ResourceModule } from '@/lib/resources/kit';
import { apiPath, rowLabel } from '@/lib/resources/kit';
import { parseListQuery, serializeListQuery } from '@/lib/resources/list-query';
import { fetchResourceList } from '@/lib/resources/server';
import type { RouteDef } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { Pagination } from './pagination';
import type { ListPermissions } from './resource-list';
import { RowAction } from './row-action';
import { RowTable } from './row-table';
import { RESOURCES } from '@/lib/resources';
import { permissionsFor, serviceOfPage } from './access';
import { ResourceListScreen, type KitScreenProps } from './resource-page';

/** A Restore page: the soft-deleted rows (`?deleted=1`) with a Restore button each. */
export async function RestoreList({
  route,
  res,
  service,
  pathname,
  searchParams,
  can,
}: {
  route: RouteDef;
  res: ResourceModule;
  resource: string;
  service: string;
  pathname: string;
  searchParams: Record<string, string | string[] | undefined>;
  can: ListPermissions;
}) {
  const t = await getTranslations('resource');
  const tm = await getTranslations(res.namespace);
  const query = parseListQuery(res, searchParams);
  const returnTo = `${pathname}?${serializeListQuery(query, res)}`;
  const { rows, total } = await fetchResourceList(service, res, query, route.path === res.routes.restore ? returnTo : `${returnTo}&deleted=1`, {
    deleted: '1',
  });
  const columns = res.columns.filter((c) => c.kind !== 'status');
  const labels = Object.fromEntries(columns.map((c) => [c.field, tm(c.label)]));
  return (
    <PageFrame route={route}>
      <Card>
        {rows.length === 0 ? (
          <EmptyState title={t('nothingDeleted')} />
        ) : (
          <RowTable
            caption={tm('title')}
            columns={columns}
            labels={labels}
            rows={rows}
            actionsLabel={t('actions')}
            actions={(row) =>
              can.create ? (
                <RowAction path={`${apiPath(service, res, String(row.id))}/restore`} label={t('restore')} done={t('restored')} name={rowLabel(res, row)} />
              ) : null
            }
          />
        )}
        <Pagination pathname={pathname} query={query} total={total} defaults={res} />
      </Card>
    </PageFrame>
  );
}

/** The kit's restore route: a Restore page, or a list's deleted rows (`?deleted=1`). */
export function ResourceRestoreScreen(props: KitScreenProps) {
  const { page, ctx, pathname, searchParams } = props;
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  // A resource with a Restore page of its own lists its deleted rows there.
  if (page.mode === 'list' && res.routes.restore) return <ResourceListScreen {...props} />;
  return (
    <RestoreList
      route={ctx.route}
      res={res}
      resource={page.resource}
      service={service}
      pathname={pathname}
      searchParams={searchParams}
      can={permissionsFor(ctx, service, res)}
    />
  );
}
