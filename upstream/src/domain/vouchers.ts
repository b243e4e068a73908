import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { members, orders, shops, voucherUses, vouchers } from '../db/schema';
import { CANCEL_EVENTS, type OrderStatus, type VoucherSource } from '@contract/lifecycle';
import type { ValidationCode } from '@contract/codes';
import type { VoucherUse, VoucherUsesSummary } from '@contract/resources/voucher';
import { FULL_PERCENT } from '@contract/resources/voucher';
import { invalid, notFoundData } from '../kit/errors';
import { splitOrder, type CommissionRates } from './ledger';
import { companyTimeZone } from './company-time';
import { localDay } from './order-dates';
import type { ServiceScope } from './scope';

/**
 * Vouchers at checkout: the rules of contract/lifecycle/privileges.ts, applied inside the order's transaction under
 * the voucher's row lock, so the last use goes to exactly one order and a member's uses are counted without a race.
 *
 * Decisions the rule words leave open:
 * - a member's first order: no earlier order of the member in the app, of either kind, other than a failed or
 *   cancelled one;
 * - a use stays counted when its order is later cancelled (the voucher was given);
 * - a voucher whose discount on the order comes to nothing (an add-on voucher on a free delivery) is refused as
 *   `voucherOrderTooSmall` rather than spending a use on nothing;
 * - the discount never exceeds what it is taken off, nor what the payer's share of the split can carry
 *   (`splitOrder(…, source)`): it is lowered to fit, never refused for it.
 */

/** Statuses of orders that do not count as a member's earlier order. */
const NOT_AN_ORDER: OrderStatus[] = ['fail', ...CANCEL_EVENTS];

export type VoucherRow = typeof vouchers.$inferSelect;

/** What the voucher rules need of an order being placed. */
export interface VoucherOrder {
  memberId: number;
  areaId: number;
  shopId: number | null;
  itemsTotal: number;
  /** Items counted with their quantities. */
  itemCount: number;
  deliveryFee: number;
  rates: CommissionRates;
}

export interface AppliedVoucher {
  voucherId: number;
  code: string;
  discount: number;
  source: VoucherSource;
}

const refuse = (code: ValidationCode) => invalid({ voucherCode: [code] });

/**
 * The discount a voucher gives an order, or the code that refuses it (the order's own rules: the shop, the minimum
 * and the amount). Uses, the member's history and the date are checked by `applyVoucher`.
 */
export function voucherDiscount(
  v: Pick<VoucherRow, 'amountKind' | 'amount' | 'maxDiscount' | 'shopId' | 'typeOfDiscount' | 'limitAmountByOrder' | 'typeLimitAmountByOrder' | 'source'>,
  order: Omit<VoucherOrder, 'memberId' | 'areaId'>,
): { discount: number } | { refused: ValidationCode } {
  if (v.shopId !== null && v.shopId !== order.shopId) return { refused: 'voucherNotForShop' };
  const limit = v.limitAmountByOrder;
  if (limit > 0 && v.typeLimitAmountByOrder === 'order_amount' && order.itemCount < limit) return { refused: 'voucherOrderTooSmall' };
  if (limit > 0 && v.typeLimitAmountByOrder === 'order_price' && order.itemsTotal < limit) return { refused: 'voucherOrderTooSmall' };
  const base = v.typeOfDiscount === 'addon' ? order.deliveryFee : v.typeOfDiscount === 'both' ? order.itemsTotal + order.deliveryFee : order.itemsTotal;
  let discount = v.amountKind === 'percent' ? Math.floor((base * Math.min(v.amount, FULL_PERCENT)) / FULL_PERCENT) : v.amount;
  if (v.amountKind === 'percent' && v.maxDiscount > 0) discount = Math.min(discount, v.maxDiscount);
  if (limit > 0 && v.typeLimitAmountByOrder === 'order_limit') discount = Math.min(discount, limit);
  // What the payer's share of the split carries at these rates: the app's commission, or the shop's part of the items.
  const shares = splitOrder(order.itemsTotal, order.deliveryFee, 0, order.rates, v.source);
  const payer = v.source === 'shop' ? shares.shop : shares.app;
  discount = Math.max(0, Math.min(discount, base, payer));
  return discount > 0 ? { discount } : { refused: 'voucherOrderTooSmall' };
}

/**
 * Applies a voucher to an order being placed, inside the order's transaction: locks the voucher (`FOR UPDATE`), checks
 * every rule and answers the discount; `recordVoucherUse` then records the use. Refusals are 400
 * `{voucherCode: [code]}`; an unknown, inactive or other area's code is `unknownReference`.
 */
export async function applyVoucher(tx: Tx, scope: ServiceScope, code: string, order: VoucherOrder, now: Date): Promise<AppliedVoucher> {
  const [v] = await tx
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.companyId, scope.companyId),
        eq(vouchers.appId, scope.appId),
        eq(vouchers.areaId, order.areaId),
        eq(vouchers.code, code.trim().toUpperCase()),
        isNull(vouchers.deletedAt),
      ),
    )
    .limit(1)
    .for('update');
  if (!v || !v.active) throw refuse('unknownReference');
  // Valid to the end of its expiry day in the company's time zone.
  if (v.expireDate < localDay(now, await companyTimeZone(tx, scope.companyId))) throw refuse('voucherExpired');
  if (v.usedCount >= v.limitMax) throw refuse('voucherUsedUp');
  if (v.shopId !== null && v.shopId !== order.shopId) throw refuse('voucherNotForShop');
  const [mine] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherUses)
    .where(and(eq(voucherUses.voucherId, v.id), eq(voucherUses.memberId, order.memberId)));
  if ((mine?.n ?? 0) >= v.perUser) throw refuse('voucherPerUserLimit');
  if (v.typeOfDiscount === 'firstOrder') {
    const [earlier] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.appId, scope.appId), eq(orders.memberId, order.memberId), notInArray(orders.status, NOT_AN_ORDER)))
      .limit(1);
    if (earlier) throw refuse('voucherFirstOrderOnly');
  }
  const result = voucherDiscount(v, order);
  if ('refused' in result) throw refuse(result.refused);
  return { voucherId: v.id, code: v.code, discount: result.discount, source: v.source };
}

