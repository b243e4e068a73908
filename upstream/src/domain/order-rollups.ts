import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { orderDaily, shopDaily, type OrderKind, type OrderStatus, type PaymentMethod } from '../db/schema';
import { zoneForRollups, zoneLiteral } from './company-time';
import type { Shares } from './ledger';

/**
 * The rollups of docs/orders.md section 3, bumped in the caller's transaction: `order_daily` by (app, area, creation
 * day in the company's time zone, kind, status, payment method) and, at success, `shop_daily`. A row whose orders all
 * moved on stays with 0 orders. The day is the database's reading of the zone, as when the rows are rebuilt
 * (`rebuildDayRollups`, after a change of zone).
 */
export interface RollupOrder {
  companyId: number;
  appId: number;
  areaId: number;
  createdAt: Date;
  kind: OrderKind;
  paymentMethod: PaymentMethod;
  shopId: number | null;
  total: number;
}

type Bump = { status: OrderStatus; orders: number; amount: number; commission: number };

/** The order's creation day in its company's zone, as SQL (the company's time lock taken shared). */
async function dayOf(tx: Tx, order: { companyId: number; createdAt: Date }) {
  const zone = await zoneForRollups(tx, order.companyId);
  return sql<string>`(${order.createdAt.toISOString()}::timestamptz AT TIME ZONE ${zone})::date`;
}

async function bumpDaily(tx: Tx, order: RollupOrder, bumps: Bump[]): Promise<void> {
  const day = await dayOf(tx, order);
  await tx
    .insert(orderDaily)
    .values(
      bumps.map((b) => ({
        appId: order.appId,
        areaId: order.areaId,
        day,
        kind: order.kind,
        paymentMethod: order.paymentMethod,
        ...b,
      })),
    )
    .onConflictDoUpdate({
      target: [orderDaily.appId, orderDaily.areaId, orderDaily.day, orderDaily.kind, orderDaily.status, orderDaily.paymentMethod],
      set: {
        orders: sql`order_daily.orders + excluded.orders`,
        amount: sql`order_daily.amount + excluded.amount`,
        commission: sql`order_daily.commission + excluded.commission`,
      },
    });
}

/** A new order counts in its status's row. */
export const rollupCreated = (tx: Tx, order: RollupOrder, status: OrderStatus): Promise<void> =>
  bumpDaily(tx, order, [{ status, orders: 1, amount: order.total, commission: 0 }]);

/**
 * An order moves from the old status's row to the new one; at `success` its app share (`commission`) is added
 * and the shop's row counts it.
 */
export async function rollupMoved(tx: Tx, order: RollupOrder, from: OrderStatus, to: OrderStatus, commission = 0): Promise<void> {
  if (from === to) return;
  await bumpDaily(tx, order, [
    { status: from, orders: -1, amount: -order.total, commission: 0 },
    { status: to, orders: 1, amount: order.total, commission },
  ]);
  if (to !== 'success' || order.shopId === null) return;
  await tx
    .insert(shopDaily)
    .values({ appId: order.appId, areaId: order.areaId, day: await dayOf(tx, order), shopId: order.shopId, orders: 1, amount: order.total })
    .onConflictDoUpdate({
      target: [shopDaily.appId, shopDaily.areaId, shopDaily.day, shopDaily.shopId],
      set: { orders: sql`shop_daily.orders + excluded.orders`, amount: sql`shop_daily.amount + excluded.amount` },
    });
}

/**
 * The `report_daily` rows of successful orders: a SELECT of `source` (a table or subquery with the orders' columns)
 * grouped once under each order's shop (0 without one) and once under its biker by their creation day in the zone,
 * added to the rows already there. The settling transaction runs it for one order; the seed for a chunk; a change of
 * zone for the company's orders.
 */
export function reportRollupSql(source: string, timeZone: string): string {
  return `INSERT INTO report_daily (app_id, party, day, area_id, party_id, orders, items, fee, discount, total, app_share, shop_share, biker_share)
    SELECT o.app_id, p.party, (o.created_at AT TIME ZONE ${zoneLiteral(timeZone)})::date, o.area_id,
      CASE WHEN p.party = 'shop' THEN coalesce(o.shop_id, 0) ELSE o.biker_id END,
      count(*)::int, sum(o.items_total), sum(o.delivery_fee), sum(o.discount), sum(o.total), sum(o.app_share), sum(o.shop_share), sum(o.biker_share)
    FROM ${source} o CROSS JOIN (VALUES ('shop'), ('biker')) AS p(party)
    WHERE o.status = 'success' AND (p.party = 'shop' OR o.biker_id IS NOT NULL)
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (app_id, party, day, area_id, party_id) DO UPDATE SET orders = report_daily.orders + excluded.orders,
      items = report_daily.items + excluded.items, fee = report_daily.fee + excluded.fee, discount = report_daily.discount + excluded.discount,
      total = report_daily.total + excluded.total, app_share = report_daily.app_share + excluded.app_share,
      shop_share = report_daily.shop_share + excluded.shop_share, biker_share = report_daily.biker_share + excluded.biker_share`;
}

