import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  GiftKind,
  PointMovementKind,
  PromotionTarget,
  RedemptionState,
  VoucherAmountKind,
  VoucherDiscountType,
  VoucherLimitType,
  VoucherSource,
} from '../../../../contract/lifecycle';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { members, orders } from './orders';
import { inApp, inArea, updatedBy } from './scope';
import { shops } from './shops';
import { users } from './tenancy';

/**
 * Privileges and points: promotions, vouchers and their uses, the popular shops, members' points (balances and every
 * movement), the referrals, the gift vouchers and rewards members redeem points for, and each app's point rules.
 */

/** A promotion the apps show within its period, in the whole app or in the shops it names. */
export const promotions = pgTable(
  'promotions',
  {
    id: pk(),
    ...inArea,
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    detail: text('detail').notNull().default(''),
    target: text('target').$type<PromotionTarget>().notNull().default('app'),
    /** The shops of a `shops` promotion. */
    shopIds: jsonb('shop_ids').$type<number[]>().notNull().default([]),
    /** `YYYY-MM-DD`. */
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('promotions_scope_idx').on(t.appId, t.areaId, t.id).where(live)],
);

/** A voucher (coupon) members type at checkout; contract/lifecycle/privileges.ts says what its rules mean. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: pk(),
    ...inArea,
    /** Upper case; unique among the app's live vouchers. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    amountKind: text('amount_kind').$type<VoucherAmountKind>().notNull().default('fixed'),
    /** Satang for `fixed`, basis points for `percent`. */
    amount: integer('amount').notNull(),
    /** Satang; 0: no cap. */
    maxDiscount: integer('max_discount').notNull().default(0),
    /** `YYYY-MM-DD`: the last day it may be used (the company's day, Setting/System's time zone). */
    expireDate: text('expire_date').notNull(),
    /** Uses in all. */
    limitMax: integer('limit_max').notNull(),
    /** Uses per member. */
    perUser: integer('per_user').notNull().default(1),
    /** Only this shop's orders; null: any shop. */
    shopId: integer('shop_id').references(() => shops.id),
    typeOfDiscount: text('type_of_discount').$type<VoucherDiscountType>().notNull().default('everyOrder'),
    /** 0: no limit. */
    limitAmountByOrder: integer('limit_amount_by_order').notNull().default(0),
    typeLimitAmountByOrder: text('type_limit_amount_by_order').$type<VoucherLimitType>().notNull().default('order_price'),
    source: text('source').$type<VoucherSource>().notNull().default('app'),
    active: boolean('active').notNull().default(true),
    /** Uses so far, kept in the transaction of each use: the row lock that lets exactly one order take the last use. */
    usedCount: integer('used_count').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('vouchers_code_key').on(t.appId, t.code).where(live), index('vouchers_scope_idx').on(t.appId, t.areaId, t.id).where(live)],
);

/** One order's use of a voucher: the discount it gave and who paid it. */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: pk(),
    ...inArea,
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    /** Satang. */
    discount: integer('discount').notNull(),
    source: text('source').$type<VoucherSource>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_uses_order_key').on(t.orderId),
    index('voucher_uses_voucher_idx').on(t.voucherId, t.id),
    index('voucher_uses_member_idx').on(t.voucherId, t.memberId),
  ],
);

/** The shops featured as popular in an area, in hand order, within their period. */
export const popularShops = pgTable(
  'popular_shops',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    sortOrder: integer('sort_order').notNull().default(0),
    /** `YYYY-MM-DD`, '' when open-ended. */
    startsOn: text('starts_on').notNull().default(''),
    endsOn: text('ends_on').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('popular_shops_shop_key').on(t.appId, t.areaId, t.shopId).where(live),
    index('popular_shops_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id).where(live),
  ],
);

