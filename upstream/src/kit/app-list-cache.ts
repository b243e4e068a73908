import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, type AppType } from '../db/schema';

interface Entry {
  ids: number[];
  until: number;
}

/**
 * The ids of a company's apps of one service, oldest first (an admin's service calls work in one of them), kept for
 * `ttlMs`. An app is never deleted and never changes its company or service, so only a new app changes a list: adding
 * one through this process drops its company's lists at once; another instance sees it within `ttlMs`.
 */
export class AppListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<number[]>>();
  /** Bumped by every drop, so a load that started before a change never stores the old list. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(db: Db, companyId: number, appType: AppType, nowMs: number): Promise<number[]> {
    const key = `${companyId}:${appType}`;
    const entry = this.entries.get(key);
    if (entry && entry.until > nowMs) return entry.ids;
    if (this.ttlMs <= 0) return load(db, companyId, appType);
    const startedAt = this.generation;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load(db, companyId, appType).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    const ids = await pending;
    if (this.generation !== startedAt) return ids;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { ids, until: nowMs + this.ttlMs });
    return ids;
  }

  /** After a change to the company's apps. */
  drop(companyId: number): void {
    this.generation += 1;
    for (const key of [...this.loading.keys(), ...this.entries.keys()]) {
      if (!key.startsWith(`${companyId}:`)) continue;
      this.loading.delete(key);
      this.entries.delete(key);
    }
  }
}

async function load(db: Db, companyId: number, appType: AppType): Promise<number[]> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.companyId, companyId), eq(apps.appType, appType)))
    .orderBy(asc(apps.id));
  return rows.map((r) => r.id);
}
