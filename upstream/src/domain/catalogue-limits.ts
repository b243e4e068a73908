import { and, count, eq, isNull } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { Db } from '../db/client';
import { foods, products, shopPackages, shops } from '../db/schema';
import { ApiError, MESSAGES } from '../kit/errors';

/**
 * A shop's product limit: its Limit_product, never more than its package's (the Shop form keeps the first within the
 * second; a package lowered later still caps it). Foods count for Delivery shops, products for Marketplace shops.
 */
export async function productLimitOf(db: Db, shopId: number): Promise<number | null> {
  const [row] = await db
    .select({ own: shops.limitProduct, pkg: shopPackages.limitProduct })
    .from(shops)
    .leftJoin(shopPackages, eq(shopPackages.id, shops.packageId))
    .where(eq(shops.id, shopId))
    .limit(1);
  if (!row) return null;
  return row.pkg === null ? row.own : Math.min(row.own, row.pkg);
}

/**
 * Refuses a new food or product of a shop that has as many as its limit allows: 400 `{shopId: ['productLimit']}` with
 * `data.params.shopId.limit`, so the form's message names the number.
 */
export async function assertUnderProductLimit(db: Db, table: typeof foods | typeof products, shopId: number): Promise<void> {
  const limit = await productLimitOf(db, shopId);
  if (limit === null) return;
  const [live] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.shopId, shopId), isNull(table.deletedAt)));
  if ((live?.n ?? 0) >= limit) {
    throw new ApiError(400, MESSAGES.validation, { shopId: [CODES.productLimit] }, { params: { shopId: { limit } } });
  }
}
