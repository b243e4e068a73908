import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, orderEvents, orderItems, orders, type OrderKind, type PaymentMethod } from '../db/schema';
import { CODES } from '@contract/codes';
import { ApiError, invalid, MESSAGES, type FieldErrors } from '../kit/errors';
import { splitOrder } from './ledger';
import { placementRates } from './commission';
import { shopPackageExpired } from './package-expiry';
import { orderBusEvent, type OrderChange } from './order-changes';
import { zoneForRollups } from './company-time';
import { createEventFor, orderNumber } from './order-lifecycle';
import { rollupCreated } from './order-rollups';
import type { ServiceScope } from './scope';
import { orderMinimumOf } from './settings';
import { applyVoucher, recordVoucherUse, type AppliedVoucher } from './vouchers';
import { deliveryPointProblem } from './areas';
import { resolveItems, takeStock, type OrderItemInput, type OrderLine } from './catalogue-orders';
import { checkPaymentMethod } from './payment-methods';
import { orderParties } from './order-parties';
import { priceOrder, type FieldParams } from './pricing';

/** A new order as the member app places it (docs/orders.md section 4, `POST …/{list}`). */
export interface Place {
  address?: string;
  lat: string;
  lng: string;
}
export interface OrderInput {
  memberId: string;
  shopId?: string;
  /** Free items (`name`, `price`) or catalogue ones (`foodId` with `options`, `sku`): domain/catalogue-orders.ts. */
  items?: OrderItemInput[];
  /** Ignored: the Platform API prices the delivery itself (domain/pricing). Accepted for apps that still send it. */
  deliveryFee?: number;
  /** A Marketplace order: the carrier the member chose, whose weight table prices the shipping. */
  carrierId?: string;
  discount?: number;
  /** A voucher code (upper case): its discount replaces `discount`, which may not come with it. */
  voucherCode?: string;
  paymentMethod: PaymentMethod;
  pickup?: Place;
  dropoff: Place;
  note?: string;
  senderName?: string;
  senderPhone?: string;
  receiverName?: string;
  receiverPhone?: string;
  weightGram?: number;
}

const MAX_INT = 2_147_483_647;

/** What an order item keeps of its line (a variant's weight priced the shipping; the order keeps the total). */
const storedLine = ({ name, qty, price, foodId, productId, sku }: OrderLine) => ({ name, qty, price, foodId, productId, sku });

/** The 400 of an order, with what its messages name (`data.params`: the minimum order, a table's limit). */
const refusal = (errors: FieldErrors, params: FieldParams) =>
  Object.keys(params).length ? new ApiError(400, MESSAGES.validation, errors, { params }) : invalid(errors);

/** The order's delivery priced by its area's tables: from the shop (a parcel: its pickup) to the drop-off. */
function priceDelivery(
  db: Db,
  scope: ServiceScope,
  kind: OrderKind,
  input: OrderInput,
  order: { areaId: number; shop: Place | null; lines: OrderLine[] },
  errors: FieldErrors,
  params: FieldParams,
) {
  const from = kind === 'parcel' ? (input.pickup ?? null) : order.shop;
  const point = (place: Place) => ({ lat: Number(place.lat), lng: Number(place.lng) });
  return priceOrder(
    db,
    scope,
    {
      kind,
      areaId: order.areaId,
      from: from && point(from),
      to: point(input.dropoff),
      weightGram: input.weightGram,
      carrierId: input.carrierId,
      lines: order.lines,
    },
    errors,
    params,
  );
}

/**
 * Creates an order: `member_create_order` for cash, else `member_create_order_waiting_payment`, by the member. The
 * discount may not exceed what the app keeps at its current rates (the platform carries it), so no split goes
 * below zero; the order keeps those rates for its split at success. A voucher's discount (`voucherCode`) is the
 * order's discount instead, paid by the voucher's source (domain/vouchers.ts).
 */
