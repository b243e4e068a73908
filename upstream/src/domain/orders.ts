import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { areas, bikers, members, orders, shops, type OrderKind, type OrderStatus, type PaymentMethod, type PaymentStatus } from '../db/schema';
import { keysetBatches, sortKeyOf } from '../kit/export';
import { pageWindow, type ListQuery, type ListResult } from '../kit/list';
import { dayEnd, dayStart } from './order-dates';
import { orderTotal, orderWhere, ordersPerDay, resolveFilters, rollupAnswers, type OrderFilters } from './order-filters';
import type { ServiceScope } from './scope';

/**
 * Order rows of one kind (docs/orders.md section 4): the list by deferred join, its total (and a deep page's first
 * day) from `order_daily` when the rollup can answer it exactly, and the streamed CSV export.
 */
export interface OrderRow {
  id: string;
  orderNo: string;
  kind: OrderKind;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  itemsTotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  memberId: string;
  memberName: string;
  memberPhone: string;
  shopId: string | null;
  shopName: string | null;
  bikerId: string | null;
  bikerName: string | null;
  areaId: string;
  areaName: string;
  senderName: string | null;
  receiverName: string | null;
  weightGram: number | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export type { OrderFilters };
export type OrderQuery = ListQuery & OrderFilters;

const o = orders;
const rowColumns = {
  id: o.id,
  orderNo: o.orderNo,
  kind: o.kind,
  status: o.status,
  paymentMethod: o.paymentMethod,
  paymentStatus: o.paymentStatus,
  itemsTotal: o.itemsTotal,
  deliveryFee: o.deliveryFee,
  discount: o.discount,
  total: o.total,
  memberId: o.memberId,
  memberName: members.name,
  memberPhone: members.phone,
  shopId: o.shopId,
  shopName: shops.name,
  bikerId: o.bikerId,
  bikerName: bikers.name,
  areaId: o.areaId,
  areaName: areas.name,
  senderName: o.senderName,
  receiverName: o.receiverName,
  weightGram: o.weightGram,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  version: o.version,
};
/** Order rows with their member, shop, biker and area (read only for the ids of a page). */
export const selectOrderRows = <E extends SelectedFields>(db: Db, extra: E) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(o)
    .leftJoin(members, eq(members.id, o.memberId))
    .leftJoin(shops, eq(shops.id, o.shopId))
    .leftJoin(bikers, eq(bikers.id, o.bikerId))
    .leftJoin(areas, eq(areas.id, o.areaId));
type Selected = Awaited<ReturnType<typeof selectOrderRows<{ sortKey: SQL<string> }>>>[number];

const idOrNull = (id: number | null) => (id === null ? null : String(id));
export const toOrderRow = (r: Omit<Selected, 'sortKey'>): OrderRow => ({
  id: String(r.id),
  orderNo: r.orderNo,
  kind: r.kind,
  status: r.status,
  paymentMethod: r.paymentMethod,
  paymentStatus: r.paymentStatus,
  itemsTotal: r.itemsTotal,
  deliveryFee: r.deliveryFee,
  discount: r.discount,
  total: r.total,
  memberId: String(r.memberId),
  memberName: r.memberName ?? '',
  memberPhone: r.memberPhone ?? '',
  shopId: idOrNull(r.shopId),
  shopName: r.shopName,
  bikerId: idOrNull(r.bikerId),
  bikerName: r.bikerName,
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  senderName: r.senderName,
  receiverName: r.receiverName,
  weightGram: r.weightGram,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** Rows in the given order of ids. */
export async function orderRowsByIds(db: Db, ids: number[]): Promise<OrderRow[]> {
  const rows = ids.length ? await selectOrderRows(db, {}).where(inArray(o.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [toOrderRow(byId.get(id)!)] : []));
}

export const ORDER_SORT = { createdAt: o.createdAt, total: o.total };
/** Newest first by default; the id breaks ties in the same direction, so one (sort, id) index serves the page. */
const orderByOf = (order: 'asc' | 'desc', sort: string | undefined) => {
  const dir = order === 'asc' ? asc : desc;
  return [dir(sort === 'total' ? o.total : o.createdAt), dir(o.id)];
};
/** Past this offset a page is found through the rollup's days, or read from the nearer end. */
const DEEP_OFFSET = 10_000;

/**
 * A page by deferred join: the page's ids from an index walk, then only those rows with their joins. A deep page
 * walks little of the index: newest- or oldest-first with filters the rollup answers, `order_daily`'s counts per day
 * say which day the page starts in, so the walk starts at that day's edge and skips at most that day's orders;
 * otherwise a page past the middle is read in the opposite order from the end (the total is exact), so no page walks
 * more than half the index.
 */
export async function listOrders(db: Db, scope: ServiceScope, kind: OrderKind, query: OrderQuery, deepOffset = DEEP_OFFSET): Promise<ListResult<OrderRow>> {
  const f = await resolveFilters(db, scope, query);
  const where = orderWhere(scope, kind, f);
  const { limit, offset } = pageWindow(query);
  const page = (order: 'asc' | 'desc', lim: number, off: number, from?: SQL) =>
    db
      .select({ id: o.id })
      .from(o)
      .where(from ? and(where, from) : where)
      .orderBy(...orderByOf(order, query.sort))
      .limit(lim)
      .offset(off);
  const answer = async (rows: { id: number }[], total: number) => ({
    rows: await orderRowsByIds(
      db,
      rows.map((r) => r.id),
    ),
    total,
  });
  if (offset < deepOffset) {
    const [rows, total] = await Promise.all([page(query.order, limit, offset), orderTotal(db, scope, kind, f)]);
    return answer(rows, total);
  }
  if ((query.sort ?? 'createdAt') === 'createdAt' && rollupAnswers(f)) {
    const days = await ordersPerDay(db, scope, kind, f, query.order);
    const total = days.reduce((sum, d) => sum + d.orders, 0);
    let before = 0;
    const start = days.find((d) => {
      if (before + d.orders > offset) return true;
      before += d.orders;
      return false;
    });
    if (!start) return { rows: [], total };
    const edge = query.order === 'asc' ? gte(o.createdAt, dayStart(start.day, f.timeZone)) : lt(o.createdAt, dayEnd(start.day, f.timeZone));
    return answer(await page(query.order, limit, offset - before, edge), total);
  }
  const total = await orderTotal(db, scope, kind, f);
  if (offset >= total) return { rows: [], total };
  const fromEnd = offset > total / 2;
  const rows = fromEnd
    ? (await page(query.order === 'asc' ? 'desc' : 'asc', Math.min(limit, total - offset), Math.max(0, total - offset - limit))).reverse()
    : await page(query.order, limit, offset);
  return answer(rows, total);
}

export const ORDER_CSV_HEADER = [
  'orderNo',
  'kind',
  'status',
  'paymentMethod',
  'paymentStatus',
  'itemsTotal',
  'deliveryFee',
  'discount',
  'total',
  'member',
  'memberPhone',
  'shop',
  'biker',
  'area',
  'senderName',
  'receiverName',
  'weightGram',
  'createdAt',
];

/** Every matching order as CSV rows (money in satang), read in keyset batches. */
export async function* exportOrders(db: Db, scope: ServiceScope, kind: OrderKind, query: OrderQuery, batchSize = 1000): AsyncGenerator<unknown[][]> {
  const sorted = { ...query, sort: query.sort ?? 'createdAt' };
  const batches = keysetBatches<Selected>(
    {
      sortable: ORDER_SORT,
      id: o.id,
      tie: 'same',
      read: (where, orderBy, limit) =>
        selectOrderRows(db, { sortKey: sortKeyOf(ORDER_SORT, sorted) })
          .where(where)
          .orderBy(...orderBy)
          .limit(limit),
      keyOf: (row) => ({ value: row.sortKey, id: row.id }),
    },
    sorted,
    orderWhere(scope, kind, await resolveFilters(db, scope, query)),
    batchSize,
  );
  for await (const rows of batches) {
    yield rows.map((r) => [
      r.orderNo,
      r.kind,
      r.status,
      r.paymentMethod,
      r.paymentStatus,
      r.itemsTotal,
      r.deliveryFee,
      r.discount,
      r.total,
      r.memberName ?? '',
      r.memberPhone ?? '',
      r.shopName ?? '',
      r.bikerName ?? '',
      r.areaName ?? '',
      r.senderName ?? '',
      r.receiverName ?? '',
      r.weightGram ?? '',
      r.createdAt.toISOString(),
    ]);
  }
}
