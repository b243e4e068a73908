import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  bikerConfigs,
  bikers,
  members,
  orderEvents,
  orders,
  shops,
  users,
  type ActorType,
  type OrderEvent,
  type OrderKind,
  type OrderStatus,
  type PaymentStatus,
} from '../db/schema';
import { distanceKm } from '@contract/geo';
import { ApiError, MESSAGES, notFoundData } from '../kit/errors';
import type { BusEvent, EventScope } from '../realtime/bus';
import { findAvailableBiker } from './bikers';
import { applyOperation, splitOrder, type Shares } from './ledger';
import { grantOrderPoints } from './point-history';
import { ASSIGNED_STATUSES, isCancel, monitorFlags, outcomeOf, refundsWhenPaid, senderOf, statusAfter } from './order-lifecycle';
import { returnStock } from './catalogue-orders';
import { bikerCommissionOnTaking } from './commission';
import { assertBikerPackageLive } from './package-expiry';
import { payOperation, refundOperation, settleOperation } from './order-ledger';
import { acceptOffer, acceptsOffer, offeredAtAfter } from './order-offers';
import { rollupMoved, rollupSettled } from './order-rollups';
import type { ServiceScope } from './scope';

/**
 * Every change of an order is one database transaction: the order row locked, the transition checked, the event
 * recorded, the order updated, the ledger operation applied and the rollups moved. The caller publishes the answer's
 * bus event after the commit. On PostgreSQL the row lock makes concurrent changes of one order wait for each other;
 * PGlite (one connection) runs whole transactions one at a time. Either way the second of two cancels sees the first.
 */
export type OrderRecord = typeof orders.$inferSelect;
export interface Actor {
  type: ActorType;
  id: number | null;
  name: string;
}
export interface OrderChange {
  orderId: number;
  /** What to publish once committed; null when the order was left unchanged. */
  publish: { scope: EventScope; event: BusEvent } | null;
}
export interface EventRequest {
  /** `assign`: `biker_receive_order` when the order has no biker yet, else `biker_change`. */
  event: OrderEvent | 'assign';
  /**
   * `app`: as the member, shop or biker app sends it; `operator`: the signed-in admin or staff member; `system`: the
   * Platform API itself (an order past its deadline, `order-deadlines.ts`). A biker given an order by an operator is
   * offered it and accepts it from the app (`order-offers.ts`).
   */
  by: 'app' | 'operator' | 'system';
  bikerId?: number;
  note?: string;
  /** A cancel's reason, kept on the order. */
  reason?: string;
}

export const refused = () => new ApiError(409, MESSAGES.orderTransitionRefused);
export const bikerUnavailable = () => new ApiError(409, MESSAGES.bikerUnavailable);
/** The biker already carries as many orders as the app's `Config/Biker` allows at once. */
export const bikerBusy = (maxTasks: number) => new ApiError(409, MESSAGES.bikerBusy, undefined, { maxTasks });
/** The biker app took an order whose pickup lies beyond the app's search radius (`Config/Biker`) from the biker. */
export const bikerTooFar = (radiusKm: number) => new ApiError(409, MESSAGES.bikerTooFar, undefined, { radiusKm });

/** The order row in scope (and of the kind, when given), locked for the rest of the transaction. */
export async function lockOrder(tx: Tx, scope: ServiceScope, id: number, kind?: OrderKind): Promise<OrderRecord | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.companyId, scope.companyId),
        eq(orders.appId, scope.appId),
        scope.areaId === null ? undefined : eq(orders.areaId, scope.areaId),
        kind ? eq(orders.kind, kind) : undefined,
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

async function nameOf(tx: Tx, table: typeof members | typeof shops | typeof bikers, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id)).limit(1);
  return row?.name ?? '';
}

/** The operator (admin or staff member) as an actor, by their display name. */
export async function operatorOf(tx: Tx | Db, scope: ServiceScope): Promise<Actor> {
  const [row] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, scope.userId)).limit(1);
  return { type: scope.role, id: scope.userId, name: row?.name ?? '' };
}

