import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, shopHours, shops, users, type WeekHours } from '../db/schema';
import { invalid } from '../kit/errors';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { settleVersionedWith } from '../kit/versioned';
import { inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, stamp, toMeta, type RowMeta } from './shop-common';
import type { ServiceScope } from './scope';

export type TimeShopItem = RowMeta & { shopId: string; shopName: string; hours: WeekHours };
export interface TimeShopQuery extends ListQuery {
  shopId?: string;
}

const t = shopHours;
const select = (db: Db) =>
  db
    .select({ ...metaColumns(t), shopId: t.shopId, shopName: shops.name, hours: t.hours })
    .from(t)
    .leftJoin(areas, joinAreaOn(t))
    .leftJoin(users, joinUpdaterOn(t))
    .leftJoin(shops, eq(shops.id, t.shopId));
type Row = Awaited<ReturnType<typeof select>>[number];

/** Days in order, ranges in order of opening. */
const tidy = (hours: WeekHours): WeekHours =>
  [...hours].sort((a, b) => a.day - b.day).map((d) => ({ day: d.day, ranges: [...d.ranges].sort((x, y) => x.open.localeCompare(y.open)) }));

const toItem = (r: Row): TimeShopItem => ({ ...toMeta(r), shopId: String(r.shopId), shopName: r.shopName ?? '', hours: r.hours });

export async function listTimeShops(db: Db, scope: ServiceScope, query: TimeShopQuery): Promise<ListResult<TimeShopItem>> {
  const where: SQL = and(
    listScope(t, scope, query.deleted),
    searchWhere([shops.name], query.q),
    query.shopId === undefined ? undefined : eq(t.shopId, parseId(query.shopId) ?? -1),
  )!;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor({ shopName: shops.name, updatedAt: t.updatedAt }, query, t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).leftJoin(shops, eq(shops.id, t.shopId)).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getTimeShop(db: Db, scope: ServiceScope, id: number, deleted = false): Promise<TimeShopItem | null> {
  const [row] = await select(db)
    .where(and(inAreaScope(t, scope, deleted), eq(t.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** The shop must be live in scope and have no live TimeShop yet. */
async function shopFor(db: Db, scope: ServiceScope, shopId: string): Promise<{ id: number; areaId: number }> {
  const [shop] = await db
    .select({ id: shops.id, areaId: shops.areaId })
    .from(shops)
    .where(and(inAreaScope(shops, scope), eq(shops.id, parseId(shopId) ?? -1)))
    .limit(1);
  if (!shop) throw invalid({ shopId: [CODES.unknownReference] });
  const [other] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.shopId, shop.id), isNull(t.deletedAt)))
    .limit(1);
  if (other) throw invalid({ shopId: [CODES.taken] });
  return shop;
}

export async function createTimeShop(db: Db, scope: ServiceScope, input: { shopId: string; hours: WeekHours }, now: Date): Promise<TimeShopItem> {
  const shop = await shopFor(db, scope, input.shopId);
  const [row] = await db
    .insert(t)
    .values({
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: shop.areaId,
      shopId: shop.id,
      hours: tidy(input.hours),
      createdAt: now,
      ...stamp(scope, now),
    })
    .returning({ id: t.id });
  return (await getTimeShop(db, scope, row!.id))!;
}

export async function updateTimeShop(db: Db, scope: ServiceScope, id: number, version: number, input: { hours: WeekHours }, now: Date): Promise<TimeShopItem> {
  const [row] = await db
    .update(t)
    .set({ hours: tidy(input.hours), version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope), eq(t.id, id), eq(t.version, version)))
    .returning({ id: t.id });
  await settleVersionedWith(row, () => getTimeShop(db, scope, id));
  return (await getTimeShop(db, scope, id))!;
}

export async function setTimeShopDeleted(db: Db, scope: ServiceScope, id: number, deleted: boolean, now: Date): Promise<boolean> {
  if (!deleted) {
    const gone = await getTimeShop(db, scope, id, true);
    if (!gone) return false;
    const [other] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.shopId, Number(gone.shopId)), isNull(t.deletedAt)))
      .limit(1);
    if (other) throw invalid({ shopId: [CODES.taken] });
  }
  const rows = await db
    .update(t)
    .set({ deletedAt: deleted ? now : null, version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope, !deleted), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length > 0;
}
