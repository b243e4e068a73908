import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RatingItem, RatingSummary, RatingTarget } from '@contract/resources/ratings';
import type { Db } from '../db/client';
import { areas, bikers, members, orders, ratings, shops, users } from '../db/schema';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import type { ServiceScope } from './scope';

export type { RatingItem, RatingSummary, RatingTarget };

export interface RatingQuery extends ListQuery {
  stars?: '1' | '2' | '3' | '4' | '5';
  hidden?: 'true' | 'false';
  shopId?: string;
  bikerId?: string;
  areaId?: string;
}

const t = ratings;
const hider = alias(users, 'rating_hider');

/** The caller's reviews of one target: the company and app always, the area for staff. */
function inScope(scope: ServiceScope, target: RatingTarget): SQL {
  return and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), eq(t.target, target), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId))!;
}

const refEq = (column: typeof t.shopId | typeof t.bikerId | typeof t.areaId, value: string | undefined) =>
  value === undefined ? undefined : eq(column, parseId(value) ?? -1);

const select = (db: Db) =>
  db
    .select({
      id: t.id,
      version: t.version,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      areaId: t.areaId,
      areaName: areas.name,
      appId: t.appId,
      target: t.target,
      orderId: t.orderId,
      orderNo: orders.orderNo,
      memberId: t.memberId,
      memberName: members.name,
      shopId: t.shopId,
      shopName: shops.name,
      bikerId: t.bikerId,
      bikerName: bikers.name,
      stars: t.stars,
      comment: t.comment,
      hidden: t.hidden,
      hiddenReason: t.hiddenReason,
      hiddenById: t.hiddenBy,
      hiddenByName: hider.displayName,
      hiddenAt: t.hiddenAt,
    })
    .from(t)
    .innerJoin(orders, eq(orders.id, t.orderId))
    .innerJoin(members, eq(members.id, t.memberId))
    .leftJoin(shops, eq(shops.id, t.shopId))
    .leftJoin(bikers, eq(bikers.id, t.bikerId))
    .leftJoin(areas, eq(areas.id, t.areaId))
    .leftJoin(hider, eq(hider.id, t.hiddenBy));
type Row = Awaited<ReturnType<typeof select>>[number];
const idOrNull = (id: number | null) => (id === null ? null : String(id));

const toItem = (r: Row): RatingItem => ({
  id: String(r.id),
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  appId: String(r.appId),
  target: r.target,
  orderId: String(r.orderId),
  orderNo: r.orderNo,
  memberId: String(r.memberId),
  memberName: r.memberName,
  shopId: idOrNull(r.shopId),
  shopName: r.shopName,
  bikerId: idOrNull(r.bikerId),
  bikerName: r.bikerName,
  targetName: (r.target === 'shop' ? r.shopName : r.bikerName) ?? '',
  stars: r.stars,
  comment: r.comment,
  hidden: r.hidden,
  visibility: r.hidden ? 'hidden' : 'visible',
  hiddenReason: r.hiddenReason,
  hiddenBy: r.hiddenById === null ? null : { uid: String(r.hiddenById), displayName: r.hiddenByName ?? '' },
  hiddenAt: r.hiddenAt?.toISOString() ?? null,
});