export interface SettledOrder {
  companyId: number;
  appId: number;
  areaId: number;
  createdAt: Date;
  shopId: number | null;
  bikerId: number | null;
  itemsTotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
}

/** A successful order's money into `report_daily`, in the settling transaction. */
export async function rollupSettled(tx: Tx, order: SettledOrder, shares: Shares): Promise<void> {
  const zone = await zoneForRollups(tx, order.companyId);
  const row = sql`(SELECT ${order.appId}::int AS app_id, ${order.areaId}::int AS area_id, ${order.createdAt.toISOString()}::timestamptz AS created_at,
    ${order.shopId}::int AS shop_id, ${order.bikerId}::int AS biker_id, 'success'::text AS status, ${order.itemsTotal}::int8 AS items_total,
    ${order.deliveryFee}::int8 AS delivery_fee, ${order.discount}::int8 AS discount, ${order.total}::int8 AS total, ${shares.app}::int8 AS app_share,
    ${shares.shop}::int8 AS shop_share, ${shares.biker}::int8 AS biker_share)`;
  const [before, after] = reportRollupSql('$SOURCE', zone).split('$SOURCE') as [string, string];
  await tx.execute(sql`${sql.raw(before)}${row}${sql.raw(after)}`);
}

/**
 * The company's `order_daily`, `shop_daily` and `report_daily` rows made again from its orders, and its
 * `wallet_tx_daily` and `point_movements_daily` rows from its wallet transactions and point movements (whose triggers
 * key them by the company's days too), by their days in the zone: after a change of the company's zone, in the
 * transaction that saves it (domain/company-time.ts).
 */
export async function rebuildDayRollups(tx: Tx, companyId: number, timeZone: string): Promise<void> {
  const zone = sql.raw(zoneLiteral(timeZone));
  const apps = sql`(SELECT id FROM apps WHERE company_id = ${companyId})`;
  await tx.execute(sql`DELETE FROM order_daily WHERE app_id IN ${apps}`);
  await tx.execute(sql`DELETE FROM shop_daily WHERE app_id IN ${apps}`);
  await tx.execute(sql`DELETE FROM report_daily WHERE app_id IN ${apps}`);
  await tx.execute(sql`INSERT INTO order_daily (app_id, area_id, day, kind, status, payment_method, orders, amount, commission)
    SELECT app_id, area_id, (created_at AT TIME ZONE ${zone})::date, kind, status, payment_method, count(*)::int, sum(total)::int8,
      coalesce(sum(app_share) FILTER (WHERE status = 'success'), 0)::int8
    FROM orders WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4, 5, 6`);
  await tx.execute(sql`INSERT INTO shop_daily (app_id, area_id, day, shop_id, orders, amount)
    SELECT app_id, area_id, (created_at AT TIME ZONE ${zone})::date, shop_id, count(*)::int, sum(total)::int8
    FROM orders WHERE company_id = ${companyId} AND status = 'success' AND shop_id IS NOT NULL GROUP BY 1, 2, 3, 4`);
  const [before, after] = reportRollupSql('$SOURCE', timeZone).split('$SOURCE') as [string, string];
  await tx.execute(sql`${sql.raw(before)}(SELECT * FROM orders WHERE company_id = ${companyId})${sql.raw(after)}`);
  await tx.execute(sql`DELETE FROM wallet_tx_daily WHERE company_id = ${companyId}`);
  await tx.execute(sql`INSERT INTO wallet_tx_daily (company_id, app_id, owner_type, area_id, day, type, status, n)
    SELECT company_id, app_id, owner_type, coalesce(area_id, 0), (created_at AT TIME ZONE ${zone})::date, type, status, count(*)
    FROM wallet_transactions WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4, 5, 6, 7`);
  await tx.execute(sql`DELETE FROM point_movements_daily WHERE app_id IN ${apps}`);
  await tx.execute(sql`INSERT INTO point_movements_daily (app_id, area_id, day, source, n, points)
    SELECT app_id, area_id, (created_at AT TIME ZONE ${zone})::date, source, count(*), sum(amount)
    FROM point_movements WHERE company_id = ${companyId} GROUP BY 1, 2, 3, 4`);
}