/** Records the use of an applied voucher by the new order and counts it, in the order's transaction. */
export async function recordVoucherUse(
  tx: Tx,
  scope: ServiceScope,
  applied: AppliedVoucher,
  order: { id: number; areaId: number; memberId: number; shopId: number | null },
  now: Date,
): Promise<void> {
  await tx.insert(voucherUses).values({
    companyId: scope.companyId,
    appId: scope.appId,
    areaId: order.areaId,
    voucherId: applied.voucherId,
    orderId: order.id,
    memberId: order.memberId,
    shopId: order.shopId,
    discount: applied.discount,
    source: applied.source,
    createdAt: now,
  });
  await tx
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(eq(vouchers.id, applied.voucherId));
}

/** The code of the voucher an order used, or null. */
export async function voucherCodeOf(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: vouchers.code })
    .from(voucherUses)
    .innerJoin(vouchers, eq(vouchers.id, voucherUses.voucherId))
    .where(eq(voucherUses.orderId, orderId))
    .limit(1);
  return row?.code ?? null;
}

/** A page of a voucher's uses (newest first) and what the voucher has cost; 404 outside the caller's scope. */
export async function voucherUsesOf(
  db: Db,
  scope: ServiceScope,
  id: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: VoucherUse[]; total: number; summary: VoucherUsesSummary }> {
  const [v] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.id, id),
        eq(vouchers.companyId, scope.companyId),
        eq(vouchers.appId, scope.appId),
        scope.areaId === null ? undefined : eq(vouchers.areaId, scope.areaId),
        isNull(vouchers.deletedAt),
      ),
    )
    .limit(1);
  if (!v) throw notFoundData();
  const u = voucherUses;
  const [rows, [sum]] = await Promise.all([
    db
      .select({
        id: u.id,
        orderId: u.orderId,
        orderNo: orders.orderNo,
        kind: orders.kind,
        memberId: u.memberId,
        memberName: members.name,
        shopId: u.shopId,
        shopName: shops.name,
        discount: u.discount,
        source: u.source,
        createdAt: u.createdAt,
      })
      .from(u)
      .innerJoin(orders, eq(orders.id, u.orderId))
      .innerJoin(members, eq(members.id, u.memberId))
      .leftJoin(shops, eq(shops.id, u.shopId))
      .where(eq(u.voucherId, id))
      .orderBy(desc(u.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({
        uses: sql<number>`count(*)::int`,
        totalDiscount: sql<string>`coalesce(sum(${u.discount}), 0)`,
        paidByApp: sql<string>`coalesce(sum(${u.discount}) FILTER (WHERE ${u.source} = 'app'), 0)`,
        paidByShops: sql<string>`coalesce(sum(${u.discount}) FILTER (WHERE ${u.source} = 'shop'), 0)`,
      })
      .from(u)
      .where(eq(u.voucherId, id)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: String(r.id),
      orderId: String(r.orderId),
      memberId: String(r.memberId),
      shopId: r.shopId === null ? null : String(r.shopId),
      createdAt: r.createdAt.toISOString(),
    })),
    total: sum?.uses ?? 0,
    summary: {
      uses: sum?.uses ?? 0,
      totalDiscount: Number(sum?.totalDiscount ?? 0),
      paidByApp: Number(sum?.paidByApp ?? 0),
      paidByShops: Number(sum?.paidByShops ?? 0),
    },
  };
}

/** Refuses a shop that is not a live shop of the voucher's area (`unknownReference`), and answers the fields to write. */
export async function checkVoucherShop(
  db: Db,
  place: { companyId: number; appId: number | null; areaId: number | null },
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const raw = input.shopId;
  if (raw === null || raw === undefined || raw === '') return { ...input, shopId: null };
  const id = Number(raw);
  const [shop] =
    Number.isSafeInteger(id) && place.appId !== null && place.areaId !== null
      ? await db
          .select({ id: shops.id })
          .from(shops)
          .where(
            and(eq(shops.id, id), eq(shops.companyId, place.companyId), eq(shops.appId, place.appId), eq(shops.areaId, place.areaId), isNull(shops.deletedAt)),
          )
          .limit(1)
      : [];
  if (!shop) throw invalid({ shopId: ['unknownReference'] });
  return { ...input, shopId: shop.id };
}

/** The voucher's shop name in its row (the list and the form). */
export const voucherShopJoin = { shopName: { column: shops.name, on: eq(shops.id, vouchers.shopId) } };
/** The uses so far, read with the row and never written through it; the shop's id on the wire as every id is, a string. */
export const voucherReadOnly = {
  usedCount: () => sql<number>`${vouchers.usedCount}`,
  shopId: () => sql<string | null>`${vouchers.shopId}::text`,
};
