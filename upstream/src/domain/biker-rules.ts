import { and, asc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, bikerConfigs, bikers, orderEvents, orders } from '../db/schema';
import type { AppDeps } from '../kit/env';
import type { BusEvent, EventScope } from '../realtime/bus';
import { presenceBusEvent } from './bikers';
import { lockOrder, orderBusEvent } from './order-changes';
import { OFFER_LAPSED, waitingStatusOf } from './order-offers';
import { rollupMoved } from './order-rollups';
import type { ServiceScope } from './scope';
import { trimDecimal } from './shops';

/**
 * The biker rules of `Config/Biker`, kept by the Platform API itself in the periodic sweep of the order deadlines
 * (`order-deadline-sweeper.ts`):
 * - an order offered to a biker (domain/order-offers.ts) and not accepted within `acceptTimeoutSec` goes back to
 *   waiting: recorded as a `biker_change` to no biker by the `system` actor, the status back to the one it waits for a
 *   biker in, the rollups moved, and the monitor told (`order.event`, `waiting` true);
 * - a biker online (any presence but offline) longer than `maxOnlineHours` since they came online is set offline, and
 *   the monitor told (`biker.presence`).
 */
export interface BikerRulesSweep {
  released: number[];
  offline: number[];
  /** The bus events, for the caller to publish after the commits. */
  publish: { scope: EventScope; event: BusEvent }[];
}

const systemScope = (app: { id: number; companyId: number; type: ServiceScope['appType'] }): ServiceScope => ({
  companyId: app.companyId,
  officeId: 0,
  userId: 0,
  role: 'admin',
  root: false,
  appId: app.id,
  areaId: null,
  appType: app.type,
});

/**
 * An offer not accepted by `due` goes back to waiting, in one transaction with the order locked; null when it moved on
 * meanwhile (accepted, picked up, given again, cancelled).
 */
export async function releaseOffer(db: Db, scope: ServiceScope, id: number, due: Date, now: Date): Promise<{ scope: EventScope; event: BusEvent } | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id);
    if (!order || order.status !== 'biker_receive_order' || order.offeredAt === null || order.offeredAt >= due) return null;
    const waiting = waitingStatusOf(order);
    await tx.insert(orderEvents).values({ orderId: id, event: 'biker_change', actorType: 'system', bikerId: null, note: OFFER_LAPSED, at: now });
    await tx
      .update(orders)
      .set({ status: waiting, bikerId: null, offeredAt: null, version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, id));
    await rollupMoved(tx, order, order.status, waiting);
    return orderBusEvent(order, 'biker_change', waiting, null, now);
  });
}

/** The app's bikers online since before `due`, set offline at once; answers their bus events. */
async function setOffline(db: Db, appId: number, due: Date, now: Date): Promise<{ id: number; publish: { scope: EventScope; event: BusEvent } }[]> {
  const rows = await db
    .update(bikers)
    .set({ presence: 'offline', onlineSince: null, version: sql`${bikers.version} + 1`, updatedAt: now })
    .where(and(eq(bikers.appId, appId), ne(bikers.presence, 'offline'), isNull(bikers.deletedAt), lt(bikers.onlineSince, due)))
    .returning({ id: bikers.id, companyId: bikers.companyId, appId: bikers.appId, areaId: bikers.areaId, lat: bikers.lat, lng: bikers.lng });
  return rows.map((r) => ({
    id: r.id,
    publish: presenceBusEvent(
      r,
      {
        id: String(r.id),
        presence: 'offline',
        lat: r.lat === null ? null : trimDecimal(r.lat),
        lng: r.lng === null ? null : trimDecimal(r.lng),
        areaId: String(r.areaId),
      },
      now,
    ),
  }));
}

/** One pass over every app: at most `limit` lapsed offers per app, oldest first, and every biker online too long. */
export async function sweepBikerRules(db: Db, now: Date, limit = 200): Promise<BikerRulesSweep> {
  const sweep: BikerRulesSweep = { released: [], offline: [], publish: [] };
  const [appRows, configRows] = await Promise.all([
    db.select({ id: apps.id, companyId: apps.companyId, type: apps.appType }).from(apps),
    db.select({ appId: bikerConfigs.appId, acceptTimeoutSec: bikerConfigs.acceptTimeoutSec, maxOnlineHours: bikerConfigs.maxOnlineHours }).from(bikerConfigs),
  ]);
  const configs = new Map(configRows.map((c) => [c.appId, c]));
  for (const app of appRows) {
    // An app whose Config/Biker was never saved follows the columns' defaults (what the screen shows).
    const config = configs.get(app.id) ?? {
      acceptTimeoutSec: Number(bikerConfigs.acceptTimeoutSec.default),
      maxOnlineHours: Number(bikerConfigs.maxOnlineHours.default),
    };
    const offerDue = new Date(now.getTime() - config.acceptTimeoutSec * 1000);
    const lapsed = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.appId, app.id), lt(orders.offeredAt, offerDue), eq(orders.status, 'biker_receive_order')))
      .orderBy(asc(orders.offeredAt), asc(orders.id))
      .limit(limit);
    for (const { id } of lapsed) {
      const publish = await releaseOffer(db, systemScope(app), id, offerDue, now);
      if (!publish) continue;
      sweep.released.push(id);
      sweep.publish.push(publish);
    }
    for (const biker of await setOffline(db, app.id, new Date(now.getTime() - config.maxOnlineHours * 3_600_000), now)) {
      sweep.offline.push(biker.id);
      sweep.publish.push(biker.publish);
    }
  }
  return sweep;
}

/** A pass of the sweeper: the rules kept, their events published after the commits; a failed pass is logged. */
export async function keepBikerRules(deps: Pick<AppDeps, 'db' | 'now' | 'bus' | 'log'>): Promise<BikerRulesSweep | null> {
  try {
    const sweep = await sweepBikerRules(deps.db, deps.now());
    for (const { scope, event } of sweep.publish) deps.bus.publish(scope, event);
    if (sweep.released.length) deps.log(`[api] biker rules: ${sweep.released.length} offer(s) back to waiting`);
    if (sweep.offline.length) deps.log(`[api] biker rules: ${sweep.offline.length} biker(s) set offline`);
    return sweep;
  } catch (error) {
    deps.log(`[api] biker rules: pass failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
