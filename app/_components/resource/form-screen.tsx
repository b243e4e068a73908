import 'server-only';
import { getTranslations } from 'next-intl/server';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath, rowLabel } from '@/lib/resources/kit';
import { fetchOptions, fetchResourceOne, optionSourcesOf } from '@/lib/resources/server';
import { PageFrame } from '../shell/page-frame';
import { firstParam, permissionsFor, serviceOfPage } from './access';
import { ResourceForm } from './resource-form';
import { ResourceListScreen, type KitScreenProps } from './resource-page';
import { FeePreview } from './fee-preview';
import { TABLE_UNIT_OF } from '@contract/distance-units';
import { getDistanceUnit } from '@/lib/server/company-brand';
import { ShopExtras } from './shop-extras';
import { TimeShopForm } from './time-shop-form';
import { ResetPassword } from '../users/reset-password';
import { StaffAccess } from '../users/staff-access';
import { VoucherUses } from '../vouchers/voucher-uses';
import { AnnouncementPanel } from '../announcements/announcement-panel';

/**
 * The kit's form route: a resource's Add and View pages, and the form a list without them opens above its rows
 * (`?new=1`, `?edit={id}`).
 */
export async function ResourceFormScreen(props: KitScreenProps) {
  const { page, ctx, pathname, searchParams } = props;
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  const can = permissionsFor(ctx, service, res);
  const isAdmin = ctx.session.UserRole === 'admin';
  const listHref = pagePath(service, res.routes.list);
  const options = await fetchOptions(service, optionSourcesOf(res), pathname);
  const t = await getTranslations(res.namespace);
  // A distance table is typed and previewed in the company's unit (System settings); a new one starts in it.
  const unitField = res.bands?.measure === 'distance' ? res.bands.unitField : undefined;
  const companyUnit = unitField ? await getDistanceUnit() : undefined;
  const defaults = unitField && companyUnit ? { ...res.defaults, [unitField]: TABLE_UNIT_OF[companyUnit] } : res.defaults;

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
            row={defaults}
            options={options}
            isAdmin={isAdmin}
            canSave={can.create}
            canApprove={can.approve !== false}
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
            {res.viewPanels?.includes('shopStatus') && (
              <ShopExtras service={service} row={row} canWrite={can.write} canApprove={can.approve !== false} returnTo={pathname} />
            )}
            {res.viewPanels?.includes('feePreview') && res.bands && <FeePreview row={row} bands={res.bands} companyUnit={companyUnit} />}
            {res.viewPanels?.includes('announcementSend') && <AnnouncementPanel path={apiPath(service, res, id)} row={row} canWrite={can.write} />}
            {res.viewPanels?.includes('resetPassword') && (
              <ResetPassword path={`${apiPath(service, res, id)}/reset-password`} email={String(row.email ?? '')} canReset={can.write} />
            )}
          </div>
        )}
        {res.viewPanels?.includes('permissionMatrix') && <StaffAccess row={row} canWrite={can.write} returnTo={pathname} />}
        {res.viewPanels?.includes('voucherUses') && <VoucherUses ctx={ctx} service={service} id={id} pathname={pathname} searchParams={searchParams} />}
      </PageFrame>
    );
  }

  // A list whose resource has no Add / View routes of its own edits above its rows.
  const editId = res.routes.view ? undefined : firstParam(searchParams.edit);
  const adding = !res.routes.add && firstParam(searchParams.new) === '1' && can.create;
  const editRow = editId ? await fetchResourceOne(apiPath(service, res, editId), res.schemas.detail, pathname) : null;
  const title = adding ? t('newTitle') : editRow ? rowLabel(res, editRow) : '';
  const above =
    adding || editRow ? (
      <section aria-label={title} className="mb-6">
        <h2 className="mb-3 text-lg font-semibold text-fg">{title}</h2>
        <ResourceForm
          key={editId ?? 'new'}
          resource={page.resource}
          service={service}
          mode={adding ? 'add' : 'edit'}
          row={editRow ?? defaults}
          options={options}
          isAdmin={isAdmin}
          canSave={adding ? can.create : can.write}
          canDelete={can.delete}
          listHref={listHref}
        />
      </section>
    ) : undefined;
  return <ResourceListScreen {...props} above={above} />;
}
