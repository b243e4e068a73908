import { and, count, eq, isNull } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { Db } from '../db/client';
import { feedPosts, foods, products, shopPackages, shops } from '../db/schema';
import { ApiError, MESSAGES } from '../kit/errors';

/**
 * A shop's limits: its Limit_product (foods for Delivery shops, products for Marketplace shops) and its Limit_post
 * (Marketplace feed posts), each never more than its package's (the Shop form keeps the first within the second; a
 * package lowered later still caps it).
 */
const LIMITS = {
  product: { own: shops.limitProduct, pkg: shopPackages.limitProduct, code: CODES.productLimit },
  post: { own: shops.limitPost, pkg: shopPackages.limitPost, code: CODES.postLimit },
} as const;
export type ShopLimit = keyof typeof LIMITS;

export async function shopLimitOf(db: Db, shopId: number, kind: ShopLimit): Promise<number | null> {
  const { own, pkg } = LIMITS[kind];
  const [row] = await db.select({ own, pkg }).from(shops).leftJoin(shopPackages, eq(shopPackages.id, shops.packageId)).where(eq(shops.id, shopId)).limit(1);
  if (!row) return null;
  return row.pkg === null ? row.own : Math.min(row.own, row.pkg);
}

/**
 * Refuses one more row of a shop that has as many live rows (foods, products or feed posts) as its limit allows:
 * 400 `{shopId: ['productLimit' | 'postLimit']}` with `data.params.shopId.limit`, so the form's message names the number.
 */
export async function assertUnderShopLimit(db: Db, kind: ShopLimit, table: typeof foods | typeof products | typeof feedPosts, shopId: number): Promise<void> {
  const limit = await shopLimitOf(db, shopId, kind);
  if (limit === null) return;
  const [live] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.shopId, shopId), isNull(table.deletedAt)));
  if ((live?.n ?? 0) >= limit) {
    throw new ApiError(400, MESSAGES.validation, { shopId: [LIMITS[kind].code] }, { params: { shopId: { limit } } });
  }
}

export const assertUnderProductLimit = (db: Db, table: typeof foods | typeof products, shopId: number) => assertUnderShopLimit(db, 'product', table, shopId);
