import 'server-only';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Option, ResourceModule } from '@/lib/resources/kit';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { listViewOf } from '@/lib/resources/list-view';
import { serializeListQuery, type ListQuery } from '@/lib/resources/list-query';
import { fetchResourceList } from '@/lib/resources/server';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { ListControls } from './list-controls';
import { Pagination } from './pagination';
import { ResourceTable } from './resource-table';
import { GrantPointsButton } from './lazy-widgets';

export interface ListPermissions {
  create: boolean;
  write: boolean;
  delete: boolean;
  /** The approval right a move to `active` needs (true where the resource needs none); without it no bulk `active`. */
  approve?: boolean;
}

interface ResourceListProps {
  res: ResourceModule;
  service: string;
  pathname: string;
  query: ListQuery;
  can: ListPermissions;
  /** The filters' options, or their read in flight (awaited together with the rows). */
  filterOptions: Record<string, Option[]> | Promise<Record<string, Option[]>>;
  /** Admin-only filters are offered (default true; staff are fixed to their own value upstream). */
  isAdmin?: boolean;
}

/** A resource's list, rendered on the server from the URL's view: controls, table, pagination, empty state. */
export async function ResourceList({ res, service, pathname, query, can, filterOptions, isAdmin = true }: ResourceListProps) {
  const t = await getTranslations('resource');
  const [{ rows, total, more }, options] = await Promise.all([
    fetchResourceList(service, res, query, `${pathname}?${serializeListQuery(query, res)}`),
    filterOptions,
  ]);
  const rowHrefs: Record<string, string> = {};
  for (const row of rows) {
    const id = String(row.id);
    rowHrefs[id] = res.routes.view ? pagePath(service, res.routes.view, id) : `${pagePath(service, res.routes.list)}?edit=${encodeURIComponent(id)}`;
  }
  const filtered = Boolean(query.q) || Object.keys(query.filters).length > 0;
  return (
    <Card>
      <ListControls
        namespace={res.namespace}
        filters={res.filters.filter((f) => isAdmin || !f.adminOnly)}
        filterOptions={options}
        search={res.search}
        searchable={res.searchable !== false}
      />
      {rows.length === 0 ? (
        <EmptyState
          title={filtered ? t('emptyFiltered') : t('emptyTitle')}
          description={filtered || res.readOnly ? undefined : t('emptyBody')}
          action={
            filtered ? (
              <Link
                href={query.tab ? `${pathname}?tab=${encodeURIComponent(query.tab)}` : pathname}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                {t('clearFilters')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <ResourceTable
          view={listViewOf(res, can.approve !== false)}
          service={service}
          pathname={pathname}
          query={query}
          rows={rows}
          rowHrefs={rowHrefs}
          canWrite={can.write && !res.readOnly}
          canDelete={can.delete && !res.readOnly}
          canAct={can.write}
          flags={can}
        />
      )}
      <Pagination pathname={pathname} query={query} total={total} more={more} defaults={res} />
    </Card>
  );
}

/** Header actions of a list: Add, Export CSV of the current view, the Restore page. */
export async function ListActions({ res, service, query, can }: { res: ResourceModule; service: string; query: ListQuery; can: ListPermissions }) {
  const t = await getTranslations('resource');
  const exportQuery = serializeListQuery({ ...query, page: 1 }, res).toString();
  const addHref = res.routes.add ? pagePath(service, res.routes.add) : `${pagePath(service, res.routes.list)}?new=1`;
  return (
    <>
      {res.exportable && (
        <a href={`${apiPath(service, res, 'export')}${exportQuery ? `?${exportQuery}` : ''}`} download className={buttonClasses({ variant: 'secondary' })}>
          {t('exportCsv')}
        </a>
      )}
      {res.handOrder && can.write && (
        <Link href={`${pagePath(service, res.routes.list)}?reorder=1`} className={buttonClasses({ variant: 'secondary' })}>
          {t('handOrder.reorder')}
        </Link>
      )}
      {!res.readOnly && (res.routes.restore || res.bulkDelete) && (
        <Link
          href={res.routes.restore ? pagePath(service, res.routes.restore) : `${pagePath(service, res.routes.list)}?deleted=1`}
          className={buttonClasses({ variant: 'secondary' })}
        >
          {t('restorePage')}
        </Link>
      )}
      {can.create && res.listAction === 'grantPoints' && <GrantPointsButton service={service} api={res.api} topup={res.api === 'TopupMemberPoints'} />}
      {can.create && !res.readOnly && (
        <Link href={addHref} className={buttonClasses()}>
          {t('add')}
        </Link>
      )}
    </>
  );
}
