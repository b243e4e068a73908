import type { PermissionList } from '@contract/access';
import type { Db } from '../db/client';
import { loadPermissionList } from '../domain/permissions';
import { LoadingCache } from './loading-cache';

/**
 * Permission lists read on the hot path (`getPermission`, permission checks), kept for `ttlMs`. Changes made through
 * this process drop the entries they affect at once; another instance sees them within `ttlMs`, like the token cache.
 */
export class PermissionCache {
  private readonly cache: LoadingCache<number, PermissionList>;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.cache = new LoadingCache(ttlMs, maxEntries);
  }

  get(db: Db, userId: number, nowMs: number): Promise<PermissionList> {
    return this.cache.get(userId, () => loadPermissionList(db, userId), nowMs);
  }

  drop(userId: number): void {
    this.cache.drop(userId);
  }

  clear(): void {
    this.cache.clear();
  }
}
