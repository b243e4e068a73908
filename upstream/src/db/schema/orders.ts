import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderEvent, OrderKind, OrderStatus, PaymentMethod, PaymentStatus, VoucherSource } from '../../../../contract/lifecycle';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { inArea } from './scope';
import { shops } from './shops';
import type { AccountStatus } from './tenancy';

/** Members and bikers, the orders between them and shops, and the per-day rollups of the orders. */

export const members = pgTable(
  'members',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The member's photo: an image key (contract/images.ts), set from the member app; '' when none. */
    photo: text('photo').notNull().default(''),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('members_scope_idx').on(t.appId, t.areaId),
    index('members_created_idx').on(t.appId, t.areaId, t.createdAt),
    index('members_phone_idx').on(t.appId, t.phone),
    // The members list's default order (newest first) across an app's areas.
    index('members_newest_idx').on(t.appId, t.createdAt.desc().nullsFirst(), t.id).where(live),
  ],
);

/**
 * Live members per app, area and status: the members list's totals without counting a million rows. Kept by the
 * database itself (statement triggers on `members`), so every writer of members keeps it right.
 */
export const memberCounts = pgTable(
  'member_counts',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.status] })],
);

export type BikerPresence = 'online' | 'away' | 'dnd' | 'offline';

export const bikers = pgTable(
  'bikers',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /** online, away, do not disturb (`dnd`), offline. */
    presence: text('presence').$type<BikerPresence>().notNull().default('offline'),
    vehicle: text('vehicle').notNull().default(''),
    plate: text('plate').notNull().default(''),
    /** The biker package (./people.ts); a number without a foreign key here to keep the two files acyclic. */
    packageId: integer('package_id'),
    /** The biker's package ran out (package_subscriptions): no order can be given to them until another is assigned. */
    packageExpired: boolean('package_expired').notNull().default(false),
    lat: numeric('lat', { precision: 10, scale: 7 }),
    lng: numeric('lng', { precision: 10, scale: 7 }),
    positionAt: timestamp('position_at', { withTimezone: true }),
    /**
     * When the biker last came online from `offline` (any presence but offline since): past the app's `maxOnlineHours`
     * (Config/Biker) the Platform API sets them offline. Meaningless while offline.
     */
    onlineSince: timestamp('online_since', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('bikers_scope_idx').on(t.appId, t.areaId),
    index('bikers_presence_idx').on(t.appId, t.areaId, t.presence).where(live),
    // The sweep of bikers online too long (domain/biker-rules.ts).
    index('bikers_online_since_idx')
      .on(t.appId, t.onlineSince)
      .where(sql`${t.presence} <> 'offline' AND ${t.deletedAt} IS NULL`),
  ],
);

export type ActorType = 'member' | 'shop' | 'biker' | 'admin' | 'staff' | 'system';

/**
 * Food orders (a shop) and parcel orders (`kind = 'parcel'`: sender, receiver, weight) share one table, one
 * lifecycle and one ledger. Money in satang (integer minor units).
 */