async function actorOf(tx: Tx, scope: ServiceScope, order: OrderRecord, request: EventRequest & { event: OrderEvent }, bikerId: number | null): Promise<Actor> {
  if (request.by === 'system') return { type: 'system', id: null, name: '' };
  const sender = request.by === 'operator' ? 'operator' : senderOf(request.event);
  if (sender === 'member') return { type: 'member', id: order.memberId, name: await nameOf(tx, members, order.memberId) };
  if (sender === 'shop') return { type: 'shop', id: order.shopId, name: await nameOf(tx, shops, order.shopId) };
  if (sender === 'biker') return { type: 'biker', id: bikerId, name: await nameOf(tx, bikers, bikerId) };
  return operatorOf(tx, scope);
}

/**
 * How many orders the biker carries now (besides this one) against the app's limit of tasks at once
 * (`Config/Biker` maxTasks). The biker's row is locked first, so two assignments to one biker at the same moment
 * are counted one after the other.
 */
async function bikerRoom(tx: Tx, order: OrderRecord, bikerId: number): Promise<{ open: number; maxTasks: number; radiusKm: number; far: number | null }> {
  const [biker] = await tx.select({ lat: bikers.lat, lng: bikers.lng }).from(bikers).where(eq(bikers.id, bikerId)).for('update');
  const [config] = await tx
    .select({ maxTasks: bikerConfigs.maxTasks, radiusKm: bikerConfigs.searchRadiusKm })
    .from(bikerConfigs)
    .where(eq(bikerConfigs.appId, order.appId))
    .limit(1);
  const [carried] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.bikerId, bikerId), inArray(orders.status, [...ASSIGNED_STATUSES]), ne(orders.id, order.id)));
  // How far the pickup is from the biker's last position; null when the biker has not reported one.
  const far =
    biker?.lat != null && biker.lng != null
      ? distanceKm({ lat: Number(biker.lat), lng: Number(biker.lng) }, { lat: Number(order.pickupLat), lng: Number(order.pickupLng) })
      : null;
  return {
    open: Number(carried?.n ?? 0),
    // The columns' defaults: what Config/Biker shows before anyone saves it.
    maxTasks: config?.maxTasks ?? 1,
    radiusKm: config?.radiusKm ?? 5,
    far,
  };
}

/** The biker after a `biker_receive_order` or `biker_change`: active, of the order's app and area, not offline. */
async function nextBiker(tx: Tx, order: OrderRecord, request: EventRequest): Promise<number | null> {
  if (request.event !== 'biker_receive_order' && request.event !== 'biker_change') return order.bikerId;
  if (request.bikerId === undefined || request.bikerId === order.bikerId) throw bikerUnavailable();
  const biker = await findAvailableBiker(tx, order, request.bikerId);
  if (!biker) throw bikerUnavailable();
  await assertBikerPackageLive(tx, biker.id);
  const room = await bikerRoom(tx, order, biker.id);
  if (room.open >= room.maxTasks) throw bikerBusy(room.maxTasks);
  // The search radius binds the biker app taking an order; staff assigning from the monitor may send anyone.
  if (request.by === 'app' && room.far !== null && room.far > room.radiusKm) throw bikerTooFar(room.radiusKm);
  return biker.id;
}

/** The money of an event: pay, settle (with the split) or refund; answers the payment status and shares after it. */
async function moveMoney(tx: Tx, order: OrderRecord, event: OrderEvent, bikerId: number | null, now: Date) {
  let paymentStatus: PaymentStatus = order.paymentStatus;
  let shares: Shares | null = null;
  if (event === 'member_create_order_payment_success') {
    await applyOperation(tx, payOperation(order), now);
    paymentStatus = 'paid';
  } else if (event === 'success') {
    // With the rates frozen on the order: the shop's at its creation, the biker's when the biker took it.
    shares = splitOrder(
      order.itemsTotal,
      order.deliveryFee,
      order.discount,
      { shopCommission: order.shopCommission, bikerCommission: order.bikerCommission },
      order.discountSource,
    );
    await applyOperation(tx, settleOperation({ ...order, bikerId }, shares), now);
    paymentStatus = 'paid';
  } else if (refundsWhenPaid(event) && order.paymentStatus === 'paid') {
    await applyOperation(tx, refundOperation(order), now);
    paymentStatus = 'refunded';
  }
  return { paymentStatus, shares };
}

