import 'server-only';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Position } from '@contract/geo';
import { serviceAreaContract, type ServiceAreaItem } from '@contract/resources/service-area';
import { RESOURCES } from '@/lib/resources';
import { apiPath, pagePath } from '@/lib/resources/kit';
import { fetchData, listAnswerSchema } from '@/lib/resources/server';
import { NEW_AREA_ID } from '@/lib/resources/service-area';
import { fetchForPage } from '@/lib/server/page-fetch';
import { mapTiles } from '../map/tiles';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { buttonClasses } from '../ui/button';
import { AreaEditor, type OtherArea } from './area-editor';

/** The other areas drawn faintly under the one being edited (the app's first 100 with a boundary). */
async function otherAreas(service: string, except: string | null, returnTo: string): Promise<OtherArea[]> {
  const res = RESOURCES.serviceArea;
  const answer = await fetchForPage(apiPath(service, res), {
    schema: listAnswerSchema(serviceAreaContract.schemas.item),
    returnTo,
    query: { hasBoundary: 'true', pageSize: 100, sort: 'name', order: 'asc' },
  });
  return answer.data
    .filter((a) => a.id !== except && a.boundary)
    .map((a) => ({ id: a.id, name: a.name, ring: (a.boundary!.coordinates[0] ?? []) as Position[] }));
}

/**
 * `/Setting/ServiceArea/View/{id}`: an area's name, status and place, and its boundary drawn on a map (the other areas
 * of the app shown faintly); `View/new` adds one. Saving refuses an overlap ('This area is already in use') and an area
 * past the plan ('Service area limit reached') and keeps the drawing.
 */
export async function ServiceAreaViewScreen({ ctx, pathname }: ScreenProps) {
  const service = String(ctx.route.service);
  const res = RESOURCES.serviceArea;
  const id = ctx.params.id ?? '';
  const isNew = id === NEW_AREA_ID;
  const base = apiPath(service, res);
  const listHref = pagePath(service, res.routes.list);
  if (isNew && !canAt(ctx, base, 'create')) redirect(listHref);
  const [area, others, t] = await Promise.all([
    isNew ? Promise.resolve(null) : (fetchData(apiPath(service, res, id), serviceAreaContract.schemas.item, pathname) as Promise<ServiceAreaItem>),
    otherAreas(service, isNew ? null : id, pathname),
    getTranslations('serviceArea'),
  ]);
  const canSave = isNew || canAt(ctx, `${base}/${id}`, 'write');
  return (
    <PageFrame
      route={ctx.route}
      title={area ? area.name : t('newTitle')}
      actions={
        <Link href={listHref} className={buttonClasses({ variant: 'secondary' })}>
          {t('editor.back')}
        </Link>
      }
    >
      <AreaEditor
        key={area ? `${area.id}:${area.version}` : 'new'}
        service={service}
        apiBase={base}
        area={area}
        others={others}
        tiles={mapTiles()}
        canSave={canSave}
        listHref={listHref}
        viewHref={pagePath(service, res.routes.view ?? '/Setting/ServiceArea/View')}
      />
    </PageFrame>
  );
}
