import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bikerPackages, bikers, packageSubscriptions, shopPackages, shops, type PackageOwner } from '../db/schema';
import { applyOperation, PLATFORM, type Leg } from './ledger';

/**
 * Packages that bill and expire (docs/orders.md section 2, "Package charges"). A shop (Shop Management's and the
 * Marketplace's `shop_packages`) or a biker (`biker_packages`) put on a package starts a subscription: from now for
 * the package's duration in days, at its price (shops) or fee (bikers), charged once through the ledger in the same
 * transaction as the assignment (`package:{subscription id}`: the owner's wallet pays, the platform's receives).
 *
 * - Saving the owner with the package it already has starts nothing and charges nothing (a re-save, a retry), unless
 *   that package expired: then the save renews it (a new subscription, charged).
 * - Another package ends the current subscription (`replaced`) and starts a new one at the new package's full price;
 *   nothing of the old one is refunded or carried over (no proration).
 * - A shop short of money still gets its package: the charge takes its wallet below zero, and the shop owes the
 *   platform until its payouts cover it (it cannot withdraw meanwhile). A biker's wallet may go below zero anyway.
 */
type Conn = Db | Tx;
export type SubscriptionRow = typeof packageSubscriptions.$inferSelect;

/** The owner of a package and its place. */
export interface PackageHolder {
  type: PackageOwner;
  id: number;
  companyId: number;
  appId: number;
  areaId: number;
}

const DAY_MS = 86_400_000;

/** The package's name, duration and what it costs (a shop package's price, a biker package's fee). */
async function packageTerms(tx: Conn, type: PackageOwner, packageId: number): Promise<{ name: string; duration: number; price: number } | null> {
  const [row] =
    type === 'shop'
      ? await tx
          .select({ name: shopPackages.name, duration: shopPackages.duration, price: shopPackages.price })
          .from(shopPackages)
          .where(eq(shopPackages.id, packageId))
          .limit(1)
      : await tx
          .select({ name: bikerPackages.name, duration: bikerPackages.duration, price: bikerPackages.fee })
          .from(bikerPackages)
          .where(eq(bikerPackages.id, packageId))
          .limit(1);
  return row ?? null;
}

/** The ledger's legs of a charge: the owner pays the price, the platform receives it. */
function chargeLegs(owner: PackageHolder, price: number, name: string): Leg[] {
  const note = `package: ${name}`;
  return [
    { owner: { type: owner.type, id: owner.id, areaId: owner.areaId }, type: 'pay', amount: -price, overdraft: owner.type === 'shop', note },
    { owner: PLATFORM, type: 'pay', amount: price, note },
  ];
}

/** Sets or clears the owner's `package_expired` flag. */
export async function flagExpired(tx: Conn, type: PackageOwner, ids: number[], expired: boolean): Promise<void> {
  if (!ids.length) return;
  if (type === 'shop') await tx.update(shops).set({ packageExpired: expired }).where(inArray(shops.id, ids));
  else await tx.update(bikers).set({ packageExpired: expired }).where(inArray(bikers.id, ids));
}

/** Whether the owner's package expired (its `package_expired` flag). */
async function isExpired(tx: Conn, owner: PackageHolder): Promise<boolean> {
  const [row] =
    owner.type === 'shop'
      ? await tx.select({ expired: shops.packageExpired }).from(shops).where(eq(shops.id, owner.id)).limit(1)
      : await tx.select({ expired: bikers.packageExpired }).from(bikers).where(eq(bikers.id, owner.id)).limit(1);
  return row?.expired === true;
}

/** Ends the owner's running subscription (another package, or none, takes its place). */
async function endCurrent(tx: Conn, owner: PackageHolder, now: Date): Promise<void> {
  await tx
    .update(packageSubscriptions)
    .set({ status: 'replaced', endedAt: now })
    .where(and(eq(packageSubscriptions.ownerType, owner.type), eq(packageSubscriptions.ownerId, owner.id), eq(packageSubscriptions.status, 'active')));
}

/**
 * The owner's package after a save, in the caller's transaction: when it changed (`before` → `after`), or the owner's
 * package expired and it is saved on one again (a renewal), the current subscription ends and, for a package, a new
 * one starts and its price is charged; the owner is no longer expired.
 * Answers the new subscription, or null when nothing started.
 */
export async function packageSaved(
  tx: Conn,
  owner: PackageHolder,
  before: number | null,
  after: number | null,
  now: Date,
  by: number | null,
): Promise<SubscriptionRow | null> {
  if (after === before && !(after !== null && (await isExpired(tx, owner)))) return null;
  await endCurrent(tx, owner, now);
  await flagExpired(tx, owner.type, [owner.id], false);
  if (after === null) return null;
  const terms = await packageTerms(tx, owner.type, after);
  if (!terms) return null;
  const [made] = await tx
    .insert(packageSubscriptions)
    .values({
      companyId: owner.companyId,
      appId: owner.appId,
      areaId: owner.areaId,
      ownerType: owner.type,
      ownerId: owner.id,
      packageId: after,
      packageName: terms.name,
      durationDays: terms.duration,
      price: terms.price,
      startsAt: now,
      endsAt: new Date(now.getTime() + terms.duration * DAY_MS),
      createdAt: now,
      createdBy: by,
    })
    .returning();
  await applyOperation(
    tx,
    {
      place: { companyId: owner.companyId, appId: owner.appId },
      key: `package:${made!.id}`,
      kind: 'package',
      legs: chargeLegs(owner, terms.price, terms.name),
    },
    now,
  );
  return made!;
}

/** What a page shows of an owner's package: its current (latest) subscription. */
export interface CurrentPackage {
  packageStartsAt: string | null;
  packageEndsAt: string | null;
  packageExpired: boolean;
}

/** The owners' latest subscriptions, by owner id (owners without one are left out). */
export async function currentSubscriptions(db: Conn, type: PackageOwner, ids: number[]): Promise<Map<number, SubscriptionRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([packageSubscriptions.ownerId])
    .from(packageSubscriptions)
    .where(and(eq(packageSubscriptions.ownerType, type), inArray(packageSubscriptions.ownerId, ids)))
    .orderBy(packageSubscriptions.ownerId, desc(packageSubscriptions.id));
  return new Map(rows.map((r) => [r.ownerId, r]));
}

/** The page's view of an owner's package: its latest subscription's dates, and the owner's expired flag. */
export const currentPackageOf = (row: SubscriptionRow | undefined, expired: boolean): CurrentPackage => ({
  packageStartsAt: row?.startsAt.toISOString() ?? null,
  packageEndsAt: row?.endsAt.toISOString() ?? null,
  packageExpired: expired,
});