/** An app's point rules: what an order, a registration and a referral earn. One row per app. */
export const pointRules = pgTable(
  'point_rules',
  {
    id: pk(),
    ...inApp,
    /** Points per 100 baht of an order's items, granted when the order succeeds (rounded down). */
    pointsPer100Baht: integer('points_per_100_baht').notNull().default(1),
    registrationPoints: integer('registration_points').notNull().default(0),
    /** A referral: the inviter's and the new member's points, granted once. */
    inviterPoints: integer('inviter_points').notNull().default(0),
    inviteePoints: integer('invitee_points').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('point_rules_app_key').on(t.appId)],
);

/** A member's points: equal to the sum of the member's movements, never below zero. */
export const pointBalances = pgTable(
  'point_balances',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    ...inArea,
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('point_balances_balance_check', sql`${t.balance} >= 0`)],
);

/** One change of a member's points, applied once (its idempotency key). */
export const pointMovements = pgTable(
  'point_movements',
  {
    id: pk(),
    ...inArea,
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    source: text('source').$type<PointMovementKind>().notNull(),
    /** Signed: what it adds to the balance (negative for `USED`). */
    amount: integer('amount').notNull(),
    /** The member's balance after it. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    redemptionId: integer('redemption_id'),
    referralId: integer('referral_id'),
    shopId: integer('shop_id').references(() => shops.id),
    /** Why, for a grant by staff. */
    reason: text('reason').notNull().default(''),
    /** The back-office user who granted it. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('point_movements_key').on(t.companyId, t.idempotencyKey),
    index('point_movements_list_idx').on(t.appId, t.createdAt, t.id),
    index('point_movements_area_list_idx').on(t.appId, t.areaId, t.createdAt, t.id),
    index('point_movements_source_idx').on(t.appId, t.source, t.createdAt, t.id),
    index('point_movements_member_idx').on(t.memberId, t.createdAt, t.id),
  ],
);

/**
 * Point movements per app, area, company's day (Setting/System's time zone) and kind: the totals and the deep pages of
 * the points history. Kept by the database itself (triggers on `point_movements`); rebuilt when the zone changes.
 */
export const pointMovementsDaily = pgTable(
  'point_movements_daily',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').$type<PointMovementKind>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.day, t.source] })],
);

/** Who invited whom: a new member names an inviter once; the points are granted once, when the invitee signs up. */
export const referrals = pgTable(
  'referrals',
  {
    id: pk(),
    ...inArea,
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => members.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => members.id),
    inviterPoints: integer('inviter_points').notNull().default(0),
    inviteePoints: integer('invitee_points').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referrals_invitee_key').on(t.inviteeId), index('referrals_scope_idx').on(t.appId, t.createdAt, t.id)],
);

/** What members redeem points for: a gift voucher (a discount worth `value`) or a reward. */
export const gifts = pgTable(
  'gifts',
  {
    id: pk(),
    ...inArea,
    kind: text('kind').$type<GiftKind>().notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    detail: text('detail').notNull().default(''),
    pointsCost: integer('points_cost').notNull(),
    /** Left to redeem; never below zero (the check and the redemption's row lock). */
    stock: integer('stock').notNull(),
    /** Satang: a gift voucher's worth; 0 for a reward. */
    value: integer('value').notNull().default(0),
    /** `YYYY-MM-DD`, '' when open-ended. */
    startsOn: text('starts_on').notNull().default(''),
    endsOn: text('ends_on').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('gifts_scope_idx').on(t.appId, t.kind, t.areaId, t.id).where(live), check('gifts_stock_check', sql`${t.stock} >= 0`)],
);

/** A member's redemption of a gift: the points spent (a `USED` movement) and where the gift is. */
export const giftRedemptions = pgTable(
  'gift_redemptions',
  {
    id: pk(),
    ...inArea,
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    kind: text('kind').$type<GiftKind>().notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    points: integer('points').notNull(),
    state: text('state').$type<RedemptionState>().notNull().default('redeemed'),
    idempotencyKey: text('idempotency_key').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('gift_redemptions_key').on(t.companyId, t.idempotencyKey),
    index('gift_redemptions_list_idx').on(t.appId, t.kind, t.createdAt, t.id),
    index('gift_redemptions_gift_idx').on(t.giftId, t.id),
  ],
);
