import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { autologinNonces, shops } from '../db/schema';
import type { UserRow } from './users';

/** Records a link's nonce; false when it was seen before (by this or any other instance). */
/** A nonce is kept well past the longest life of its token (300 s ahead at most), then dropped. */
export const NONCE_KEEP_MS = 60 * 60_000;

export async function consumeNonce(db: Db, nonce: string, purpose: string, uid: string, now: Date): Promise<boolean> {
  // Nonces of links that can no longer verify are pruned as new ones come in, so the table stays small.
  await db.delete(autologinNonces).where(lt(autologinNonces.usedAt, new Date(now.getTime() - NONCE_KEEP_MS)));
  const rows = await db.insert(autologinNonces).values({ nonce, purpose, uid, usedAt: now }).onConflictDoNothing().returning({ nonce: autologinNonces.nonce });
  return rows.length === 1;
}

/** The shop an auto-login-shop link names, if the user may work with it (same company; staff: same app and area). */
export async function shopForUser(db: Db, user: UserRow, shopId: number): Promise<number | null> {
  const [shop] = await db
    .select({ id: shops.id, companyId: shops.companyId, appId: shops.appId, areaId: shops.areaId })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)))
    .limit(1);
  if (!shop || shop.companyId !== user.companyId) return null;
  if (user.role === 'staff' && (shop.appId !== user.appId || shop.areaId !== user.areaId)) return null;
  return shop.id;
}
