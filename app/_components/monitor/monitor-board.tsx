'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { areasOf, filterBikers, filterFromParams, filterToQuery, filterWaiting, NO_FILTER, presenceCounts, type BikerFilter } from '@/lib/monitor/board';
import { PRESENCES, type MonitorData } from '@/lib/monitor/schema';
import { MapView } from '../map/map-view';
import type { MapTiles } from '../map/types';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { statusDef } from '@/lib/status';
import { AssignDialog, type AssignTarget } from './assign-dialog';
import { BikerTable } from './biker-table';
import { BoardFilters } from './board-filters';
import { LiveStatusBadge } from './live-status';
import { bikerMarkerId, monitorMarkers, orderMarkerId } from './markers';
import { useMonitorLive } from './use-monitor-live';
import { WaitingList } from './waiting-list';
import type { CompanyDistanceUnit } from '@contract/distance-units';

export interface MonitorBoardProps {
  service: string;
  initial: MonitorData;
  canAssign: boolean;
  tiles: MapTiles | null;
  /** This page's path: where signing in again comes back to. */
  returnTo: string;
  /** The company's distance unit (System settings): the waiting orders' distances are shown in it. */
  distanceUnit: CompanyDistanceUnit;
}

const idAfter = (prefix: string, id: string | null) => (id?.startsWith(prefix) ? id.slice(prefix.length) : null);

/** Task Monitoring: live status, presence counts, filters, the map, waiting orders and the bikers, kept current by the relay. */
export function MonitorBoard({ service, initial, canAssign, tiles, returnTo, distanceUnit }: MonitorBoardProps) {
  const t = useTranslations('monitor');
  const status = useTranslations('status');
  const { state, status: live, ended, refresh } = useMonitorLive(service, initial);
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // The filters live in the URL, so a reload or a bookmark shows the same board. The URL is rewritten in place
  // (history.replaceState): filtering happens here, and the page is not rendered again on the server for it.
  const [filter, setFilter] = useState<BikerFilter>(() => filterFromParams(searchParams));
  useEffect(() => {
    const query = filterToQuery(filter);
    if (query !== filterToQuery(filterFromParams(new URLSearchParams(window.location.search))))
      window.history.replaceState(null, '', query ? `${pathname}?${query}` : pathname);
  }, [filter, pathname]);
  const [selected, setSelected] = useState<string | null>(null);
  const [target, setTarget] = useState<AssignTarget | null>(null);

  const areas = useMemo(() => areasOf(state.bikers, state.waiting), [state]);
  const bikers = useMemo(() => filterBikers(state.bikers, filter), [state.bikers, filter]);
  const waiting = useMemo(() => filterWaiting(state.waiting, filter), [state.waiting, filter]);
  const counts = presenceCounts(filterBikers(state.bikers, { ...NO_FILTER, areaId: filter.areaId }));
  const presenceLabel = useCallback((p: string) => status(`presence.${statusDef('presence', p)?.key ?? 'offline'}`), [status]);

  const markers = useMemo(
    () =>
      monitorMarkers(
        { bikers, waiting },
        {
          biker: (b) => ({
            label: t('marker.biker', { name: b.name, presence: presenceLabel(b.presence) }),
            popup: [b.name, presenceLabel(b.presence), ...b.tasks.map((task) => task.orderNo)].join('\n'),
          }),
          order: (o) => ({
            label: t('marker.order', { orderNo: o.orderNo }),
            popup: [o.orderNo, o.shopName || o.senderName, o.areaName].filter(Boolean).join('\n'),
          }),
        },
      ),
    [bikers, waiting, presenceLabel, t],
  );
  const selectMarker = useCallback((id: string) => setSelected(id), []);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ul aria-label={t('counts')} className="flex flex-wrap gap-2">
          {PRESENCES.map((p) => (
            <li key={p} data-presence={p}>
              <Badge tone={statusDef('presence', p)?.tone}>{t('countOf', { label: presenceLabel(p), count: counts[p] })}</Badge>
            </li>
          ))}
        </ul>
        <LiveStatusBadge status={live} />
      </div>

      {ended && (
        <Alert tone="warning" title={t(`ended.${ended === 'signed-out' ? 'signedOutTitle' : 'forbiddenTitle'}`)}>
          <p>{t(`ended.${ended === 'signed-out' ? 'signedOutBody' : 'forbiddenBody'}`)}</p>
          {ended === 'signed-out' && (
            <a className={`${buttonClasses({ size: 'sm', variant: 'secondary' })} mt-2`} href={`/auth/login?to=${encodeURIComponent(returnTo)}`}>
              {t('ended.signIn')}
            </a>
          )}
        </Alert>
      )}

      <BoardFilters filter={filter} onFilter={setFilter} areas={areas} />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={t('map.title')} className="lg:col-span-2">
          <MapView
            markers={markers}
            tiles={tiles}
            label={t('map.label')}
            selectedId={selected}
            onSelect={selectMarker}
            fitKey={filter.areaId}
            className="h-[26rem]"
          />
          <p className="mt-2 text-xs text-fg-muted">{t('map.legend')}</p>
        </Card>
        <WaitingList
          orders={waiting}
          distanceUnit={distanceUnit}
          canAssign={canAssign}
          selectedId={idAfter('order:', selected)}
          onSelect={(o) => setSelected(orderMarkerId(o.id))}
          onAssign={(o) => setTarget({ orderId: o.id, orderNo: o.orderNo, areaId: o.areaId, currentBikerId: null })}
        />
      </div>

      <BikerTable
        rows={bikers}
        total={state.bikers.length}
        canAssign={canAssign}
        selectedId={idAfter('biker:', selected)}
        onSelect={(b) => setSelected(bikerMarkerId(b.id))}
        onReassign={(b, task) => setTarget({ orderId: task.id, orderNo: task.orderNo, areaId: b.areaId, currentBikerId: b.id })}
      />

      {canAssign && <AssignDialog service={service} target={target} bikers={state.bikers} onClose={() => setTarget(null)} onAssigned={() => void refresh()} />}
    </div>
  );
}