/** A page of one target's reviews in the caller's scope, newest first unless sorted otherwise. */
export async function listRatings(db: Db, scope: ServiceScope, target: RatingTarget, query: RatingQuery): Promise<ListResult<RatingItem>> {
  const where = and(
    inScope(scope, target),
    query.stars === undefined ? undefined : eq(t.stars, Number(query.stars)),
    query.hidden === undefined ? undefined : eq(t.hidden, query.hidden === 'true'),
    refEq(t.shopId, query.shopId),
    refEq(t.bikerId, query.bikerId),
    refEq(t.areaId, query.areaId),
    searchWhere([members.name, target === 'shop' ? shops.name : bikers.name, orders.orderNo], query.q),
  );
  const { limit, offset } = pageWindow(query);
  // Without a sort the newest first.
  const sorted: ListQuery = query.sort ? query : { ...query, sort: 'createdAt', order: 'desc' };
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor({ createdAt: t.createdAt, stars: t.stars }, sorted, t.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(t)
      .innerJoin(orders, eq(orders.id, t.orderId))
      .innerJoin(members, eq(members.id, t.memberId))
      .leftJoin(shops, eq(shops.id, t.shopId))
      .leftJoin(bikers, eq(bikers.id, t.bikerId))
      .where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

/** The average (two decimals, as text), count and star distribution of visible reviews, computed in SQL. */
const summaryColumns = {
  average: sql<string>`coalesce(round(avg(${t.stars})::numeric, 2), 0.00)::text`,
  count: sql<number>`count(*)::int`,
  s1: sql<number>`(count(*) filter (where ${t.stars} = 1))::int`,
  s2: sql<number>`(count(*) filter (where ${t.stars} = 2))::int`,
  s3: sql<number>`(count(*) filter (where ${t.stars} = 3))::int`,
  s4: sql<number>`(count(*) filter (where ${t.stars} = 4))::int`,
  s5: sql<number>`(count(*) filter (where ${t.stars} = 5))::int`,
};
type SummaryRow = { average: string; count: number; s1: number; s2: number; s3: number; s4: number; s5: number };
const toSummary = (targetId: number, targetName: string, r: SummaryRow | undefined): RatingSummary => ({
  targetId: String(targetId),
  targetName,
  average: r?.average ?? '0.00',
  count: Number(r?.count ?? 0),
  distribution: { 1: Number(r?.s1 ?? 0), 2: Number(r?.s2 ?? 0), 3: Number(r?.s3 ?? 0), 4: Number(r?.s4 ?? 0), 5: Number(r?.s5 ?? 0) },
});

/** One shop's or biker's summary over its visible reviews in the caller's scope. */
export async function ratingSummaryOf(db: Db, scope: ServiceScope, target: RatingTarget, targetId: number, targetName: string): Promise<RatingSummary> {
  const column = target === 'shop' ? t.shopId : t.bikerId;
  const [row] = await db
    .select(summaryColumns)
    .from(t)
    .where(and(inScope(scope, target), eq(column, targetId), eq(t.hidden, false)));
  return toSummary(targetId, targetName, row);
}

/** A page of the shops' (or bikers') summaries in the caller's scope, the most reviewed first. */
export async function listRatingSummaries(
  db: Db,
  scope: ServiceScope,
  target: RatingTarget,
  query: { page: number; pageSize: number; areaId?: string; targetId?: string },
): Promise<ListResult<RatingSummary>> {
  const column = target === 'shop' ? t.shopId : t.bikerId;
  const name = target === 'shop' ? shops.name : bikers.name;
  const where = and(inScope(scope, target), eq(t.hidden, false), refEq(t.areaId, query.areaId), refEq(column, query.targetId));
  const base = db
    .select({ targetId: column, targetName: name, ...summaryColumns })
    .from(t)
    .leftJoin(shops, eq(shops.id, t.shopId))
    .leftJoin(bikers, eq(bikers.id, t.bikerId))
    .where(where)
    .groupBy(column, name);
  const { limit, offset } = pageWindow({ ...query, order: 'asc' });
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(sql`count(*) desc`, column)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(distinct ${column})::int` })
      .from(t)
      .where(where),
  ]);
  return { rows: rows.map((r) => toSummary(r.targetId ?? 0, r.targetName ?? '', r)), total: Number(total?.n ?? 0) };
}

/** One review in the caller's scope, with its shop's or biker's summary. */
export async function getRating(db: Db, scope: ServiceScope, target: RatingTarget, id: number): Promise<RatingItem | null> {
  const [row] = await select(db)
    .where(and(inScope(scope, target), eq(t.id, id)))
    .limit(1);
  if (!row) return null;
  const item = toItem(row);
  const targetId = target === 'shop' ? row.shopId : row.bikerId;
  return targetId === null ? item : { ...item, summary: await ratingSummaryOf(db, scope, target, targetId, item.targetName) };
}

/**
 * Hides a visible review (with the reason, who and when) or shows a hidden one again; the version goes up. Hiding a
 * hidden review, or showing a visible one, is 409 with the review as it is.
 */
export async function setRatingHidden(
  db: Db,
  scope: ServiceScope,
  target: RatingTarget,
  id: number,
  hide: { reason: string } | null,
  now: Date,
): Promise<RatingItem> {
  const [found] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(inScope(scope, target), eq(t.id, id)))
    .limit(1);
  if (!found) throw notFoundData();
  const [done] = await db
    .update(t)
    .set(
      hide
        ? { hidden: true, hiddenReason: hide.reason, hiddenBy: scope.userId, hiddenAt: now, version: sql`${t.version} + 1`, updatedAt: now }
        : { hidden: false, hiddenReason: null, hiddenBy: null, hiddenAt: null, version: sql`${t.version} + 1`, updatedAt: now },
    )
    .where(and(eq(t.id, id), eq(t.hidden, !hide)))
    .returning({ id: t.id });
  const item = (await getRating(db, scope, target, id))!;
  if (!done) throw conflict(item);
  return item;
}

export interface RatingSubmission {
  orderNo?: string;
  orderId?: string;
  target: RatingTarget;
  stars: number;
  comment: string;
}

/**
 * The member app rates a successful order's shop or biker (the order's member is the author). One review per order
 * and target: a second is 409 with the first. An order that is not `success` (or has no such party) is 400.
 */
export async function submitRating(db: Db, scope: ServiceScope, input: RatingSubmission, now: Date): Promise<RatingItem> {
  const orderId = input.orderId === undefined ? undefined : (parseId(input.orderId) ?? -1);
  const [order] = await db
    .select({
      id: orders.id,
      companyId: orders.companyId,
      appId: orders.appId,
      areaId: orders.areaId,
      memberId: orders.memberId,
      shopId: orders.shopId,
      bikerId: orders.bikerId,
      status: orders.status,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, scope.companyId),
        eq(orders.appId, scope.appId),
        scope.areaId === null ? undefined : eq(orders.areaId, scope.areaId),
        orderId === undefined ? undefined : eq(orders.id, orderId),
        input.orderNo === undefined ? undefined : eq(orders.orderNo, input.orderNo),
      ),
    )
    .limit(1);
  const field = input.orderNo === undefined ? 'orderId' : 'orderNo';
  if (!order) throw invalid({ [field]: [CODES.unknownReference] });
  if (order.status !== 'success') throw invalid({ [field]: [CODES.invalidTransition] });
  const partyId = input.target === 'shop' ? order.shopId : order.bikerId;
  if (partyId === null) throw invalid({ target: [CODES.invalidTransition] });
  const [row] = await db
    .insert(t)
    .values({
      companyId: order.companyId,
      appId: order.appId,
      areaId: order.areaId,
      target: input.target,
      orderId: order.id,
      memberId: order.memberId,
      shopId: input.target === 'shop' ? partyId : null,
      bikerId: input.target === 'biker' ? partyId : null,
      stars: input.stars,
      comment: input.comment,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [t.orderId, t.target] })
    .returning({ id: t.id });
  if (!row) {
    const [first] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.orderId, order.id), eq(t.target, input.target)))
      .limit(1);
    throw conflict(first ? await getRating(db, scope, input.target, first.id) : undefined);
  }
  return (await getRating(db, scope, input.target, row.id))!;
}
