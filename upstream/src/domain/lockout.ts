import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
}

/**
 * Milliseconds until the username may try again, or null when it may try now. Locked while the window holds
 * `maxFailures` failures; attempts while locked are refused without being counted, so the lock ends when the
 * oldest counted failure leaves the window.
 */
export async function lockedFor(db: Db, username: string, now: Date, policy: LockoutPolicy): Promise<number | null> {
  const since = new Date(now.getTime() - policy.windowMs);
  const rows = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(policy.maxFailures);
  if (rows.length < policy.maxFailures) return null;
  const oldest = rows[rows.length - 1]!.at;
  const remaining = oldest.getTime() + policy.windowMs - now.getTime();
  return remaining > 0 ? remaining : null;
}

export async function recordFailure(db: Db, username: string, now: Date, ip: string | null): Promise<void> {
  await db.insert(loginFailures).values({ username, at: now, ip });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}

export function lockoutMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
