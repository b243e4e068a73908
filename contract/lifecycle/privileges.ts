/**
 * The words of vouchers and points, shared by the Platform API and the portal.
 *
 * A voucher's `typeOfDiscount` says which orders it fits and what it is taken off:
 * - `everyOrder`: any order, off the items;
 * - `firstOrder`: a member's first order in the app, off the items;
 * - `addon`: any order, off the delivery fee (the add-on to the items);
 * - `both`: any order, off the items and the delivery fee together.
 *
 * `limitAmountByOrder` with `typeLimitAmountByOrder` (0: no limit):
 * - `order_amount`: the order needs at least this many items (quantities summed);
 * - `order_price`: the order's items total must be at least this (satang);
 * - `order_limit`: the discount of one order is at most this (satang).
 *
 * `source` says who pays the discount: `app` (the platform's share carries it) or `shop` (the shop's share does).
 */
export const VOUCHER_DISCOUNT_TYPES = ['everyOrder', 'firstOrder', 'addon', 'both'] as const;
export type VoucherDiscountType = (typeof VOUCHER_DISCOUNT_TYPES)[number];
export const VOUCHER_LIMIT_TYPES = ['order_amount', 'order_price', 'order_limit'] as const;
export type VoucherLimitType = (typeof VOUCHER_LIMIT_TYPES)[number];
export const VOUCHER_SOURCES = ['app', 'shop'] as const;
export type VoucherSource = (typeof VOUCHER_SOURCES)[number];
/** `fixed`: `amount` is satang; `percent`: `amount` is basis points (1000 = 10 %), capped by `maxDiscount` when set. */
export const VOUCHER_AMOUNT_KINDS = ['fixed', 'percent'] as const;
export type VoucherAmountKind = (typeof VOUCHER_AMOUNT_KINDS)[number];

/** Where a member's points came from (the spec's point sources). */
export const POINT_SOURCES = ['FROM_ORDER', 'FROM_QRCODE', 'FROM_REF', 'FROM_REGIS', 'FROM_SHOP', 'FROM_APP'] as const;
export type PointSource = (typeof POINT_SOURCES)[number];
/** Every kind of point movement: a source adds points, `USED` spends them on a gift voucher or reward. */
export const POINT_MOVEMENT_KINDS = [...POINT_SOURCES, 'USED'] as const;
export type PointMovementKind = (typeof POINT_MOVEMENT_KINDS)[number];

/** A promotion shows in the whole app or in the shops it names. */
export const PROMOTION_TARGETS = ['app', 'shops'] as const;
export type PromotionTarget = (typeof PROMOTION_TARGETS)[number];

/** What members redeem points for: a gift voucher (a discount on an order) or a reward (a thing). */
export const GIFT_KINDS = ['voucher', 'reward'] as const;
export type GiftKind = (typeof GIFT_KINDS)[number];
/** A redemption is `redeemed` when the points are spent, `delivered` once the member has the gift, `cancelled` with its points given back. */
export const REDEMPTION_STATES = ['redeemed', 'delivered', 'cancelled'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];
