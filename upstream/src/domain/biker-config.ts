import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bikerConfigs, commissionConfigs, users } from '../db/schema';
import { idString } from '../kit/schemas';
import { readOrCreate, settleVersionedWith } from '../kit/versioned';
import { DEFAULT_RATES } from './ledger';
import type { ServiceScope } from './scope';

export interface BikerConfigFields {
  maxTasks: number;
  acceptTimeoutSec: number;
  searchRadiusKm: number;
  maxOnlineHours: number;
  /** Basis points of the delivery fee the app keeps: 2000 = 20 %. */
  commissionRate: number;
}
export type BikerConfigItem = BikerConfigFields & {
  id: string;
  appId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: { uid: string; displayName: string };
};

const t = bikerConfigs;
/**
 * The commission rate shown here is the one the ledger splits the delivery fee of new orders by
 * (`commission_configs.biker_commission`): one value, read there and written in both places.
 */
const read = (db: Db, scope: ServiceScope) =>
  db
    .select({ c: t, name: users.displayName, commissionRate: commissionConfigs.bikerCommission })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .leftJoin(commissionConfigs, eq(commissionConfigs.appId, t.appId))
    .where(and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId)))
    .limit(1);

/** The app's biker settings; written with the defaults the first time they are read. */
export async function bikerConfig(db: Db, scope: ServiceScope, now: Date): Promise<BikerConfigItem> {
  const { c, name, commissionRate } = await readOrCreate(
    async () => (await read(db, scope))[0],
    () =>
      db
        .insert(t)
        .values({ companyId: scope.companyId, appId: scope.appId, commissionRate: DEFAULT_RATES.bikerCommission, createdAt: now, updatedAt: now })
        .onConflictDoNothing(),
  );
  return {
    id: String(c.id),
    appId: String(c.appId),
    maxTasks: c.maxTasks,
    acceptTimeoutSec: c.acceptTimeoutSec,
    searchRadiusKm: c.searchRadiusKm,
    maxOnlineHours: c.maxOnlineHours,
    commissionRate: commissionRate ?? c.commissionRate,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: { uid: idString(c.updatedBy), displayName: name ?? '' },
  };
}

/** Saves the settings at the version last read (409 with the settings as they are now when stale). */
export async function updateBikerConfig(db: Db, scope: ServiceScope, version: number, input: BikerConfigFields, now: Date): Promise<BikerConfigItem> {
  const current = await bikerConfig(db, scope, now);
  // The settings and the rate new orders are split by change together, or not at all.
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(t)
      .set({
        maxTasks: input.maxTasks,
        acceptTimeoutSec: input.acceptTimeoutSec,
        searchRadiusKm: input.searchRadiusKm,
        maxOnlineHours: input.maxOnlineHours,
        commissionRate: input.commissionRate,
        version: sql`${t.version} + 1`,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .where(and(eq(t.id, Number(current.id)), eq(t.version, version)))
      .returning({ id: t.id });
    if (!updated) return undefined;
    await tx
      .insert(commissionConfigs)
      .values({ appId: scope.appId, companyId: scope.companyId, bikerCommission: input.commissionRate, updatedAt: now })
      .onConflictDoUpdate({
        target: commissionConfigs.appId,
        set: { bikerCommission: input.commissionRate, version: sql`${commissionConfigs.version} + 1`, updatedAt: now },
      });
    return updated;
  });
  await settleVersionedWith(row, () => bikerConfig(db, scope, now));
  return bikerConfig(db, scope, now);
}
