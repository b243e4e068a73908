import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commissionConfigs, shopConfigs, shopPackages, shopTypes, users } from '../db/schema';
import { invalid, type FieldErrors } from '../kit/errors';
import { CODES } from '../kit/fields';
import { idString, parseId } from '../kit/schemas';
import { readOrCreate, settleVersionedWith } from '../kit/versioned';
import { DEFAULT_RATES } from './ledger';
import type { ServiceScope } from './scope';

export interface ShopConfigFields {
  defaultPackageId: string;
  defaultTypeId: string;
  /** Basis points: 1500 = 15 %. */
  commissionRate: number;
  defaultOpenTime: string;
  defaultCloseTime: string;
}
export type ShopConfigItem = ShopConfigFields & {
  id: string;
  appId: string;
  areaId: string;
  areaName: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: { uid: string; displayName: string };
};

const t = shopConfigs;
/**
 * The commission rate shown here is the one the ledger splits new orders by (`commission_configs.shop_commission`): one
 * value, read and written in one place.
 */
const read = (db: Db, scope: ServiceScope) =>
  db
    .select({ c: t, name: users.displayName, commissionRate: commissionConfigs.shopCommission })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .leftJoin(commissionConfigs, eq(commissionConfigs.appId, t.appId))
    .where(and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId)))
    .limit(1);

/** The app's shop settings; written with the defaults the first time they are read. */
export async function shopConfig(db: Db, scope: ServiceScope, now: Date): Promise<ShopConfigItem> {
  const { c, name, commissionRate } = await readOrCreate(
    async () => (await read(db, scope))[0],
    () => db.insert(t).values({ companyId: scope.companyId, appId: scope.appId, createdAt: now, updatedAt: now }).onConflictDoNothing(),
  );
  return {
    id: String(c.id),
    appId: String(c.appId),
    areaId: '',
    areaName: '',
    defaultPackageId: idString(c.defaultPackageId),
    defaultTypeId: idString(c.defaultTypeId),
    commissionRate: commissionRate ?? DEFAULT_RATES.shopCommission,
    defaultOpenTime: c.defaultOpenTime,
    defaultCloseTime: c.defaultCloseTime,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: { uid: idString(c.updatedBy), displayName: name ?? '' },
  };
}

/** The defaults must name a live package and type of the app. */
export async function updateShopConfig(db: Db, scope: ServiceScope, version: number, input: ShopConfigFields, now: Date): Promise<ShopConfigItem> {
  const current = await shopConfig(db, scope, now);
  const errors: FieldErrors = {};
  const pkgId = input.defaultPackageId ? (parseId(input.defaultPackageId) ?? -1) : null;
  const typeId = input.defaultTypeId ? (parseId(input.defaultTypeId) ?? -1) : null;
  if (pkgId !== null) {
    const [p] = await db
      .select({ id: shopPackages.id })
      .from(shopPackages)
      .where(and(eq(shopPackages.id, pkgId), eq(shopPackages.appId, scope.appId), isNull(shopPackages.deletedAt)))
      .limit(1);
    if (!p) errors.defaultPackageId = [CODES.unknownReference];
  }
  if (typeId !== null) {
    const [ty] = await db
      .select({ id: shopTypes.id })
      .from(shopTypes)
      .where(and(eq(shopTypes.id, typeId), eq(shopTypes.appId, scope.appId), isNull(shopTypes.deletedAt)))
      .limit(1);
    if (!ty) errors.defaultTypeId = [CODES.unknownReference];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  // The settings and the rate new orders are split by change together, or not at all.
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(t)
      .set({
        defaultPackageId: pkgId,
        defaultTypeId: typeId,
        defaultOpenTime: input.defaultOpenTime,
        defaultCloseTime: input.defaultCloseTime,
        version: sql`${t.version} + 1`,
        updatedAt: now,
        updatedBy: scope.userId,
      })
      .where(and(eq(t.id, Number(current.id)), eq(t.version, version)))
      .returning({ id: t.id });
    if (!updated) return undefined;
    await tx
      .insert(commissionConfigs)
      .values({ appId: scope.appId, companyId: scope.companyId, shopCommission: input.commissionRate, updatedAt: now })
      .onConflictDoUpdate({
        target: commissionConfigs.appId,
        set: { shopCommission: input.commissionRate, version: sql`${commissionConfigs.version} + 1`, updatedAt: now },
      });
    return updated;
  });
  await settleVersionedWith(row, () => shopConfig(db, scope, now));
  return shopConfig(db, scope, now);
}
