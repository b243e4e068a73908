import type { PermissionList } from '@contract/access';
import type { Db } from '../db/client';
import { loadPermissionList } from '../domain/permissions';

interface Entry {
  list: PermissionList;
  until: number;
}

/**
 * Permission lists read on the hot path (`getPermission`, permission checks), kept for `ttlMs`. Changes made through
 * this process drop the entries they affect at once; another instance sees them within `ttlMs`, like the token cache.
 */
export class PermissionCache {
  private readonly entries = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<PermissionList>>();
  /** Bumped by every drop, so a load that started before a change never stores the old list. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(db: Db, userId: number, nowMs: number): Promise<PermissionList> {
    const entry = this.entries.get(userId);
    if (entry && entry.until > nowMs) return entry.list;
    if (this.ttlMs <= 0) return loadPermissionList(db, userId);
    // One query per user at a time, however many requests are waiting for it.
    const startedAt = this.generation;
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = loadPermissionList(db, userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    const list = await pending;
    if (this.generation !== startedAt) return list;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(userId, { list, until: nowMs + this.ttlMs });
    return list;
  }

  drop(userId: number): void {
    this.generation += 1;
    this.loading.delete(userId);
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.loading.clear();
    this.entries.clear();
  }
}
