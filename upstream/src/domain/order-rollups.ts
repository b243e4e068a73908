import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderDaily, shopDaily, type OrderKind, type OrderStatus, type PaymentMethod } from '../db/schema';
import { bangkokDay } from './order-dates';

/**
 * The rollups of docs/orders.md section 3, bumped in the caller's transaction: `order_daily` by (app, area, creation
 * day in Asia/Bangkok, kind, status, payment method) and, at success, `shop_daily`. A row whose orders all moved on
 * stays with 0 orders.
 */
export interface RollupOrder {
  appId: number;
  areaId: number;
  createdAt: Date;
  kind: OrderKind;
  paymentMethod: PaymentMethod;
  shopId: number | null;
  total: number;
}

type Bump = { status: OrderStatus; orders: number; amount: number; commission: number };

async function bumpDaily(tx: Db | Tx, order: RollupOrder, bumps: Bump[]): Promise<void> {
  const day = bangkokDay(order.createdAt);
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
export const rollupCreated = (tx: Db | Tx, order: RollupOrder, status: OrderStatus): Promise<void> =>
  bumpDaily(tx, order, [{ status, orders: 1, amount: order.total, commission: 0 }]);

/**
 * An order moves from the old status's row to the new one; at `success` its app share (`commission`) is added
 * and the shop's row counts it.
 */
export async function rollupMoved(tx: Db | Tx, order: RollupOrder, from: OrderStatus, to: OrderStatus, commission = 0): Promise<void> {
  if (from === to) return;
  await bumpDaily(tx, order, [
    { status: from, orders: -1, amount: -order.total, commission: 0 },
    { status: to, orders: 1, amount: order.total, commission },
  ]);
  if (to !== 'success' || order.shopId === null) return;
  await tx
    .insert(shopDaily)
    .values({ appId: order.appId, areaId: order.areaId, day: bangkokDay(order.createdAt), shopId: order.shopId, orders: 1, amount: order.total })
    .onConflictDoUpdate({
      target: [shopDaily.appId, shopDaily.areaId, shopDaily.day, shopDaily.shopId],
      set: { orders: sql`shop_daily.orders + excluded.orders`, amount: sql`shop_daily.amount + excluded.amount` },
    });
}
