import 'server-only';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/permissions';
import { monitorDataSchema } from '@/lib/monitor/schema';
import { fetchForPage } from '@/lib/server/page-fetch';
import { getDistanceUnit } from '@/lib/server/company-brand';
import { mapTiles } from '../map/tiles';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { MonitorBoard } from './monitor-board';

/**
 * `/Service/{service}/Monitor/Biker` (Task Monitoring): the first data is read on the server (the catch-all route has
 * already checked the session and the read flag), then the board stays live through `/api/live/{service}`. Assigning
 * needs the write flag of the same permission; without it the action is not offered.
 */
export async function MonitorScreen({ ctx, pathname }: ScreenProps) {
  const t = await getTranslations('monitor');
  const service = ctx.route.service;
  if (!service || service === 'Admin') throw new Error(`Task Monitoring is a service screen: ${ctx.route.pattern}`);
  const initial = await fetchForPage(`/api/admin/${service}/Monitor/Biker`, { schema: monitorDataSchema, returnTo: pathname });
  const canAssign = can(ctx.permissions, service, ctx.route.permission, 'write');
  const distanceUnit = await getDistanceUnit();
  return (
    <PageFrame route={ctx.route} description={t('description')}>
      <MonitorBoard service={service} initial={initial} canAssign={canAssign} tiles={mapTiles()} returnTo={pathname} distanceUnit={distanceUnit} />
    </PageFrame>
  );
}
