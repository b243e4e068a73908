import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { apps, areas, bikers, members, orderDaily, shopDaily, shops, users, type OrderStatus } from '../db/schema';
import { companyTimeZone } from './company-time';
import { dayStart, localDay } from './order-dates';
import { ORDER_STATUSES } from './order-lifecycle';
import type { Scope, ServiceScope } from './scope';

async function countOf(
  db: Db,
  table: typeof apps | typeof areas | typeof users | typeof shops | typeof members | typeof bikers,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * The order figures of a dashboard (docs/orders.md section 4), read from the rollups (`order_daily`, `shop_daily`)
 * and the indexed counts of shops, bikers and members — never from the orders themselves. Days are the company's (its
 * time zone).
 */
export const PER_DAY_DAYS = 30;
export const TOP_SHOPS = 5;

export interface DayFigure {
  day: string;
  orders: number;
  amount: number;
}
export interface StatusFigure {
  status: OrderStatus;
  count: number;
}
export interface TopShop {
  shopId: string;
  name: string;
  orders: number;
  amount: number;
}
export interface OrderFigures {
  ordersToday: number;
  ordersMonth: number;
  revenueMonth: number;
  commissionMonth: number;
  activeShops: number;
  onlineBikers: number;
  newMembersMonth: number;
  perDay: DayFigure[];
  perStatus: StatusFigure[];
  topShops: TopShop[];
}

/** The day `days` before `day`. */
const dayBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Where the figures come from: one app or every app of the company; one area or all. */
interface Place {
  companyId: number;
  appId: number | null;
  areaId: number | null;
}

function placeWhere(place: Place, t: { appId: PgColumn; areaId: PgColumn }): SQL {
  const app = place.appId !== null ? eq(t.appId, place.appId) : inArray(t.appId, sql`(SELECT id FROM apps WHERE company_id = ${place.companyId})`);
  return and(app, place.areaId === null ? undefined : eq(t.areaId, place.areaId))!;
}

/** Live rows of the place (shops, bikers, members carry their company). */
function liveIn(place: Place, t: typeof shops | typeof bikers | typeof members): SQL {
  return and(eq(t.companyId, place.companyId), isNull(t.deletedAt), placeWhere(place, t))!;
}

export async function orderFigures(db: Db, place: Place, now: Date): Promise<OrderFigures> {
  const zone = await companyTimeZone(db, place.companyId);
  const today = localDay(now, zone);
  const monthStart = `${today.slice(0, 8)}01`;
  const windowStart = dayBefore(today, PER_DAY_DAYS - 1);
  const from = monthStart < windowStart ? monthStart : windowStart;
  const d = orderDaily;
  const [daily, top, activeShops, onlineBikers, newMembers] = await Promise.all([
    db
      .select({
        day: d.day,
        status: d.status,
        orders: sql<string>`sum(${d.orders})`,
        amount: sql<string>`sum(${d.amount})`,
        commission: sql<string>`sum(${d.commission})`,
      })
      .from(d)
      .where(and(placeWhere(place, d), gte(d.day, from), lte(d.day, today)))
      .groupBy(d.day, d.status),
    db
      .select({ shopId: shopDaily.shopId, name: shops.name, orders: sql<string>`sum(${shopDaily.orders})`, amount: sql<string>`sum(${shopDaily.amount})` })
      .from(shopDaily)
      .innerJoin(shops, eq(shops.id, shopDaily.shopId))
      .where(and(placeWhere(place, shopDaily), gte(shopDaily.day, monthStart), lte(shopDaily.day, today)))
      .groupBy(shopDaily.shopId, shops.name)
      .orderBy(desc(sql`sum(${shopDaily.orders})`), desc(sql`sum(${shopDaily.amount})`), shopDaily.shopId)
      .limit(TOP_SHOPS),
    countOf(db, shops, and(liveIn(place, shops), eq(shops.status, 'active'))),
    countOf(db, bikers, and(liveIn(place, bikers), eq(bikers.presence, 'online'))),
    countOf(db, members, and(liveIn(place, members), gte(members.createdAt, dayStart(monthStart, zone)))),
  ]);

  const perDay = new Map<string, DayFigure>();
  for (let i = PER_DAY_DAYS - 1; i >= 0; i--) {
    const day = dayBefore(today, i);
    perDay.set(day, { day, orders: 0, amount: 0 });
  }
  const perStatus = new Map<OrderStatus, number>(ORDER_STATUSES.map((s) => [s, 0]));
  const figures = { ordersToday: 0, ordersMonth: 0, revenueMonth: 0, commissionMonth: 0 };
  for (const row of daily) {
    const orders = Number(row.orders);
    const success = row.status === 'success';
    const inWindow = perDay.get(row.day);
    if (inWindow) {
      inWindow.orders += orders;
      if (success) inWindow.amount += Number(row.amount);
      perStatus.set(row.status, (perStatus.get(row.status) ?? 0) + orders);
    }
    if (row.day === today) figures.ordersToday += orders;
    if (row.day >= monthStart) {
      figures.ordersMonth += orders;
      if (success) {
        figures.revenueMonth += Number(row.amount);
        figures.commissionMonth += Number(row.commission);
      }
    }
  }
  return {
    ...figures,
    activeShops,
    onlineBikers,
    newMembersMonth: newMembers,
    perDay: [...perDay.values()],
    perStatus: [...perStatus].map(([status, n]) => ({ status, count: n })),
    topShops: top.map((s) => ({ shopId: String(s.shopId), name: s.name, orders: Number(s.orders), amount: Number(s.amount) })),
  };
}

