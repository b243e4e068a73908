import 'server-only';
import type { ResourceModule } from '@/lib/resources/kit';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchOptions, fetchResourceOne, optionSourcesOf } from '@/lib/resources/server';
import type { RouteDef } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { ResourceForm } from './resource-form';
import { SettingHistory } from './setting-history';
import { RESOURCES } from '@/lib/resources';
import { firstParam, permissionsFor, serviceOfPage } from './access';
import { ConfigAreaPicker } from './config-area-picker';
import type { KitScreenProps } from './resource-page';

/** A settings page (Config/…): one record per app, or per area too (`perArea`: `?areaId=`), saved with its version. */
export async function ConfigPage({
  route,
  res,
  service,
  pathname,
  canSave,
  areaId = '',
}: {
  route: RouteDef;
  res: ResourceModule;
  service: string;
  pathname: string;
  canSave: boolean;
  /** A per-area settings record's area (`?areaId=`); '' for all areas. */
  areaId?: string;
}) {
  const query = res.perArea && areaId ? { areaId } : undefined;
  const sources = optionSourcesOf(res);
  const [row, options] = await Promise.all([
    fetchResourceOne(apiPath(service, res), res.schemas.detail, pathname, query),
    fetchOptions(service, res.perArea ? [...new Set([...sources, 'areas' as const])] : sources, pathname),
  ]);
  return (
    <PageFrame route={route}>
      {res.perArea && <ConfigAreaPicker namespace={res.namespace} areas={options.areas ?? []} areaId={query?.areaId ?? ''} follows={row.version === 0} />}
      <ResourceForm
        key={`${query?.areaId ?? ''}:${String(row.version)}`}
        query={query ? `?${new URLSearchParams(query).toString()}` : ''}
        resource={res.key}
        service={service}
        mode="config"
        row={row}
        options={options}
        isAdmin
        canSave={canSave}
        listHref={pagePath(service, res.routes.list)}
      />
      {res.viewPanels?.includes('settingHistory') && <SettingHistory res={res} path={apiPath(service, res)} pathname={pathname} />}
    </PageFrame>
  );
}

/** The kit's settings route. */
export function ResourceConfigScreen({ page, ctx, pathname, searchParams }: KitScreenProps) {
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  const areaId = /^[1-9]\d{0,9}$/.test(firstParam(searchParams.areaId) ?? '') ? firstParam(searchParams.areaId)! : '';
  return <ConfigPage route={ctx.route} res={res} service={service} pathname={pathname} canSave={permissionsFor(ctx, service, res).write} areaId={areaId} />;
}
