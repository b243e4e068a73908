import 'server-only';
import type { ResourceModule } from '@/lib/resources/kit';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchOptions, fetchResourceOne, optionSourcesOf } from '@/lib/resources/server';
import type { RouteDef } from '@/lib/routes';
import { PageFrame } from '../shell/page-frame';
import { ResourceForm } from './resource-form';
import { SettingHistory } from './setting-history';
import { RESOURCES } from '@/lib/resources';
import { permissionsFor, serviceOfPage } from './access';
import type { KitScreenProps } from './resource-page';

/** Config/Shop (admin): the app-wide settings, one record per app, saved with its version. */
export async function ConfigPage({
  route,
  res,
  service,
  pathname,
  canSave,
}: {
  route: RouteDef;
  res: ResourceModule;
  service: string;
  pathname: string;
  canSave: boolean;
}) {
  const [row, options] = await Promise.all([
    fetchResourceOne(apiPath(service, res), res.schemas.detail, pathname),
    fetchOptions(service, optionSourcesOf(res), pathname),
  ]);
  return (
    <PageFrame route={route}>
      <ResourceForm
        key={String(row.version)}
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
export function ResourceConfigScreen({ page, ctx, pathname }: KitScreenProps) {
  const service = serviceOfPage(ctx);
  const res = RESOURCES[page.resource];
  return <ConfigPage route={ctx.route} res={res} service={service} pathname={pathname} canSave={permissionsFor(ctx, service, res).write} />;
}
