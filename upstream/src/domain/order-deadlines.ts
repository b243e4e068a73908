import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, orders, type OrderStatus } from '../db/schema';
import type { BusEvent, EventScope } from '../realtime/bus';
import { changeOrder } from './order-changes';
import { appSettingsOf } from './settings';
import type { ServiceScope } from './scope';

/**
 * The order deadlines of `Config/App` (Orders group), kept by the Platform API itself:
 * - an order still waiting for its payment `paymentWaitHours` after it was made is cancelled (nothing was paid, so no
 *   money moves);
 * - a food order the shop has not accepted `acceptTimeoutSeconds` after it became ready for the shop (made with cash,
 *   or paid) is cancelled, and a paid one refunded in the same transaction (the cancel's ledger operation is keyed by
 *   the order, so it happens once).
 * Each cancel is an `admin_cancel_order` by the `system` actor with its reason, through the same change as any cancel:
 * locked, checked against the lifecycle (an order the shop accepted meanwhile is left alone), recorded, rolled up.
 */
export const DEADLINE_REASONS = {
  payment: 'Payment not received in time',
  acceptance: 'Not accepted by the shop in time',
} as const;

const WAITING_PAYMENT: OrderStatus[] = ['member_create_order_waiting_payment'];
const WAITING_SHOP: OrderStatus[] = ['member_create_order', 'member_create_order_payment_success'];

export interface DeadlineSweep {
  cancelled: { orderId: number; reason: keyof typeof DEADLINE_REASONS }[];
  /** The bus events of the cancels, for the caller to publish after the commits. */
  publish: { scope: EventScope; event: BusEvent }[];
}

/** One pass over every app: at most `limit` orders per app and deadline, oldest first. */
export async function sweepOrderDeadlines(db: Db, now: Date, limit = 200): Promise<DeadlineSweep> {
  const sweep: DeadlineSweep = { cancelled: [], publish: [] };
  const appRows = await db.select({ id: apps.id, companyId: apps.companyId, type: apps.appType }).from(apps);
  for (const app of appRows) {
    const settings = await appSettingsOf(db, app.id);
    const scope: ServiceScope = {
      companyId: app.companyId,
      officeId: 0,
      userId: 0,
      role: 'admin',
      root: false,
      appId: app.id,
      areaId: null,
      appType: app.type,
    };
    const paymentDue = new Date(now.getTime() - settings.paymentWaitHours * 3_600_000);
    const acceptDue = new Date(now.getTime() - settings.acceptTimeoutSeconds * 1000);
    const late = [
      ...(await due(db, app.id, ['food', 'parcel'], WAITING_PAYMENT, paymentDue, limit)).map((id) => ({ id, reason: 'payment' as const })),
      // An order made before the deadline may have been paid after it: the time it became ready is its last change.
      ...(await due(db, app.id, ['food'], WAITING_SHOP, acceptDue, limit)).map((id) => ({ id, reason: 'acceptance' as const })),
    ];
    for (const { id, reason } of late) {
      try {
        const change = await changeOrder(db, scope, id, undefined, { event: 'admin_cancel_order', by: 'system', reason: DEADLINE_REASONS[reason] }, now);
        if (change.publish) sweep.publish.push(change.publish);
        sweep.cancelled.push({ orderId: id, reason });
      } catch {
        // Moved on meanwhile (accepted, paid, cancelled by someone): the lifecycle refused the cancel; nothing changed.
      }
    }
  }
  return sweep;
}

async function due(db: Db, appId: number, kinds: ('food' | 'parcel')[], statuses: OrderStatus[], before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.appId, appId),
        inArray(orders.kind, kinds),
        inArray(orders.status, statuses),
        // created_at ≤ updated_at: the index (app, kind, status, created) narrows, the last change decides.
        lt(orders.createdAt, before),
        lt(orders.updatedAt, before),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
