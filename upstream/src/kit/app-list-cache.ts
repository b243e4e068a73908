import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apps, type AppType } from '../db/schema';
import { LoadingCache } from './loading-cache';

/**
 * The ids of a company's apps of one service, oldest first (an admin's service calls work in one of them), kept for
 * `ttlMs`. An app is never deleted and never changes its company or service, so only a new app changes a list: adding
 * one through this process drops its company's lists at once; another instance sees it within `ttlMs`.
 */
export class AppListCache {
  private readonly cache: LoadingCache<string, number[]>;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.cache = new LoadingCache(ttlMs, maxEntries);
  }

  get(db: Db, companyId: number, appType: AppType, nowMs: number): Promise<number[]> {
    return this.cache.get(`${companyId}:${appType}`, () => load(db, companyId, appType), nowMs);
  }

  /** After a change to the company's apps. */
  drop(companyId: number): void {
    this.cache.dropWhere((key) => key.startsWith(`${companyId}:`));
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
