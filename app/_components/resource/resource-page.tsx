import 'server-only';
import { getTranslations } from 'next-intl/server';
import { can as hasFlag } from '@/lib/permissions';
import { RESOURCES, type ResourcePage } from '@/lib/resources';
import { apiPath, pagePath, rowLabel, type Option, type ResourceModule } from '@/lib/resources/kit';
import { parseListQuery } from '@/lib/resources/list-query';
import { fetchOptions, fetchResourceOne, optionSourcesOf } from '@/lib/resources/server';
import { apiRuleFor, type Flag } from '@/lib/routes';
import type { PageContext } from '@/lib/server/guard';
import { PageFrame } from '../shell/page-frame';
import { Card } from '../ui/card';
import { ApprovalList } from './approval-list';
import { ConfigPage } from './config-page';
import { ListActions, ResourceList, type ListPermissions } from './resource-list';
import { ResourceForm } from './resource-form';
import { RestoreList } from './restore-list';
import { ShopExtras } from './shop-extras';
import { SortPanel } from './sort-page';
import { TimeShopForm } from './time-shop-form';

export type SearchParams = Record<string, string | string[] | undefined>;

/** Whether the user has the flag the BFF checks for an API path. */
function canAt(ctx: PageContext, path: string, flag: Flag): boolean {
  const rule = apiRuleFor(path);
  return rule ? hasFlag(ctx.permissions, rule.service, rule.permission, flag) : false;
}

/** The flags the user has on a resource's API (the BFF checks the same ones). */
export function permissionsFor(ctx: PageContext, service: string, res: ResourceModule): ListPermissions {
  const path = apiPath(service, res);
  return { create: canAt(ctx, path, 'create'), write: canAt(ctx, path, 'write'), delete: canAt(ctx, path, 'delete') };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A registry route that has a resource screen: list, add, view/edit, restore, sort, config or approvals. */
export async function ResourcePageView({
  page,
  ctx,
  pathname,
  searchParams,
}: {
  page: ResourcePage;
  ctx: PageContext;
  pathname: string;
  searchParams: SearchParams;
}) {
  const service = String(ctx.route.service);
  const res = RESOURCES[page.resource];
  const can = permissionsFor(ctx, service, res);
  const canSort = canAt(ctx, `${apiPath(service, res)}/Sort`, 'write');
  const isAdmin = ctx.session.UserRole === 'admin';
  const listHref = pagePath(service, res.routes.list);
  const t = await getTranslations(res.namespace);
  const tr = await getTranslations('resource');

  // A resource without a Restore page of its own lists its deleted rows on its list page (`?deleted=1`).
  const deletedHere = page.mode === 'list' && !res.routes.restore && first(searchParams.deleted) === '1';
  if (page.mode === 'restore' || deletedHere)
    return <RestoreList route={ctx.route} res={res} resource={page.resource} service={service} pathname={pathname} searchParams={searchParams} can={can} />;
  if (page.mode === 'sort') {
    return (
      <PageFrame route={ctx.route}>
        <Card>
          <SortPanel res={res} service={service} pathname={pathname} canWrite={canSort} />
        </Card>
      </PageFrame>
    );
  }
  if (page.mode === 'config') return <ConfigPage route={ctx.route} res={res} service={service} pathname={pathname} canSave={can.write} />;
  if (page.mode === 'approval')
    return <ApprovalList route={ctx.route} res={res} resource={page.resource} service={service} pathname={pathname} searchParams={searchParams} can={can} />;

  const options = await fetchOptions(service, optionSourcesOf(res), pathname);
  if (page.mode === 'add') {
    return (
      <PageFrame route={ctx.route}>
        {res.form === 'week' ? (
          <TimeShopForm service={service} mode="add" row={res.defaults} shops={options.shops ?? []} canSave={can.create} listHref={listHref} />
        ) : (
          <ResourceForm
            resource={page.resource}
            service={service}
            mode="add"
            row={res.defaults}
            options={options}
            isAdmin={isAdmin}
            canSave={can.create}
            listHref={listHref}
          />
        )}
      </PageFrame>
    );
  }
  if (page.mode === 'view') {
    const id = ctx.params.id ?? '';
    const row = await fetchResourceOne(apiPath(service, res, id), res.schemas.detail, pathname);
    return (
      <PageFrame route={ctx.route} title={rowLabel(res, row) || t('title')}>
        {res.form === 'week' ? (
          <TimeShopForm service={service} mode="edit" row={row} shops={options.shops ?? []} canSave={can.write} canDelete={can.delete} listHref={listHref} />
        ) : (
          <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
            <ResourceForm
              resource={page.resource}
              service={service}
              mode="edit"
              row={row}
              options={options}
              isAdmin={isAdmin}
              canSave={can.write}
              canDelete={can.delete}
              listHref={listHref}
            />
            {res.viewPanels?.includes('shopStatus') && <ShopExtras service={service} row={row} canWrite={can.write} returnTo={pathname} />}
          </div>
        )}
      </PageFrame>
    );
  }

  // The list; resources without their own Add / View routes edit above it (`?new=1`, `?edit={id}`).
  const query = parseListQuery(res, searchParams);
  const filterOptions: Record<string, Option[]> = {};
  for (const f of res.filters) if (f.optionsFrom) filterOptions[f.field] = options[f.optionsFrom] ?? [];
  const editId = res.routes.view ? undefined : first(searchParams.edit);
  const reordering = Boolean(res.handOrder) && first(searchParams.reorder) === '1' && canSort;
  const adding = !res.routes.add && first(searchParams.new) === '1' && can.create;
  const editRow = editId ? await fetchResourceOne(apiPath(service, res, editId), res.schemas.detail, pathname) : null;
  return (
    <PageFrame route={ctx.route} actions={<ListActions res={res} service={service} query={query} can={can} />}>
      {(adding || editRow) && (
        <section aria-label={adding ? t('newTitle') : editRow ? rowLabel(res, editRow) : ''} className="mb-6">
          <h2 className="mb-3 text-lg font-semibold text-fg">{adding ? t('newTitle') : editRow ? rowLabel(res, editRow) : ''}</h2>
          <ResourceForm
            key={editId ?? 'new'}
            resource={page.resource}
            service={service}
            mode={adding ? 'add' : 'edit'}
            row={editRow ?? res.defaults}
            options={options}
            isAdmin={isAdmin}
            canSave={adding ? can.create : can.write}
            canDelete={can.delete}
            listHref={listHref}
          />
        </section>
      )}
      {reordering && (
        <section aria-labelledby="reorder-title" className="mb-6">
          <Card>
            <h2 id="reorder-title" className="mb-3 text-lg font-semibold text-fg">
              {tr('handOrder.reorder')}
            </h2>
            <SortPanel res={res} service={service} pathname={pathname} canWrite={canSort} onSavedHref={listHref} />
          </Card>
        </section>
      )}
      <ResourceList res={res} service={service} pathname={pathname} query={query} can={can} filterOptions={filterOptions} isAdmin={isAdmin} />
    </PageFrame>
  );
}