export async function createOrder(db: Db, scope: ServiceScope, kind: OrderKind, input: OrderInput, now: Date): Promise<OrderChange> {
  const errors: FieldErrors = {};
  const params: FieldParams = {};
  // The app's settings (Config/App): no new orders in maintenance, none below the minimum order.
  const minimum = await orderMinimumOf(db, scope.appId, kind);
  // The shop must be active, public and open now (domain/shop-open.ts).
  const { member, shop } = await orderParties(db, scope, kind, input, errors, now);
  await checkPaymentMethod(db, scope.appId, member?.areaId, input.paymentMethod, errors);
  if (await shopPackageExpired(db, shop?.id)) errors.shopId = [CODES.packageExpired];
  // The delivery point must be in an open service area of the app, once the app's areas have boundaries.
  const outside = await deliveryPointProblem(db, scope, Number(input.dropoff.lat), Number(input.dropoff.lng));
  if (outside) errors.dropoff = [outside];
  // Catalogue items take their name and price from the shop's food and products, not from the app.
  const lines =
    kind === 'parcel' ? [] : await resolveItems(db, shop && { id: shop.id, companyId: scope.companyId, appId: scope.appId }, input.items ?? [], errors);
  const itemsTotal = lines.reduce((sum, item) => sum + item.qty * item.price, 0);
  const discount = input.discount ?? 0;
  if (itemsTotal > MAX_INT) errors.items = ['outOfRange'];
  else if (itemsTotal < minimum && !errors.items) {
    errors.items = [CODES.belowMinimumOrder];
    params.items = { limit: minimum };
  }
  // The delivery fee from the area's tables, never the app's (domain/pricing).
  const priced = member ? await priceDelivery(db, scope, kind, input, { areaId: member.areaId, shop, lines }, errors, params) : null;
  const deliveryFee = priced?.deliveryFee ?? 0;
  const rates = await placementRates(db, scope.appId, member?.areaId);
  const shares = splitOrder(itemsTotal, deliveryFee, discount, rates);
  if (shares.app < 0 || itemsTotal + deliveryFee > MAX_INT) errors.discount = ['outOfRange'];
  if (input.voucherCode !== undefined && input.discount !== undefined) errors.discount = ['overlap'];
  if (Object.keys(errors).length || !member || !priced) throw refusal(errors, params);

  const pickup = input.pickup ?? { address: shop?.name ?? '', lat: shop?.lat ?? '0', lng: shop?.lng ?? '0' };
  const event = createEventFor(input.paymentMethod);
  return db.transaction(async (tx) => {
    // The variants' stock under their products' row locks: short of stock, the order is refused and nothing is written.
    await takeStock(tx, lines);
    // The voucher first: its row lock holds until the order and its use are written, so its last use goes to one order.
    const voucher: AppliedVoucher | null =
      input.voucherCode === undefined
        ? null
        : await applyVoucher(
            tx,
            scope,
            input.voucherCode,
            {
              memberId: member.id,
              areaId: member.areaId,
              shopId: shop?.id ?? null,
              itemsTotal,
              itemCount: lines.reduce((sum, item) => sum + item.qty, 0),
              deliveryFee,
              rates,
            },
            now,
          );
    const orderDiscount = voucher ? voucher.discount : discount;
    // The company's zone gives the number its day (and the rollups theirs), under the company's time lock.
    const timeZone = await zoneForRollups(tx, scope.companyId);
    const next = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::text AS id`)) as unknown as { rows: { id: string }[] };
    const id = Number(next.rows[0]!.id);
    const [order] = await tx
      .insert(orders)
      .overridingSystemValue()
      .values({
        id,
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: member.areaId,
        kind,
        orderNo: orderNumber(kind, now, id, timeZone),
        memberId: member.id,
        shopId: shop?.id ?? null,
        status: event,
        paymentMethod: input.paymentMethod,
        shopCommission: rates.shopCommission,
        bikerCommission: rates.bikerCommission,
        itemsTotal,
        deliveryFee,
        discount: orderDiscount,
        discountSource: voucher ? voucher.source : 'app',
        total: itemsTotal + deliveryFee - orderDiscount,
        pickupAddress: pickup.address ?? '',
        pickupLat: pickup.lat,
        pickupLng: pickup.lng,
        dropoffAddress: input.dropoff.address ?? '',
        dropoffLat: input.dropoff.lat,
        dropoffLng: input.dropoff.lng,
        senderName: input.senderName ?? null,
        senderPhone: input.senderPhone ?? null,
        receiverName: input.receiverName ?? null,
        receiverPhone: input.receiverPhone ?? null,
        weightGram: priced.weightGram,
        distanceM: priced.distanceM,
        estimateMinutes: priced.estimateMinutes,
        carrierId: priced.carrierId,
        note: input.note ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (voucher) await recordVoucherUse(tx, scope, voucher, { id, areaId: member.areaId, memberId: member.id, shopId: shop?.id ?? null }, now);
    if (lines.length) await tx.insert(orderItems).values(lines.map((item) => ({ orderId: id, ...storedLine(item) })));
    const [who] = await tx.select({ name: members.name }).from(members).where(eq(members.id, member.id));
    await tx.insert(orderEvents).values({ orderId: id, event, actorType: 'member', actorId: member.id, actorName: who?.name ?? '', at: now });
    await rollupCreated(tx, order!, event);
    return { orderId: id, publish: orderBusEvent({ ...order!, bikerId: null }, event, event, null, now) };
  });
}
