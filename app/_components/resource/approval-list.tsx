import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { ResourceModule } from '@/lib/resources/kit';
import { apiPath } from '@/lib/resources/kit';
import { listColumns } from '@/lib/resources/list-view';
import { parseListQuery, serializeListQuery } from '@/lib/resources/list-query';
import { fetchResourceList } from '@/lib/resources/server';
import type { RouteDef } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { ListControls } from './list-controls';
import { Pagination } from './pagination';
import { RejectButton } from './reject-button';
import type { ListPermissions } from './resource-list';
import { RowAction } from './row-action';
import { RowTable } from './row-table';
import { RESOURCES } from '@/lib/resources';
import { permissionsFor, serviceOfPage } from './access';
import type { KitScreenProps } from './resource-page';

/** A document's kind in the reader's language, for the `documents` cells. */
const withDocumentLabels = (value: unknown, label: (kind: string) => string) =>
  Array.isArray(value) ? value.map((d: { kind?: unknown }) => ({ ...d, label: label(String(d.kind ?? '')) })) : value;

/**
 * Regis/Shop and Regis/Biker: registrations (waiting by default) with Approve (confirmed first when the module's
 * messages ask `approveTitle`) and Reject (with a reason). The words are the module's namespace's.
 */
export async function ApprovalList({
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
  const t = await getTranslations(res.namespace);
  const tr = await getTranslations('resource');
  const query = parseListQuery(res, searchParams);
  if (!query.filters.state) query.filters.state = 'waiting';
  const { rows, total } = await fetchResourceList(service, res, query, `${pathname}?${serializeListQuery(query, res)}`);
  const labels = Object.fromEntries(res.columns.map((c) => [c.field, t(c.label)]));
  const kind = (k: string) => (t.has(`documentKinds.${k}`) ? t(`documentKinds.${k}`) : k);
  const rowsShown = rows.map((r) => ({
    ...r,
    state: t(`states.${String(r.state)}`),
    ...('documents' in r ? { documents: withDocumentLabels(r.documents, kind) } : {}),
  }));
  const confirmed = t.has('approveTitle');
  return (
    <PageFrame route={route}>
      <Card>
        <ListControls namespace={res.namespace} filters={res.filters} filterOptions={{}} />
        {rows.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <RowTable
            caption={t('title')}
            columns={listColumns(res.columns)}
            labels={labels}
            rows={rowsShown}
            actionsLabel={tr('actions')}
            actions={(row) => {
              const original = rows.find((r) => r.id === row.id);
              if (!can.create || original?.state !== 'waiting') return null;
              const base = apiPath(service, res, String(row.id));
              return (
                <>
                  <RowAction
                    path={`${base}/approve`}
                    label={t('approve')}
                    done={t('approved')}
                    variant="primary"
                    name={String(row.name)}
                    confirm={
                      confirmed ? { title: t('approveTitle', { name: String(row.name) }), body: t('approveBody', { name: String(row.name) }) } : undefined
                    }
                  />
                  <RejectButton path={`${base}/reject`} name={String(row.name)} namespace={res.namespace} />
                </>
              );
            }}
          />
        )}
        <Pagination pathname={pathname} query={query} total={total} defaults={res} />
      </Card>
    </PageFrame>
  );
}

/** The kit's approval route. */
export function ResourceApprovalScreen({ page, ctx, pathname, searchParams }: KitScreenProps) {
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  return (
    <ApprovalList
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
