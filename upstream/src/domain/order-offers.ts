import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bikers, orderEvents, orders, type OrderEvent, type OrderStatus } from '../db/schema';

/**
 * Offers (docs/orders.md section 1). An order given to its biker by someone else — staff assigning it from the monitor
 * or the order (`biker_receive_order`), or changing its biker before the pickup (`biker_change`) — is *offered*: its
 * `offered_at` is set and the biker has the app's `acceptTimeoutSec` (Config/Biker) to accept it, by sending
 * `biker_receive_order` themselves from the biker app. A biker who takes an order themselves has accepted it; so has a
 * biker who moves it on (`biker_to_shop`). An offer not accepted in time goes back to waiting (domain/biker-rules.ts).
 */
type OrderRecord = typeof orders.$inferSelect;
interface OfferRequest {
  event: OrderEvent;
  by: 'app' | 'operator' | 'system';
  bikerId?: number;
}

/** The history note of an offer that went back to waiting. */
export const OFFER_LAPSED = 'Not accepted by the biker in time';

/**
 * The order's `offered_at` after an event: now when someone other than the biker app leaves it with a biker who has
 * yet to pick it up (`biker_receive_order`, the only status a biker is given an order in); null otherwise.
 */
export const offeredAtAfter = (request: OfferRequest, status: OrderStatus, now: Date): Date | null =>
  status === 'biker_receive_order' && request.by !== 'app' ? now : null;

/** The biker app accepting the order offered to that biker: `biker_receive_order` again, by the same biker. */
export const acceptsOffer = (order: OrderRecord, request: OfferRequest): order is OrderRecord & { bikerId: number } =>
  request.by === 'app' &&
  request.event === 'biker_receive_order' &&
  order.status === 'biker_receive_order' &&
  order.offeredAt !== null &&
  order.bikerId !== null &&
  request.bikerId === order.bikerId;

/**
 * The offered biker accepts (in the caller's transaction, the order locked): the acceptance is recorded as the
 * biker's own `biker_receive_order`; the status, the biker and the rollups stay as they are.
 */
export async function acceptOffer(tx: Tx, order: OrderRecord & { bikerId: number }, note: string, now: Date): Promise<void> {
  const [biker] = await tx.select({ name: bikers.name }).from(bikers).where(eq(bikers.id, order.bikerId)).limit(1);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    event: 'biker_receive_order',
    actorType: 'biker',
    actorId: order.bikerId,
    actorName: biker?.name ?? '',
    bikerId: order.bikerId,
    note,
    at: now,
  });
  await tx
    .update(orders)
    .set({ offeredAt: null, version: order.version + 1, updatedAt: now })
    .where(eq(orders.id, order.id));
}

/**
 * The status an order waits for a biker in, which an offer not accepted goes back to: food once the shop received it;
 * a parcel once made with cash, or paid.
 */
export function waitingStatusOf(order: Pick<OrderRecord, 'kind' | 'paymentMethod'>): OrderStatus {
  if (order.kind === 'food') return 'shop_receive_order';
  return order.paymentMethod === 'cash' ? 'member_create_order' : 'member_create_order_payment_success';
}
