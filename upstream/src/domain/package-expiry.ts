import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bikers, packageSubscriptions, shops, type PackageOwner } from '../db/schema';
import { ApiError, MESSAGES } from '../kit/errors';
import type { AppDeps } from '../kit/env';
import { flagExpired } from './package-subscriptions';

/**
 * What an expired package does (docs/orders.md section 2, "Package charges"). The periodic sweep
 * (`order-deadline-sweeper.ts`) marks every running subscription whose end has come `expired` and flags its owner
 * `package_expired`, until another package is assigned:
 *
 * - a shop is hidden from the member app's shop lists (`shopListedToMembers`) and refused new orders
 *   (`shopPackageExpired`: 400 `{shopId: ['packageExpired']}`);
 * - a biker cannot take an order, from the biker app or from an operator (`assertBikerPackageLive`: 409
 *   `BIKER_PACKAGE_EXPIRED`).
 *
 * Renewal is an assignment: saving the owner on a package again (the same one, or another) starts and charges a new
 * subscription; nothing is renewed or charged by itself at the end.
 */
export interface PackageSweep {
  expired: { ownerType: PackageOwner; ownerId: number; subscriptionId: number }[];
}

/** Expires the subscriptions whose end is `now` or earlier and flags their owners, in one transaction. */
export async function sweepPackageExpiry(db: Db, now: Date): Promise<PackageSweep> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(packageSubscriptions)
      .set({ status: 'expired', endedAt: packageSubscriptions.endsAt })
      .where(and(eq(packageSubscriptions.status, 'active'), lte(packageSubscriptions.endsAt, now)))
      .returning({ subscriptionId: packageSubscriptions.id, ownerType: packageSubscriptions.ownerType, ownerId: packageSubscriptions.ownerId });
    for (const type of ['shop', 'biker'] as const) {
      await flagExpired(
        tx,
        type,
        done.filter((d) => d.ownerType === type).map((d) => d.ownerId),
        true,
      );
    }
    return { expired: done };
  });
}

/** One pass of the sweep in the running server (`order-deadline-sweeper.ts`): logged, and never thrown. */
export async function expirePackages(deps: Pick<AppDeps, 'db' | 'now' | 'log'>): Promise<void> {
  try {
    const sweep = await sweepPackageExpiry(deps.db, deps.now());
    if (sweep.expired.length) deps.log(`[api] packages: ${sweep.expired.length} subscription(s) expired`);
  } catch (error) {
    deps.log(`[api] packages: pass failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The shops the member app lists: those whose package has not expired (add to a list's where). */
export const shopListedToMembers = (): SQL => eq(shops.packageExpired, false);

/** Whether a shop takes no new order for its package (the caller refuses it with `{shopId: ['packageExpired']}`). */
export async function shopPackageExpired(db: Db | Tx, shopId: number | null | undefined): Promise<boolean> {
  if (shopId == null) return false;
  const [row] = await db.select({ expired: shops.packageExpired }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return row?.expired === true;
}

/** A biker whose package expired takes no order: 409 `BIKER_PACKAGE_EXPIRED`. */
export async function assertBikerPackageLive(tx: Db | Tx, bikerId: number): Promise<void> {
  const [row] = await tx.select({ expired: bikers.packageExpired }).from(bikers).where(eq(bikers.id, bikerId)).limit(1);
  if (row?.expired) throw new ApiError(409, MESSAGES.bikerPackageExpired);
}
