import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { MonitorBoard, MonitorOrder } from '@contract/resources/monitor';
import type { Db } from '../db/client';
import { areas, bikers, members, orders, shops, type BikerPresence } from '../db/schema';
import { parseId } from '../kit/schemas';
import { bikerWhere, selectBikers, toBikerItem } from './bikers';
import { ASSIGNED_STATUSES, monitorFlags, ORDER_KINDS, waitingStatuses } from './order-lifecycle';
import { orderScope } from './order-filters';
import type { ServiceScope } from './scope';
import { trimDecimal } from './shops';

/**
 * The task monitor (docs/orders.md section 4, `Monitor/Biker`): bikers with their current tasks, and orders waiting for
 * one, in the contract's shape (`@contract/resources/monitor`); each order carries the flags the lifecycle gives it.
 */
export interface MonitorQuery {
  areaId?: string;
  presence?: BikerPresence;
}

export const WAITING_LIMIT = 100;
const MAX_BIKERS = 1000;
const o = orders;
const selectMonitorOrders = (db: Db) =>
  db
    .select({
      id: o.id,
      orderNo: o.orderNo,
      kind: o.kind,
      status: o.status,
      areaId: o.areaId,
      areaName: areas.name,
      shopName: shops.name,
      memberName: members.name,
      senderName: o.senderName,
      total: o.total,
      bikerId: o.bikerId,
      createdAt: o.createdAt,
      pickupAddress: o.pickupAddress,
      pickupLat: o.pickupLat,
      pickupLng: o.pickupLng,
      dropoffAddress: o.dropoffAddress,
      dropoffLat: o.dropoffLat,
      dropoffLng: o.dropoffLng,
      distanceM: o.distanceM,
      offeredAt: o.offeredAt,
    })
    .from(o)
    .leftJoin(areas, eq(areas.id, o.areaId))
    .leftJoin(shops, eq(shops.id, o.shopId))
    .leftJoin(members, eq(members.id, o.memberId));
type Row = Awaited<ReturnType<typeof selectMonitorOrders>>[number];

const toMonitorOrder = (r: Row): MonitorOrder => ({
  id: String(r.id),
  orderNo: r.orderNo,
  kind: r.kind,
  status: r.status,
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  shopName: r.shopName,
  memberName: r.memberName ?? '',
  senderName: r.senderName,
  total: r.total,
  bikerId: r.bikerId === null ? null : String(r.bikerId),
  createdAt: r.createdAt.toISOString(),
  pickup: { address: r.pickupAddress, lat: trimDecimal(r.pickupLat), lng: trimDecimal(r.pickupLng) },
  dropoff: { address: r.dropoffAddress, lat: trimDecimal(r.dropoffLat), lng: trimDecimal(r.dropoffLng) },
  distanceM: r.distanceM,
  offeredAt: r.offeredAt?.toISOString() ?? null,
  ...monitorFlags(r.kind, r.status, r.bikerId),
});

export async function monitorBoard(db: Db, scope: ServiceScope, query: MonitorQuery): Promise<MonitorBoard> {
  const area = query.areaId === undefined ? undefined : eq(o.areaId, parseId(query.areaId) ?? -1);
  // One index walk per (kind, waiting status), newest first, merged here: each stops after the limit.
  const pairs = ORDER_KINDS.flatMap((kind) => waitingStatuses(kind).map((status) => ({ kind, status })));
  const [bikerRows, ...waitingLists] = await Promise.all([
    selectBikers(db).where(bikerWhere(scope, query)).orderBy(asc(bikers.name), asc(bikers.id)).limit(MAX_BIKERS),
    ...pairs.map(({ kind, status }) =>
      selectMonitorOrders(db)
        .where(and(orderScope(scope, kind), area, eq(o.status, status), isNull(o.bikerId)))
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(WAITING_LIMIT),
    ),
  ]);
  const waiting = waitingLists
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, WAITING_LIMIT);
  const ids = bikerRows.map((b) => b.id);
  const tasks = ids.length
    ? await selectMonitorOrders(db)
        .where(and(orderScope(scope), inArray(o.bikerId, ids), inArray(o.status, [...ASSIGNED_STATUSES])))
        .orderBy(asc(o.createdAt), asc(o.id))
    : [];
  const byBiker = new Map<string, MonitorOrder[]>();
  for (const task of tasks.map(toMonitorOrder)) byBiker.set(task.bikerId!, [...(byBiker.get(task.bikerId!) ?? []), task]);
  return {
    bikers: bikerRows.map(toBikerItem).map((biker) => {
      const mine = byBiker.get(biker.id) ?? [];
      return { ...biker, assigned: mine.length > 0, tasks: mine };
    }),
    waiting: waiting.map(toMonitorOrder),
  };
}
