import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bikerConfigs, bikerPackages, bikers, commissionConfigs, shopConfigs, type orders } from '../db/schema';
import { DEFAULT_RATES, splitOrder, type CommissionRates } from './ledger';

/**
 * Which commission rates an order is split by (docs/orders.md section 2, "Commission"), in basis points of the items
 * (the shop's) and of the delivery fee (the biker's):
 *
 * - the shop's: the area's default of Config/Shop (`shop_configs.commission_rate` of the order's area), else the
 *   app's (`commission_configs.shop_commission`, Config/Shop for all areas). Neither a shop nor a shop package carries
 *   a rate on any screen, so there is no level above the area's;
 * - the biker's: the biker's package (`biker_packages.commission_rate`), else Config/Biker's, which is the app's
 *   (`commission_configs.biker_commission`, mirrored in `biker_configs.commission_rate`).
 *
 * Both are frozen on the order: the shop's when it is placed; the biker's when a biker takes it (`biker_receive_order`,
 * and again for the next biker at a `biker_change`). Until then the order holds Config/Biker's rate, the one its
 * discount was checked against.
 */
type Conn = Db | Tx;
type OrderRow = typeof orders.$inferSelect;

/** The app's rates (`commission_configs`, with Config/Biker's row where the app has no rates row yet), or the defaults. */
async function appRates(db: Conn, appId: number): Promise<CommissionRates> {
  const [row] = await db
    .select({ shopCommission: commissionConfigs.shopCommission, bikerCommission: commissionConfigs.bikerCommission })
    .from(commissionConfigs)
    .where(eq(commissionConfigs.appId, appId))
    .limit(1);
  if (row) return row;
  const [config] = await db.select({ rate: bikerConfigs.commissionRate }).from(bikerConfigs).where(eq(bikerConfigs.appId, appId)).limit(1);
  return { shopCommission: DEFAULT_RATES.shopCommission, bikerCommission: config?.rate ?? DEFAULT_RATES.bikerCommission };
}

/** The area's own shop commission (Config/Shop of the area), null when the area follows the app's. */
async function areaShopRate(db: Conn, appId: number, areaId: number): Promise<number | null> {
  const [row] = await db
    .select({ rate: shopConfigs.commissionRate })
    .from(shopConfigs)
    .where(and(eq(shopConfigs.appId, appId), eq(shopConfigs.areaId, areaId)))
    .limit(1);
  return row?.rate ?? null;
}

/** The rates a new order of the app is placed with in the area: the shop's by the precedence, the biker's fallback. */
export async function placementRates(db: Conn, appId: number, areaId: number | null | undefined): Promise<CommissionRates> {
  const [app, area] = await Promise.all([appRates(db, appId), areaId == null ? null : areaShopRate(db, appId, areaId)]);
  return { shopCommission: area ?? app.shopCommission, bikerCommission: app.bikerCommission };
}

/** The biker's rate by the precedence now: their package's (a live one of the order's app), else Config/Biker's. */
export async function bikerRate(db: Conn, appId: number, bikerId: number): Promise<number> {
  const [own] = await db
    .select({ rate: bikerPackages.commissionRate })
    .from(bikers)
    .innerJoin(bikerPackages, and(eq(bikerPackages.id, bikers.packageId), eq(bikerPackages.appId, appId), isNull(bikerPackages.deletedAt)))
    .where(eq(bikers.id, bikerId))
    .limit(1);
  return own?.rate ?? (await appRates(db, appId)).bikerCommission;
}

/**
 * The lowest biker rate that keeps the platform's share of the order at zero or more. The order's discount was
 * checked against the rates of its placement, so that rate always qualifies; a package with a lower rate is used as
 * it is unless the discount would then exceed what the app keeps.
 */
export function bikerRateFloor(order: Pick<OrderRow, 'itemsTotal' | 'deliveryFee' | 'discount' | 'discountSource' | 'shopCommission'>): number {
  const appShare = (rate: number) =>
    splitOrder(order.itemsTotal, order.deliveryFee, order.discount, { shopCommission: order.shopCommission, bikerCommission: rate }, order.discountSource).app;
  if (appShare(0) >= 0) return 0;
  // The app's share grows with the rate: the first rate where it is no longer negative.
  let low = 0;
  let high = 10_000;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (appShare(mid) >= 0) high = mid;
    else low = mid;
  }
  return high;
}

/** The biker's rate frozen on the order when `bikerId` takes it: the precedence's, raised to the floor only if needed. */
export async function bikerCommissionOnTaking(tx: Conn, order: OrderRow, bikerId: number): Promise<number> {
  return Math.max(await bikerRate(tx, order.appId, bikerId), bikerRateFloor(order));
}