/** The bus event of an order change (docs/orders.md section 5), with the monitor's flags after it. */
export function orderBusEvent(
  order: OrderRecord,
  event: OrderEvent,
  status: OrderStatus,
  bikerId: number | null,
  at: Date,
): { scope: EventScope; event: BusEvent } {
  return {
    scope: { companyId: order.companyId, appId: order.appId, areaId: order.areaId },
    event: {
      type: 'order.event',
      orderId: String(order.id),
      orderNo: order.orderNo,
      kind: order.kind,
      event,
      status,
      bikerId: bikerId === null ? null : String(bikerId),
      previousBikerId: order.bikerId === null ? null : String(order.bikerId),
      areaId: String(order.areaId),
      at: at.toISOString(),
      ...monitorFlags(order.kind, status, bikerId),
    },
  };
}

/**
 * Applies one lifecycle event to an order in scope. Refused → 409 ORDER_TRANSITION_REFUSED and nothing changes;
 * an admin cancel sent again answers the order unchanged.
 */
export async function changeOrder(
  db: Db,
  scope: ServiceScope,
  id: number,
  kind: OrderKind | undefined,
  request: EventRequest,
  now: Date,
): Promise<OrderChange> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, scope, id, kind);
    if (!order) throw notFoundData();
    const event = request.event !== 'assign' ? request.event : order.bikerId === null ? 'biker_receive_order' : 'biker_change';
    return applyEvent(tx, scope, order, { ...request, event }, now);
  });
}

/** The event on the locked order: checked, recorded, the order updated, the money moved and the rollups bumped. */
async function applyEvent(tx: Tx, scope: ServiceScope, order: OrderRecord, request: EventRequest & { event: OrderEvent }, now: Date): Promise<OrderChange> {
  const id = order.id;
  // The biker accepting the order offered to them: recorded, the order otherwise as it was.
  if (acceptsOffer(order, request)) {
    // A package that expired while the offer waited: the biker takes no order (domain/package-expiry.ts).
    await assertBikerPackageLive(tx, order.bikerId);
    await acceptOffer(tx, order, request.note ?? '', now);
    return { orderId: id, publish: orderBusEvent(order, request.event, order.status, order.bikerId, now) };
  }
  const outcome = outcomeOf(order.kind, order.status, request.event);
  if (outcome === 'unchanged') return { orderId: id, publish: null };
  if (outcome === 'refused') throw refused();
  const bikerId = await nextBiker(tx, order, request);
  const actor = await actorOf(tx, scope, order, request, bikerId);
  const status = statusAfter(order.status, request.event);
  const { paymentStatus, shares } = await moveMoney(tx, order, request.event, bikerId, now);
  const bikerEvent = request.event === 'biker_receive_order' || request.event === 'biker_change';
  const note = request.reason ?? request.note ?? '';
  await tx.insert(orderEvents).values({
    orderId: id,
    event: request.event,
    actorType: actor.type,
    actorId: actor.id,
    actorName: actor.name,
    bikerId: bikerEvent ? bikerId : null,
    note,
    at: now,
  });
  await tx
    .update(orders)
    .set({
      status,
      bikerId,
      paymentStatus,
      offeredAt: offeredAtAfter(request, status, now),
      version: order.version + 1,
      updatedAt: now,
      // The biker's commission is frozen when a biker takes the order (domain/commission.ts).
      ...(bikerEvent && bikerId !== null ? { bikerCommission: await bikerCommissionOnTaking(tx, order, bikerId) } : {}),
      ...(shares ? { appShare: shares.app, shopShare: shares.shop, bikerShare: shares.biker } : {}),
      ...(refundsWhenPaid(request.event) && request.event !== 'fail' && note ? { cancelReason: note } : {}),
    })
    .where(eq(orders.id, id));
  await rollupMoved(tx, order, order.status, status, shares?.app ?? 0);
  // A cancelled order's variants get their stock back (a cancel is final, so once).
  if (isCancel(request.event)) await returnStock(tx, id);
  if (shares) await rollupSettled(tx, { ...order, bikerId }, shares);
  // The member's points for the order come with its money: once (keyed by the order), or not at all.
  if (request.event === 'success') await grantOrderPoints(tx, order, now);
  return { orderId: id, publish: orderBusEvent(order, request.event, status, bikerId, now) };
}
