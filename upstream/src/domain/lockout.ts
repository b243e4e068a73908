import { and, count, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { loginFailures } from '../db/schema';
import { addressBucket } from '@contract/client-address';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
}

/**
 * Whom a sign-in attempt counts against: the account (its username and its e-mail are one), or for a name no account
 * has, that name (so guessing names costs the same).
 */
export const accountKey = (user: { id: number } | null, login: string): string => (user ? `uid:${user.id}` : `name:${login}`);

/**
 * How many addresses an account's own lock needs: one address may fail `maxFailures` times per window for an account,
 * after which only that address waits; the account locks for everyone at `maxFailures × ACCOUNT_LOCK_ADDRESSES`
 * failures, which one address alone can never reach.
 */
export const ACCOUNT_LOCK_ADDRESSES = 10;

/** The counter of one key from one address (an IPv6 /64 as one). */
export const addressKey = (key: string, address: string): string => `${key}@${addressBucket(address)}`;

/** The two counters of a sign-in, in the order they are counted: the account from this address, then the account. */
export function signInKeys(account: string, address: string, policy: LockoutPolicy): { key: string; policy: LockoutPolicy }[] {
  return [
    { key: addressKey(account, address), policy },
    { key: account, policy: { ...policy, maxFailures: policy.maxFailures * ACCOUNT_LOCK_ADDRESSES } },
  ];
}

/**
 * Reserves an attempt on each counter in order; the first that is full answers, and what follows is not counted (an
 * address already waiting adds nothing to the account's count). `clearFailures(account, address)` forgives both.
 */
export async function reserveSignIn(db: Db, account: string, address: string, now: Date, policy: LockoutPolicy, ip: string | null): Promise<Reservation> {
  let last: Reservation = { ok: false, retryInMs: 1 };
  for (const counter of signInKeys(account, address, policy)) {
    last = await reserveAttempt(db, counter.key, now, counter.policy, ip);
    if (!last.ok) return last;
  }
  return last;
}

export type Reservation = { ok: true; id: number } | { ok: false; retryInMs: number };

/**
 * Counts an attempt before its password is checked, in one serialized step per account: while the window holds
 * `maxFailures` attempts the answer is "locked" and nothing is counted; otherwise the attempt is recorded (as a
 * failure until `forgiveAttempt` takes it back). However many attempts arrive at once, at most `maxFailures`
 * passwords are checked per window.
 */
export async function reserveAttempt(db: Db, key: string, now: Date, policy: LockoutPolicy, ip: string | null): Promise<Reservation> {
  const since = new Date(now.getTime() - policy.windowMs);
  return db.transaction(async (tx) => {
    // One attempt at a time per account, across connections (PostgreSQL) as within one (PGlite).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
    // What fell out of the window counts no more: the key's old rows go, so the table stays the size of one window.
    await tx.delete(loginFailures).where(and(eq(loginFailures.username, key), lte(loginFailures.at, since)));
    const [held] = await tx
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, key), gt(loginFailures.at, since)));
    if ((held?.n ?? 0) >= policy.maxFailures) {
      const remaining = (held?.oldest ?? now).getTime() + policy.windowMs - now.getTime();
      return { ok: false as const, retryInMs: Math.max(remaining, 1) };
    }
    const [row] = await tx.insert(loginFailures).values({ username: key, at: now, ip }).returning({ id: loginFailures.id });
    return { ok: true as const, id: row!.id };
  });
}

/**
 * A success (a sign-in, a reset, a password change): the key's failures are forgiven (its own attempt included), and
 * with `address` that address's count for the key too. Other addresses' counts stay: an address that was guessing
 * keeps waiting.
 */
export async function clearFailures(db: Db | Tx, key: string, address?: string): Promise<void> {
  const keys = address === undefined ? [key] : [key, addressKey(key, address)];
  await db.delete(loginFailures).where(inArray(loginFailures.username, keys));
}

export function lockoutMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