export interface CompanyCounts {
  apps: number;
  areas: number;
  staffUsers: number;
}

/** Company dashboard: the whole company for an admin; a staff member sees their own app and area only. */
export async function companyCounts(db: Db, scope: Scope): Promise<CompanyCounts> {
  const staff = scope.role === 'staff';
  const [appCount, areaCount, staffCount] = await Promise.all([
    countOf(db, apps, and(eq(apps.companyId, scope.companyId), staff ? eq(apps.id, scope.appId ?? -1) : undefined)),
    countOf(db, areas, and(eq(areas.companyId, scope.companyId), isNull(areas.deletedAt), staff ? eq(areas.id, scope.areaId ?? -1) : undefined)),
    countOf(
      db,
      users,
      and(eq(users.companyId, scope.companyId), eq(users.role, 'staff'), isNull(users.deletedAt), staff ? eq(users.areaId, scope.areaId ?? -1) : undefined),
    ),
  ]);
  return { apps: appCount, areas: areaCount, staffUsers: staffCount };
}

/** The company dashboard's counts and order figures: every app and area for an admin; staff their app and area. */
export async function companyDashboard(db: Db, scope: Scope, now: Date): Promise<CompanyCounts & OrderFigures> {
  const staff = scope.role === 'staff';
  const place: Place = { companyId: scope.companyId, appId: staff ? (scope.appId ?? -1) : null, areaId: staff ? (scope.areaId ?? -1) : null };
  const [counts, figures] = await Promise.all([companyCounts(db, scope), orderFigures(db, place, now)]);
  return { ...counts, ...figures };
}

export interface ServiceCounts {
  areas: number;
  areasReady: number;
  shops: number;
  members: number;
  bikers: number;
  staffUsers: number;
}

/** Service dashboard: one app; staff only their area. */
export async function serviceCounts(db: Db, scope: ServiceScope): Promise<ServiceCounts> {
  const inArea = <T extends typeof shops | typeof members | typeof bikers>(t: T) =>
    and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), isNull(t.deletedAt), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId));
  const areaWhere = and(eq(areas.appId, scope.appId), isNull(areas.deletedAt), scope.areaId === null ? undefined : eq(areas.id, scope.areaId));
  const [areaCount, readyCount, shopCount, memberCount, bikerCount, staffCount] = await Promise.all([
    countOf(db, areas, areaWhere),
    countOf(db, areas, and(areaWhere, eq(areas.status, 'AreaReady'))),
    countOf(db, shops, inArea(shops)),
    countOf(db, members, inArea(members)),
    countOf(db, bikers, inArea(bikers)),
    countOf(
      db,
      users,
      and(
        eq(users.companyId, scope.companyId),
        eq(users.role, 'staff'),
        eq(users.appId, scope.appId),
        isNull(users.deletedAt),
        scope.areaId === null ? undefined : eq(users.areaId, scope.areaId),
      ),
    ),
  ]);
  return { areas: areaCount, areasReady: readyCount, shops: shopCount, members: memberCount, bikers: bikerCount, staffUsers: staffCount };
}

export async function serviceDashboard(db: Db, scope: ServiceScope, now: Date): Promise<ServiceCounts & OrderFigures> {
  const place: Place = { companyId: scope.companyId, appId: scope.appId, areaId: scope.areaId };
  const [counts, figures] = await Promise.all([serviceCounts(db, scope), orderFigures(db, place, now)]);
  return { ...counts, ...figures };
}
