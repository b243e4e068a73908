import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PromotionStatus } from '@contract/resources/promotion';
import type { Db } from '../db/client';
import { popularShops, promotions, shops } from '../db/schema';
import { CODES } from '../kit/fields';
import { invalid } from '../kit/errors';
import type { Place } from '../kit/crud';
import { companyTimeZone, companyTodaySql } from './company-time';
import { localDay } from './order-dates';
import type { ServiceScope } from './scope';
import { shopListedToMembers } from './package-expiry';

/**
 * Promotions and popular shops: the live shops of an area they may name, a promotion's status on the day, and what
 * the member app reads of them (the running ones of an area, today). Their periods are days in the company's time zone:
 * a period opens at the start of its first day there and closes at the end of its last.
 */

/** The ids among `ids` that are not live shops of the place's company, app and area. */
async function notShopsOf(db: Db, place: Place, ids: number[]): Promise<number[]> {
  if (ids.length === 0 || place.appId === null || place.areaId === null) return ids;
  const found = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(inArray(shops.id, ids), eq(shops.companyId, place.companyId), eq(shops.appId, place.appId), eq(shops.areaId, place.areaId), isNull(shops.deletedAt)),
    );
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** A promotion's fields before they are written: an `app` promotion names no shops; a `shops` one only live shops of its area. */
export async function preparePromotion(db: Db, place: Place, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (input.target !== 'shops') return { ...input, shopIds: [] };
  const ids = (input.shopIds as number[] | undefined) ?? [];
  if ((await notShopsOf(db, place, ids)).length > 0) throw invalid({ shopIds: [CODES.unknownReference] });
  return input;
}

/** A popular shop's fields before they are written: the shop is a live shop of the entry's area. */
export async function preparePopular(db: Db, place: Place, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  if ((await notShopsOf(db, place, [Number(input.shopId)])).length > 0) throw invalid({ shopId: [CODES.unknownReference] });
  return input;
}

/** A promotion's status on the day of `now` in its company's zone, in SQL (the list's column and its filter). */
export const promotionStatusSql = (now: Date): SQL<PromotionStatus> => {
  const today = companyTodaySql(now, promotions.companyId);
  return sql<PromotionStatus>`(CASE WHEN NOT ${promotions.active} THEN 'off' WHEN ${promotions.startsOn} > ${today} THEN 'scheduled' WHEN ${promotions.endsOn} < ${today} THEN 'ended' ELSE 'running' END)`;
};

/** The rows of an area the caller may read: staff only their own area. */
const areaOf = (table: typeof promotions | typeof popularShops, scope: ServiceScope, areaId: number): SQL =>
  and(
    eq(table.companyId, scope.companyId),
    eq(table.appId, scope.appId),
    eq(table.areaId, areaId),
    scope.areaId === null ? undefined : eq(table.areaId, scope.areaId),
    isNull(table.deletedAt),
  )!;

/**
 * The promotions the member app shows in an area today: active, today within their period; with a shop, the
 * app-wide ones and those naming that shop. The latest to start first.
 */
export async function runningPromotions(db: Db, scope: ServiceScope, query: { areaId: number; shopId?: number }, now: Date) {
  const today = localDay(now, await companyTimeZone(db, scope.companyId));
  const rows = await db
    .select({
      id: promotions.id,
      title: promotions.title,
      imageUrl: promotions.imageUrl,
      detail: promotions.detail,
      target: promotions.target,
      shopIds: promotions.shopIds,
      startsOn: promotions.startsOn,
      endsOn: promotions.endsOn,
    })
    .from(promotions)
    .where(
      and(
        areaOf(promotions, scope, query.areaId),
        eq(promotions.active, true),
        sql`${promotions.startsOn} <= ${today}`,
        sql`${promotions.endsOn} >= ${today}`,
        query.shopId === undefined ? undefined : or(eq(promotions.target, 'app'), sql`${promotions.shopIds} @> ${JSON.stringify([query.shopId])}::jsonb`),
      ),
    )
    .orderBy(desc(promotions.startsOn), desc(promotions.id));
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/**
 * The popular shops the member app lists in an area today, in hand order: active, today within their period, the shop
 * live and its package not expired.
 */
export async function runningPopularShops(db: Db, scope: ServiceScope, query: { areaId: number }, now: Date) {
  const today = localDay(now, await companyTimeZone(db, scope.companyId));
  const rows = await db
    .select({ shopId: popularShops.shopId, shopName: shops.name, sortOrder: popularShops.sortOrder })
    .from(popularShops)
    .innerJoin(shops, eq(shops.id, popularShops.shopId))
    .where(
      and(
        areaOf(popularShops, scope, query.areaId),
        eq(popularShops.active, true),
        isNull(shops.deletedAt),
        shopListedToMembers(),
        sql`(${popularShops.startsOn} = '' OR ${popularShops.startsOn} <= ${today})`,
        sql`(${popularShops.endsOn} = '' OR ${popularShops.endsOn} >= ${today})`,
      ),
    )
    .orderBy(asc(popularShops.sortOrder), asc(popularShops.id));
  return rows.map((r) => ({ ...r, shopId: String(r.shopId) }));
}
