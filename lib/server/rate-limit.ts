import 'server-only';
import type { Redis } from 'ioredis';
import { processSingleton } from './process-state';
import { clientIp } from './sign-in';

/**
 * Fixed-window counters for the auth endpoints: per account, per address and for the whole portal. Kept in Redis when
 * `REDIS_URL` is set (so they hold across portal instances: INCR and PEXPIRE in one MULTI), in memory otherwise.
 * A Redis that cannot be reached falls back to this instance's own counters (never to no limit at all).
 */
export interface RateStore {
  /** Counts one hit of `key` in a window of `windowMs`; answers the count so far. */
  hit(key: string, windowMs: number, now?: number): Promise<number>;
}

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, { count: number; until: number }>();

  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    if (this.windows.size > 50_000) for (const [k, w] of this.windows) if (w.until <= now) this.windows.delete(k);
    const current = this.windows.get(key);
    if (!current || current.until <= now) {
      this.windows.set(key, { count: 1, until: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  }
}

export class RedisRateStore implements RateStore {
  private client: Promise<Redis> | null = null;
  private readonly local = new MemoryRateStore();

  constructor(private readonly url: string) {}

  private redis(): Promise<Redis> {
    this.client ??= import('ioredis').then(({ Redis: RedisClient }) => new RedisClient(this.url, { maxRetriesPerRequest: 1, connectTimeout: 2000 }));
    return this.client;
  }

  async hit(key: string, windowMs: number, now = Date.now()): Promise<number> {
    const local = await this.local.hit(key, windowMs, now);
    try {
      const full = `bo:rate:${key}`;
      const result = await (await this.redis()).multi().incr(full).pexpire(full, windowMs, 'NX').exec();
      const shared = Number(result?.[0]?.[1] ?? 0);
      return Math.max(shared, local);
    } catch (error) {
      console.error('Rate counters could not be read from Redis; this instance counts alone:', (error as Error).message);
      return local;
    }
  }

  async close(): Promise<void> {
    if (this.client) (await this.client).disconnect();
  }
}

export function rateStore(): RateStore {
  return processSingleton('rate-store', () => (process.env.REDIS_URL ? new RedisRateStore(process.env.REDIS_URL) : new MemoryRateStore()));
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of one auth call: its account (when named), its address (when known behind a trusted proxy) and the portal. */
export function authLimits(call: string, account: string | null, ip: string | null): Limit[] {
  const limits: Limit[] = [{ key: `${call}:all`, max: 600, windowMs: MINUTE }];
  if (ip) limits.push({ key: `${call}:ip:${ip}`, max: 30, windowMs: 15 * MINUTE });
  if (account) limits.push({ key: `${call}:acct:${account.trim().toLowerCase()}`, max: 20, windowMs: 15 * MINUTE });
  return limits;
}

/** Counts the call against every limit; true when one of them is over. */
export async function overLimit(limits: Limit[], store: RateStore = rateStore(), now = Date.now()): Promise<boolean> {
  let over = false;
  for (const limit of limits) if ((await store.hit(limit.key, limit.windowMs, now)) > limit.max) over = true;
  return over;
}

/**
 * 429 when the call is over one of its limits, else null. Sign-in counts per address and for the portal only: its
 * per-account limit is the Platform API's lockout, which counts every attempt atomically.
 */
export async function authRateLimit(headers: Headers, call: 'login' | 'register' | 'ForgotPassword' | 'InputOTP', account: string | null): Promise<boolean> {
  return overLimit(authLimits(call, call === 'login' ? null : account, clientIp(headers)));
}
