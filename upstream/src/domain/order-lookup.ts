import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderDaily, orders, type OrderKind, type OrderStatus } from '../db/schema';
import { parseId } from '../kit/schemas';
import { statusesOf } from './order-lifecycle';
import { membersMatching, normalOrderNo, orderScope, phoneDigits } from './order-filters';
import { orderRowsByIds, type OrderRow } from './orders';
import type { ServiceScope } from './scope';

/** Status counts (OrdersStatus) from the rollup, and the order lookup of Check/Order. */
export interface StatusCounts {
  counts: { status: OrderStatus; count: number }[];
  total: number;
}
export interface StatusQuery {
  kind?: OrderKind;
  from?: string;
  to?: string;
  areaId?: string;
}

/** Orders per current status, every status of the kind listed in lifecycle order (zeros included). */
export async function orderStatusCounts(db: Db, scope: ServiceScope, query: StatusQuery): Promise<StatusCounts> {
  const d = orderDaily;
  const rows = await db
    .select({ status: d.status, n: sql<string>`sum(${d.orders})` })
    .from(d)
    .where(
      and(
        eq(d.appId, scope.appId),
        query.kind ? eq(d.kind, query.kind) : undefined,
        scope.areaId === null ? undefined : eq(d.areaId, scope.areaId),
        query.areaId === undefined ? undefined : eq(d.areaId, parseId(query.areaId) ?? -1),
        query.from ? gte(d.day, query.from) : undefined,
        query.to ? lte(d.day, query.to) : undefined,
      ),
    )
    .groupBy(d.status);
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
  const counts = statusesOf(query.kind).map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  return { counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}

export const CHECK_LIMIT = 20;

/** Orders of both kinds whose number is `q` (any case) or whose member's phone is `q`; newest first, at most 20. */
export async function checkOrders(db: Db, scope: ServiceScope, q: string): Promise<OrderRow[]> {
  const digits = phoneDigits(q);
  const memberIds = (digits ? await membersMatching(db, scope.appId, digits) : null) ?? [];
  const pick = { id: orders.id, createdAt: orders.createdAt };
  const [byNumber, byPhone] = await Promise.all([
    db
      .select(pick)
      .from(orders)
      .where(and(orderScope(scope), eq(orders.orderNo, normalOrderNo(q))))
      .limit(1),
    memberIds.length
      ? db
          .select(pick)
          .from(orders)
          .where(and(orderScope(scope), inArray(orders.memberId, memberIds)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(CHECK_LIMIT)
      : Promise.resolve([]),
  ]);
  const found = new Map([...byNumber, ...byPhone].map((r) => [r.id, r]));
  const ids = [...found.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, CHECK_LIMIT)
    .map((r) => r.id);
  return orderRowsByIds(db, ids);
}
