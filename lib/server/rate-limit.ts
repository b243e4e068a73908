import 'server-only';
import type { Redis } from 'ioredis';
import { addressBucket } from '@contract/client-address';
import { processSingleton } from './process-state';
import { clientIp } from './sign-in';

/**
 * Fixed-window counters for the auth endpoints: per client address and per account (see `AUTH_LIMITS`). Kept in Redis when
 * `REDIS_URL` is set (so they hold across portal instances: INCR and PEXPIRE in one MULTI), in memory otherwise.
 * A Redis that cannot be reached falls back to this instance's own counters (never to no limit at all).
 */
export interface RateStore {
  /** Counts one hit of `key` in a window of `windowMs`; answers the count so far. */
  hit(key: string, windowMs: number, now?: number): Promise<number>;
  /** Takes one hit of `key` back (a sign-in that succeeded), within the same window. */
  forgive(key: string, windowMs: number, now?: number): Promise<void>;
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

  async forgive(key: string, _windowMs: number, now = Date.now()): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.until > now && current.count > 0) current.count -= 1;
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

  async forgive(key: string, windowMs: number, now = Date.now()): Promise<void> {
    await this.local.forgive(key, windowMs, now);
    try {
      const full = `bo:rate:${key}`;
      // A key that expired meanwhile must not live on without an expiry.
      await (await this.redis()).multi().decr(full).pexpire(full, windowMs, 'NX').exec();
    } catch (error) {
      console.error('Rate counters could not be written to Redis:', (error as Error).message);
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

const WINDOW = 15 * 60_000;

export type AuthCall = 'login' | 'register' | 'ForgotPassword' | 'InputOTP';

/**
 * The numbers, per 15 minutes. `perAddress` counts one client address (an IPv6 /64 as one); `perAccountAddress` one
 * account (the name typed, or the reset reference) from one address; `perAccount` the account from every address
 * together, and is reached only by several addresses (`perAccount` > `perAccountAddress`), so no single address can
 * hold an account back for everyone else. Sign-in has no account limit here: its account lockout is the Platform
 * API's (10 failures per account and address, 100 per account), counted atomically before the password is checked.
 * A portal-wide counter is deliberately absent: whoever fills it stops everyone's sign-in.
 */
export const AUTH_LIMITS: Record<AuthCall, { perAddress: number; perAccountAddress?: number; perAccount?: number }> = {
  login: { perAddress: 30 },
  register: { perAddress: 30, perAccountAddress: 5, perAccount: 20 },
  ForgotPassword: { perAddress: 10, perAccountAddress: 5, perAccount: 20 },
  InputOTP: { perAddress: 30, perAccountAddress: 10, perAccount: 20 },
};

/**
 * The limits of one auth call, in the order they are counted: its address (when known, behind a trusted proxy), then
 * its account from that address, then its account. Without a known address the account limit alone applies.
 */
export function authLimits(call: AuthCall, account: string | null, ip: string | null): Limit[] {
  const numbers = AUTH_LIMITS[call];
  const limits: Limit[] = [];
  const address = ip ? addressBucket(ip) : null;
  if (address) limits.push({ key: `${call}:ip:${address}`, max: numbers.perAddress, windowMs: WINDOW });
  const name = account?.trim().toLowerCase();
  if (name && address && numbers.perAccountAddress) limits.push({ key: `${call}:acct:${name}@${address}`, max: numbers.perAccountAddress, windowMs: WINDOW });
  if (name && numbers.perAccount) limits.push({ key: `${call}:acct:${name}`, max: numbers.perAccount, windowMs: WINDOW });
  return limits;
}

/**
 * Counts the call against its limits in order; the first one that is over refuses it and nothing further is counted,
 * so attempts an address was already refused for never reach the account's shared count.
 */
export async function overLimit(limits: Limit[], store: RateStore = rateStore(), now = Date.now()): Promise<boolean> {
  for (const limit of limits) if ((await store.hit(limit.key, limit.windowMs, now)) > limit.max) return true;
  return false;
}

/** 429 when the call is over one of its limits (true), else false. */
export async function authRateLimit(headers: Headers, call: AuthCall, account: string | null): Promise<boolean> {
  return overLimit(authLimits(call, call === 'login' ? null : account, clientIp(headers)));
}

/** A sign-in that succeeded is not held against its address: an office behind one address signs in all day. */
export async function forgiveSignIn(headers: Headers, store: RateStore = rateStore(), now = Date.now()): Promise<void> {
  for (const limit of authLimits('login', null, clientIp(headers))) await store.forgive(limit.key, limit.windowMs, now);
}
