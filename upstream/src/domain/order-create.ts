import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, messengerFees, orderEvents, orderItems, orders, shops, type OrderKind, type PaymentMethod } from '../db/schema';
import { CODES } from '@contract/codes';
import { bandFor } from '@contract/fee-bands';
import { WEIGHT_BAND_KEYS } from '@contract/resources/messenger-fee';
import type { FieldErrors } from '../kit/errors';
import { parseId } from '../kit/schemas';
import { splitOrder } from './ledger';
import { placementRates } from './commission';
import { shopPackageExpired } from './package-expiry';
import { orderBusEvent, type OrderChange } from './order-changes';
import { zoneForRollups } from './company-time';
import { createEventFor, orderNumber } from './order-lifecycle';
import { rollupCreated } from './order-rollups';
import type { ServiceScope } from './scope';
import { orderInvalid, orderMinimumOf } from './settings';
import { applyVoucher, recordVoucherUse, type AppliedVoucher } from './vouchers';
import { deliveryPointProblem } from './areas';
import { resolveItems, takeStock, type OrderItemInput } from './catalogue-orders';
import { checkPaymentMethod } from './payment-methods';

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
  deliveryFee: number;
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
const ref = (value: string | undefined) => parseId(value) ?? -1;

/** The member (live, active, in the caller's scope) and, for food, the shop of the member's app and area. */
async function partiesOf(db: Db, scope: ServiceScope, kind: OrderKind, input: OrderInput, errors: FieldErrors) {
  const [member] = await db
    .select({ id: members.id, areaId: members.areaId })
    .from(members)
    .where(
      and(
        eq(members.id, ref(input.memberId)),
        eq(members.companyId, scope.companyId),
        eq(members.appId, scope.appId),
        isNull(members.deletedAt),
        eq(members.status, 'active'),
        scope.areaId === null ? undefined : eq(members.areaId, scope.areaId),
      ),
    )
    .limit(1);
  if (!member) errors.memberId = ['unknownReference'];
  if (kind === 'parcel') {
    if (input.shopId !== undefined) errors.shopId = ['unknownReference'];
    if (input.items?.length) errors.items = ['outOfRange'];
    for (const field of ['senderName', 'senderPhone', 'receiverName', 'receiverPhone', 'weightGram', 'pickup'] as const) {
      if (input[field] === undefined || input[field] === '') errors[field] = ['required'];
    }
    return { member, shop: null };
  }
  if (!input.items?.length) errors.items = ['required'];
  if (input.shopId === undefined) errors.shopId = ['required'];
  const [shop] =
    member && input.shopId !== undefined
      ? await db
          .select({ id: shops.id, name: shops.name, lat: shops.lat, lng: shops.lng })
          .from(shops)
          .where(
            and(
              eq(shops.id, ref(input.shopId)),
              eq(shops.appId, scope.appId),
              eq(shops.areaId, member.areaId),
              isNull(shops.deletedAt),
              eq(shops.status, 'active'),
            ),
          )
          .limit(1)
      : [];
  if (input.shopId !== undefined && !shop) errors.shopId = ['unknownReference'];
  return { member, shop: shop ?? null };
}

/**
 * A parcel's fee: the band of its weight in the area's messenger fee table as it is when the order is placed (the
 * order keeps that fee whatever the table becomes); a weight past the table's limit is refused (`weightOverLimit`).
 * In an area without a table, the fee the app sent.
 */
async function parcelFee(db: Db, scope: ServiceScope, areaId: number, input: OrderInput, errors: FieldErrors): Promise<number> {
  const [table] = await db
    .select({ bands: messengerFees.bands })
    .from(messengerFees)
    .where(and(eq(messengerFees.appId, scope.appId), eq(messengerFees.areaId, areaId), isNull(messengerFees.deletedAt)))
    .limit(1);
  if (!table || input.weightGram === undefined) return input.deliveryFee;
  const band = bandFor(table.bands, WEIGHT_BAND_KEYS, input.weightGram);
  if (!band) {
    errors.weightGram = [CODES.weightOverLimit];
    return 0;
  }
  return band.price;
}

/**
 * Creates an order: `member_create_order` for cash, else `member_create_order_waiting_payment`, by the member. The
 * discount may not exceed what the app keeps at its current rates (the platform carries it), so no split goes
 * below zero; the order keeps those rates for its split at success. A voucher's discount (`voucherCode`) is the
 * order's discount instead, paid by the voucher's source (domain/vouchers.ts).
 */
export async function createOrder(db: Db, scope: ServiceScope, kind: OrderKind, input: OrderInput, now: Date): Promise<OrderChange> {
  const errors: FieldErrors = {};
  // The app's settings (Config/App): no new orders in maintenance, none below the minimum order.
  const minimum = await orderMinimumOf(db, scope.appId, kind);
  const { member, shop } = await partiesOf(db, scope, kind, input, errors);
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
  else if (itemsTotal < minimum && !errors.items) errors.items = ['belowMinimumOrder'];
  const deliveryFee = kind === 'parcel' && member ? await parcelFee(db, scope, member.areaId, input, errors) : input.deliveryFee;
  const rates = await placementRates(db, scope.appId, member?.areaId);
  const shares = splitOrder(itemsTotal, deliveryFee, discount, rates);
  if (shares.app < 0 || itemsTotal + deliveryFee > MAX_INT) errors.discount = ['outOfRange'];
  if (input.voucherCode !== undefined && input.discount !== undefined) errors.discount = ['overlap'];
  if (Object.keys(errors).length || !member) throw orderInvalid(errors, minimum);

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
        weightGram: input.weightGram ?? null,
        note: input.note ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (voucher) await recordVoucherUse(tx, scope, voucher, { id, areaId: member.areaId, memberId: member.id, shopId: shop?.id ?? null }, now);
    if (lines.length) await tx.insert(orderItems).values(lines.map((item) => ({ orderId: id, ...item })));
    const [who] = await tx.select({ name: members.name }).from(members).where(eq(members.id, member.id));
    await tx.insert(orderEvents).values({ orderId: id, event, actorType: 'member', actorId: member.id, actorName: who?.name ?? '', at: now });
    await rollupCreated(tx, order!, event);
    return { orderId: id, publish: orderBusEvent({ ...order!, bikerId: null }, event, event, null, now) };
  });
}
