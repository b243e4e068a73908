import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members, orderDaily, orders, type OrderKind, type OrderStatus, type PaymentMethod } from '../db/schema';
import { parseId } from '../kit/schemas';
import { companyTimeZone } from './company-time';
import { dayEnd, dayStart } from './order-dates';
import type { ServiceScope } from './scope';

/** The filters of the order lists (docs/orders.md section 4) as SQL, and their exact total. */
export interface OrderFilters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  shopId?: string;
  bikerId?: string;
  memberId?: string;
  member?: string;
  paymentMethod?: PaymentMethod;
  areaId?: string;
  orderNo?: string;
}

const o = orders;
const ref = (value: string) => parseId(value) ?? -1;
export const normalOrderNo = (value: string): string => value.trim().toUpperCase();
/** Digits of a phone number as members' phones are stored (`0812345678`), or null for a name. */
export const phoneDigits = (value: string): string | null => {
  const digits = value.replace(/[\s-]/g, '');
  return /^\+?\d{3,15}$/.test(digits) ? digits.replace(/^\+66/, '0') : null;
};
/** Up to this many members, a `member` filter is sent as their ids; past it, as a subquery. */
export const MEMBER_IDS_LIMIT = 500;

const memberMatch = (appId: number, value: string) => {
  const digits = phoneDigits(value);
  return and(eq(members.appId, appId), digits ? eq(members.phone, digits) : ilike(members.name, `%${value.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
};

/** Ids of the app's members whose phone is `value` (digits) or whose name holds it; null when there are too many. */
export async function membersMatching(db: Db, appId: number, value: string): Promise<number[] | null> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(memberMatch(appId, value))
    .limit(MEMBER_IDS_LIMIT + 1);
  return rows.length > MEMBER_IDS_LIMIT ? null : rows.map((r) => r.id);
}

/** The caller's orders of the kind: the app (which is the company's) and, for staff, the area. */
export const orderScope = (scope: ServiceScope, kind?: OrderKind): SQL =>
  and(eq(o.appId, scope.appId), kind ? eq(o.kind, kind) : undefined, scope.areaId === null ? undefined : eq(o.areaId, scope.areaId))!;

/**
 * The filters with the company's time zone (its days are the `from`/`to` days) and `member` resolved to member ids
 * first: given as values, the planner sees how few orders they hold and walks the member index instead of the whole
 * list.
 */
export type ResolvedFilters = OrderFilters & { q?: string; members?: SQL; timeZone: string };
export async function resolveFilters(db: Db, scope: ServiceScope, query: OrderFilters & { q?: string }): Promise<ResolvedFilters> {
  const f = { ...query, timeZone: await companyTimeZone(db, scope.companyId) };
  if (!f.member) return f;
  const ids = await membersMatching(db, scope.appId, f.member);
  const match =
    ids === null
      ? inArray(o.memberId, db.select({ id: members.id }).from(members).where(memberMatch(scope.appId, f.member)))
      : ids.length === 1
        ? eq(o.memberId, ids[0]!)
        : ids.length
          ? inArray(o.memberId, ids)
          : sql`false`;
  return { ...f, members: match };
}

export function orderWhere(scope: ServiceScope, kind: OrderKind, f: ResolvedFilters): SQL {
  const orderNo = f.orderNo ?? f.q;
  return and(
    orderScope(scope, kind),
    f.areaId === undefined ? undefined : eq(o.areaId, ref(f.areaId)),
    f.status ? eq(o.status, f.status) : undefined,
    f.paymentMethod ? eq(o.paymentMethod, f.paymentMethod) : undefined,
    f.from ? gte(o.createdAt, dayStart(f.from, f.timeZone)) : undefined,
    f.to ? lt(o.createdAt, dayEnd(f.to, f.timeZone)) : undefined,
    f.shopId === undefined ? undefined : eq(o.shopId, ref(f.shopId)),
    f.bikerId === undefined ? undefined : eq(o.bikerId, ref(f.bikerId)),
    f.memberId === undefined ? undefined : eq(o.memberId, ref(f.memberId)),
    f.members,
    orderNo ? eq(o.orderNo, normalOrderNo(orderNo)) : undefined,
    f.q && f.orderNo && normalOrderNo(f.q) !== normalOrderNo(f.orderNo) ? sql`false` : undefined,
  )!;
}

/** `order_daily` answers a total exactly when the filters are only kind, area, days, status and payment method. */
export const rollupAnswers = (f: ResolvedFilters) => !f.shopId && !f.bikerId && !f.memberId && !f.member && !f.orderNo && !f.q;

/** The `order_daily` rows of the filters (only when `rollupAnswers`). */
function rollupWhere(scope: ServiceScope, kind: OrderKind, f: ResolvedFilters): SQL {
  const d = orderDaily;
  return and(
    eq(d.appId, scope.appId),
    eq(d.kind, kind),
    scope.areaId === null ? undefined : eq(d.areaId, scope.areaId),
    f.areaId === undefined ? undefined : eq(d.areaId, ref(f.areaId)),
    f.status ? eq(d.status, f.status) : undefined,
    f.paymentMethod ? eq(d.paymentMethod, f.paymentMethod) : undefined,
    f.from ? gte(d.day, f.from) : undefined,
    f.to ? lte(d.day, f.to) : undefined,
  )!;
}

export async function orderTotal(db: Db, scope: ServiceScope, kind: OrderKind, f: ResolvedFilters): Promise<number> {
  if (!rollupAnswers(f)) {
    const [row] = await db
      .select({ n: count() })
      .from(o)
      .where(orderWhere(scope, kind, f));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<string | null>`sum(${orderDaily.orders})` })
    .from(orderDaily)
    .where(rollupWhere(scope, kind, f));
  return Number(row?.n ?? 0);
}

/** Orders per creation day (the company's) matching the filters, in the list's direction (only when `rollupAnswers`). */
export async function ordersPerDay(
  db: Db,
  scope: ServiceScope,
  kind: OrderKind,
  f: ResolvedFilters,
  order: 'asc' | 'desc',
): Promise<{ day: string; orders: number }[]> {
  const d = orderDaily;
  const rows = await db
    .select({ day: sql<string>`${d.day}::text`, n: sql<string>`sum(${d.orders})` })
    .from(d)
    .where(rollupWhere(scope, kind, f))
    .groupBy(d.day)
    .orderBy(order === 'asc' ? asc(d.day) : desc(d.day));
  return rows.map((r) => ({ day: r.day, orders: Number(r.n) })).filter((r) => r.orders > 0);
}
