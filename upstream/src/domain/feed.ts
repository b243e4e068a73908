import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { Db } from '../db/client';
import { feedPosts, shops } from '../db/schema';
import type { Place } from '../kit/crud';
import { invalid } from '../kit/errors';
import { isoOf } from './announcements';
import { assertUnderShopLimit } from './catalogue-limits';
import { assertCompanyImages } from '../kit/image-refs';
import { imageUrlOf } from './images';
import type { ServiceScope } from './scope';

/** Marketplace → Feed: the platform's posts (no shop) and the shops' posts, bounded by their Limit_post. */
export const assertUnderPostLimit = (db: Db, shopId: number) => assertUnderShopLimit(db, 'post', feedPosts, shopId);

/** Whether a shop is a live shop of the place's company, app and area. */
async function shopOfPlace(db: Db, place: Place, shopId: number): Promise<boolean> {
  if (place.appId === null || place.areaId === null) return false;
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(eq(shops.id, shopId), eq(shops.companyId, place.companyId), eq(shops.appId, place.appId), eq(shops.areaId, place.areaId), isNull(shops.deletedAt)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A post's fields before they are written (the kit checks its picture, `kit/image-refs.ts`): no shop is the
 * platform's post; a shop is a live shop of the post's area (`{shopId: ['unknownReference']}`), and a new post of a
 * shop (a create, a restore, or a post moved to it) stays within the shop's post limit.
 */
export async function prepareFeedPost(
  db: Db,
  place: Place,
  input: Record<string, unknown>,
  current?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (input.shopId === '' || input.shopId === undefined || input.shopId === null) return { ...input, shopId: null };
  const shopId = Number(input.shopId);
  if (!(await shopOfPlace(db, place, shopId))) throw invalid({ shopId: [CODES.unknownReference] });
  if (!current || Number(current.shopId) !== shopId) await assertUnderPostLimit(db, shopId);
  return { ...input, shopId };
}

/** The kit's computed values of a post. */
export const feedComputed = { publishedAt: () => isoOf(feedPosts.publishedAt) };

/** A shop posts from the shop app: a live shop of the app, within its post limit; a picture's key is the company's upload. */
export async function createShopPost(
  db: Db,
  scope: ServiceScope,
  input: { shopId: string; title: string; body: string; imageUrl: string },
  now: Date,
): Promise<{ id: number }> {
  const shopId = Number(input.shopId);
  const [shop] = await db
    .select({ id: shops.id, areaId: shops.areaId })
    .from(shops)
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.companyId, scope.companyId),
        eq(shops.appId, scope.appId),
        scope.areaId === null ? undefined : eq(shops.areaId, scope.areaId),
        isNull(shops.deletedAt),
      ),
    )
    .limit(1);
  if (!shop) throw invalid({ shopId: [CODES.unknownReference] });
  await assertCompanyImages(db, scope.companyId, { imageUrl: input.imageUrl });
  return db.transaction(async (tx) => {
    // One post at a time per shop: the count and the insert are one step (two racing posts cannot pass the limit).
    await tx.execute(sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`);
    await assertUnderPostLimit(tx as unknown as Db, shopId);
    const [row] = await tx
      .insert(feedPosts)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: shop.areaId,
        shopId,
        title: input.title,
        body: input.body,
        imageUrl: input.imageUrl,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: feedPosts.id });
    return row!;
  });
}

/**
 * The Marketplace app's feed of an area: its live, active posts, newest first; a picture as the address the app loads
 * (`origin`: the Platform API's, as the app called it).
 */
export async function appFeed(db: Db, scope: ServiceScope, areaId: number, limit: number, origin: string) {
  const rows = await db
    .select({
      id: feedPosts.id,
      shopId: feedPosts.shopId,
      shopName: shops.name,
      title: feedPosts.title,
      body: feedPosts.body,
      imageUrl: feedPosts.imageUrl,
      publishedAt: feedPosts.publishedAt,
    })
    .from(feedPosts)
    .leftJoin(shops, eq(shops.id, feedPosts.shopId))
    .where(
      and(
        eq(feedPosts.companyId, scope.companyId),
        eq(feedPosts.appId, scope.appId),
        eq(feedPosts.areaId, areaId),
        scope.areaId === null ? undefined : eq(feedPosts.areaId, scope.areaId),
        eq(feedPosts.active, true),
        isNull(feedPosts.deletedAt),
      ),
    )
    .orderBy(desc(feedPosts.publishedAt), desc(feedPosts.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    shopName: r.shopName ?? null,
    imageUrl: imageUrlOf(r.imageUrl, origin),
    publishedAt: r.publishedAt.toISOString(),
  }));
}