export const orders = pgTable(
  'orders',
  {
    id: pk(),
    ...inArea,
    kind: text('kind').$type<OrderKind>().notNull(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    bikerId: integer('biker_id').references(() => bikers.id),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    itemsTotal: integer('items_total').notNull().default(0),
    deliveryFee: integer('delivery_fee').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    /** Who pays the discount at the split: the platform (`app`) or, for a shop's voucher, the shop. */
    discountSource: text('discount_source').$type<VoucherSource>().notNull().default('app'),
    /** itemsTotal + deliveryFee - discount. */
    total: integer('total').notNull(),
    /**
     * The commission rates (basis points) frozen on the order (docs/orders.md section 2, domain/commission.ts): the
     * shop's when it is placed; the biker's when a biker takes it (until then the rate the discount was checked
     * against). The split at success uses these, so a later change of any rate cannot move an accepted order's money.
     */
    shopCommission: integer('shop_commission').notNull(),
    bikerCommission: integer('biker_commission').notNull(),
    /** The split at success (null before): app + shop + biker = total. */
    appShare: integer('app_share'),
    shopShare: integer('shop_share'),
    bikerShare: integer('biker_share'),
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupLat: numeric('pickup_lat', { precision: 10, scale: 7 }).notNull(),
    pickupLng: numeric('pickup_lng', { precision: 10, scale: 7 }).notNull(),
    dropoffAddress: text('dropoff_address').notNull().default(''),
    dropoffLat: numeric('dropoff_lat', { precision: 10, scale: 7 }).notNull(),
    dropoffLng: numeric('dropoff_lng', { precision: 10, scale: 7 }).notNull(),
    senderName: text('sender_name'),
    senderPhone: text('sender_phone'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    weightGram: integer('weight_gram'),
    /**
     * How the delivery fee was priced (upstream/src/domain/pricing): the great-circle distance in metres from the shop
     * (a parcel: its pickup) to the drop-off, the distance band's estimate in minutes (null when no distance band
     * prices it), and the Marketplace carrier whose weight table did.
     */
    distanceM: integer('distance_m'),
    estimateMinutes: integer('estimate_minutes'),
    carrierId: integer('carrier_id'),
    note: text('note').notNull().default(''),
    cancelReason: text('cancel_reason'),
    /**
     * An order given to its biker by someone else (staff from the monitor) is *offered*: the biker has the app's
     * `acceptTimeoutSec` (Config/Biker) from this moment to accept it, or it goes back to waiting. Null once accepted, or
     * when the biker took it themselves (docs/orders.md section 1).
     */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    // List pages: (app, kind, [area,] [status | payment method,] created, id) and by total.
    index('orders_list_idx').on(t.appId, t.kind, t.createdAt, t.id),
    index('orders_list_area_idx').on(t.appId, t.kind, t.areaId, t.createdAt, t.id),
    index('orders_list_status_idx').on(t.appId, t.kind, t.status, t.createdAt, t.id),
    index('orders_list_area_status_idx').on(t.appId, t.kind, t.areaId, t.status, t.createdAt, t.id),
    index('orders_list_payment_idx').on(t.appId, t.kind, t.paymentMethod, t.createdAt, t.id),
    index('orders_list_total_idx').on(t.appId, t.kind, t.total, t.id),
    index('orders_shop_idx').on(t.shopId, t.createdAt),
    index('orders_biker_idx').on(t.bikerId, t.status),
    index('orders_member_idx').on(t.memberId, t.createdAt),
    // The sweep of offers not accepted in time (domain/biker-rules.ts).
    index('orders_offered_idx')
      .on(t.appId, t.offeredAt)
      .where(sql`${t.offeredAt} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: pk(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    /** Unit price in satang. */
    price: integer('price').notNull(),
    /** The food or the product variant (`sku`) ordered, when the item names one: its stock comes back on a cancel. */
    foodId: integer('food_id'),
    productId: integer('product_id'),
    sku: text('sku'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Every lifecycle event with its actor and time, oldest first by id. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: pk(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    event: text('event').$type<OrderEvent>().notNull(),
    actorType: text('actor_type').$type<ActorType>().notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    /** biker_receive_order / biker_change: the biker after the event. */
    bikerId: integer('biker_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Orders per day (the company's time zone, by creation), area, kind, current status and payment method, kept in the same
 * transaction as every order change: list totals, status counts and dashboards read it instead of scanning orders.
 */
export const orderDaily = pgTable(
  'order_daily',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<OrderKind>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    orders: integer('orders').notNull().default(0),
    /** Sum of `total`, satang. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Sum of `app_share` (successful orders), satang. */
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.day, t.kind, t.status, t.paymentMethod] })],
);

/** Successful orders and their totals per shop and day (top shops). */
export const shopDaily = pgTable(
  'shop_daily',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shopId: integer('shop_id').notNull(),
    orders: integer('orders').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.day, t.shopId] })],
);

/** Whose money a `report_daily` row counts: a shop's (0: orders without a shop, the parcels) or a biker's. */
export type ReportParty = 'shop' | 'biker';

/**
 * Successful orders' money per day (the company's time zone, by creation), area and party, kept in the settling transaction: each
 * order counts once under its shop and once under its biker. The reports read it (docs/orders.md section 3).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    appId: integer('app_id').notNull(),
    party: text('party').$type<ReportParty>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    areaId: integer('area_id').notNull(),
    partyId: integer('party_id').notNull(),
    orders: integer('orders').notNull().default(0),
    /** Sums in satang: items, delivery fees, discounts, totals and the three shares of the split. */
    items: bigint('items', { mode: 'number' }).notNull().default(0),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    appShare: bigint('app_share', { mode: 'number' }).notNull().default(0),
    shopShare: bigint('shop_share', { mode: 'number' }).notNull().default(0),
    bikerShare: bigint('biker_share', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.party, t.day, t.areaId, t.partyId] })],
);
