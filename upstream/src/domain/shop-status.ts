import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { shops, shopStatusHistory, users, type ShopStatus } from '../db/schema';
import { conflict, invalid, notFoundData } from '../kit/errors';
import { keysetBatches, sortKeyOf } from '../kit/export';
import { CODES } from '../kit/fields';
import { settleVersionedWith } from '../kit/versioned';
import { inAreaScope, stamp, toMeta } from './shop-common';
import { getShop, selectShops, SHOP_SORT, shopWhere, trimDecimal, type ShopItem, type ShopQuery, type ShopRow } from './shops';
import type { ServiceScope } from './scope';
import { canMoveShop } from '@contract/lifecycle';

export interface StatusChange {
  from: ShopStatus;
  to: ShopStatus;
  reason: string;
  by: { uid: string; displayName: string };
  at: string;
}

const record = (tx: Db | Tx, shopId: number, from: ShopStatus, to: ShopStatus, reason: string, scope: ServiceScope, now: Date) =>
  tx.insert(shopStatusHistory).values({ shopId, fromStatus: from, toStatus: to, reason, byUserId: scope.userId, at: now });

/** One shop's status change with the version last read; recorded in its history. */
export async function setShopStatus(
  db: Db,
  scope: ServiceScope,
  id: number,
  input: { status: ShopStatus; reason?: string; version: number },
  now: Date,
): Promise<ShopItem> {
  const before = await getShop(db, scope, id);
  if (!before) throw notFoundData();
  // A stale version is a conflict before anything else; the transition rule then always applies.
  if (before.version !== input.version) throw conflict(before);
  if (!canMoveShop(before.status, input.status)) throw invalid({ status: [CODES.invalidTransition] });
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(shops)
      .set({ status: input.status, version: sql`${shops.version} + 1`, ...stamp(scope, now) })
      .where(and(inAreaScope(shops, scope), eq(shops.id, id), eq(shops.version, input.version), eq(shops.status, before.status)))
      .returning({ id: shops.id });
    if (done) await record(tx, id, before.status, input.status, input.reason ?? '', scope, now);
    return done;
  });
  await settleVersionedWith(row, () => getShop(db, scope, id));
  return (await getShop(db, scope, id))!;
}

export async function shopHistory(db: Db, scope: ServiceScope, id: number): Promise<StatusChange[] | null> {
  if (!(await getShop(db, scope, id))) return null;
  const rows = await db
    .select({ h: shopStatusHistory, name: users.displayName })
    .from(shopStatusHistory)
    .leftJoin(users, eq(users.id, shopStatusHistory.byUserId))
    .where(eq(shopStatusHistory.shopId, id))
    .orderBy(asc(shopStatusHistory.at), asc(shopStatusHistory.id));
  return rows.map(({ h, name }) => ({
    from: h.fromStatus,
    to: h.toStatus,
    reason: h.reason,
    by: { uid: h.byUserId === null ? '' : String(h.byUserId), displayName: name ?? '' },
    at: h.at.toISOString(),
  }));
}

/** Bulk status: each allowed change is made and recorded; the others are refused with their reason. */
export async function bulkShopStatus(
  db: Db,
  scope: ServiceScope,
  ids: number[],
  to: ShopStatus,
  now: Date,
): Promise<{ changed: string[]; refused: { id: string; message: string }[] }> {
  const found = await db
    .select({ id: shops.id, status: shops.status })
    .from(shops)
    .where(and(inAreaScope(shops, scope), inArray(shops.id, ids)));
  const byId = new Map(found.map((r) => [r.id, r.status]));
  const changed: string[] = [];
  const refused: { id: string; message: string }[] = [];
  const movable: { id: number; from: ShopStatus }[] = [];
  for (const id of new Set(ids)) {
    const from = byId.get(id);
    if (from === undefined) refused.push({ id: String(id), message: 'NOT_FOUND_DATA' });
    else if (!canMoveShop(from, to)) refused.push({ id: String(id), message: CODES.invalidTransition });
    else movable.push({ id, from });
  }
  await db.transaction(async (tx) => {
    for (const { id, from } of movable) {
      const [done] = await tx
        .update(shops)
        .set({ status: to, version: sql`${shops.version} + 1`, ...stamp(scope, now) })
        .where(and(eq(shops.id, id), eq(shops.status, from)))
        .returning({ id: shops.id });
      if (!done) {
        refused.push({ id: String(id), message: 'CONFLICT' });
        continue;
      }
      await record(tx, id, from, to, '', scope, now);
      changed.push(String(id));
    }
  });
  return { changed, refused };
}

export const SHOP_CSV_HEADER = [
  'id',
  'name',
  'owner',
  'email',
  'phone',
  'status',
  'public',
  'openTime',
  'closeTime',
  'lat',
  'lng',
  'package',
  'type',
  'area',
  'createdAt',
];

/** Every shop matching the list query, as CSV rows in keyset batches. */
export async function* exportShops(db: Db, scope: ServiceScope, query: ShopQuery): AsyncGenerator<unknown[][]> {
  const batches = keysetBatches<ShopRow>(
    {
      sortable: SHOP_SORT,
      id: shops.id,
      read: (where, orderBy, limit) =>
        selectShops(db, sortKeyOf(SHOP_SORT, query))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit),
      keyOf: (row) => ({ value: row.sortKey, id: row.id as number }),
    },
    query,
    shopWhere(scope, query),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [
      r.id,
      r.name,
      r.owner,
      r.email,
      r.phone,
      r.status,
      r.public,
      r.openTime,
      r.closeTime,
      trimDecimal(r.lat),
      trimDecimal(r.lng),
      r.packageName ?? '',
      r.typeName ?? '',
      r.areaName ?? '',
      toMeta(r).createdAt,
    ]);
  }
}
