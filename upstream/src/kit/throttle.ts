import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { reserveAttempt } from '../domain/lockout';
import type { AppDeps } from './env';
import { ApiError } from './errors';

/** The socket's peer (never a header: X-Forwarded-For is the client's to write). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** One counter: at most `max` requests under `key` per lockout window. */
export interface Limit {
  key: string;
  max: number;
}

export function tooManyMessage(retryInMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryInMs / 60_000));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Counts one request against each limit, in the database (so the limits hold across instances), each in one
 * serialized step per key; the first limit that is full answers 429 and nothing further is counted.
 */
export async function throttle(deps: AppDeps, limits: readonly Limit[], ip: string | null): Promise<void> {
  const now = deps.now();
  for (const limit of limits) {
    const reserved = await reserveAttempt(deps.db, limit.key, now, { maxFailures: limit.max, windowMs: deps.config.lockout.windowMs }, ip);
    if (!reserved.ok) throw new ApiError(429, tooManyMessage(reserved.retryInMs));
  }
}
