import 'server-only';
import type { Redis } from 'ioredis';
import { processSingleton } from './process-state';

/**
 * Signed-out sessions, kept until the session would have expired so a copied cookie stops working.
 * In memory by default; in Redis when `REDIS_URL` is set (shared by several portal instances).
 */
export interface RevocationStore {
  revoke(sid: string, ttlMs: number): Promise<void>;
  isRevoked(sid: string): Promise<boolean>;
  /** Whether the store answers (readiness): always in memory; Redis must answer PING. */
  ready(): Promise<boolean>;
}

export class MemoryRevocationStore implements RevocationStore {
  private readonly entries = new Map<string, number>();
  private writes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async ready(): Promise<boolean> {
    return true;
  }

  async revoke(sid: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    this.entries.set(sid, this.now() + ttlMs);
    if (++this.writes % 256 === 0) this.prune();
  }

  async isRevoked(sid: string): Promise<boolean> {
    const until = this.entries.get(sid);
    if (until === undefined) return false;
    if (until <= this.now()) {
      this.entries.delete(sid);
      return false;
    }
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  prune(): void {
    const now = this.now();
    for (const [sid, until] of this.entries) if (until <= now) this.entries.delete(sid);
  }
}

const KEY_PREFIX = 'bo:revoked:';

/**
 * Redis store. Every revocation is also kept in memory: while Redis cannot be reached, this instance still
 * refuses the sessions it revoked itself.
 */
export class RedisRevocationStore implements RevocationStore {
  private client: Promise<Redis> | null = null;
  private readonly local = new MemoryRevocationStore();

  constructor(private readonly url: string) {}

  private redis(): Promise<Redis> {
    this.client ??= import('ioredis').then(
      ({ Redis: RedisClient }) => new RedisClient(this.url, { lazyConnect: false, maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: true }),
    );
    return this.client;
  }

  async revoke(sid: string, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    await this.local.revoke(sid, ttlMs);
    try {
      await (await this.redis()).set(KEY_PREFIX + sid, '1', 'PX', Math.ceil(ttlMs));
    } catch (error) {
      console.error('Session revocation could not be written to Redis:', (error as Error).message);
    }
  }

  async isRevoked(sid: string): Promise<boolean> {
    if (await this.local.isRevoked(sid)) return true;
    try {
      return (await (await this.redis()).exists(KEY_PREFIX + sid)) === 1;
    } catch (error) {
      // Fail closed: while the shared list cannot be read, no session is taken as live.
      console.error('Session revocation could not be read from Redis; the session is refused:', (error as Error).message);
      return true;
    }
  }

  async ready(): Promise<boolean> {
    try {
      return (await (await this.redis()).ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.client) (await this.client).disconnect();
  }
}

export function createRevocationStore(env: NodeJS.ProcessEnv = process.env): RevocationStore {
  return env.REDIS_URL ? new RedisRevocationStore(env.REDIS_URL) : new MemoryRevocationStore();
}

export function revocationStore(): RevocationStore {
  return processSingleton('revocation', () => createRevocationStore());
}
