import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { areas, commissionConfigs, shopConfigs, shopPackages, shopTypes, users } from '../db/schema';
import { conflict, invalid, notFoundData, type FieldErrors } from '../kit/errors';
import { CODES } from '../kit/fields';
import { idString, parseId } from '../kit/schemas';
import { readOrCreate } from '../kit/versioned';
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

/**
 * Config/Shop: the app's defaults for new shops (all areas) and each area's own. An area follows the app's until its
 * own are saved (its answer is then the app's values with version 0, and a save at version 0 writes the area's row).
 * The commission rate is the shop commission new orders are split by (domain/commission.ts): for all areas the app's
 * (`commission_configs.shop_commission`, one value read and written here); for an area, the area's once saved.
 */
const t = shopConfigs;
type Row = typeof t.$inferSelect;

const placeOf = (scope: ServiceScope, areaId: number | null): SQL =>
  and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), areaId === null ? isNull(t.areaId) : eq(t.areaId, areaId))!;

const read = (db: Db | Tx, scope: ServiceScope, areaId: number | null) =>
  db
    .select({ c: t, name: users.displayName, appRate: commissionConfigs.shopCommission, areaName: areas.name })
    .from(t)
    .leftJoin(users, eq(users.id, t.updatedBy))
    .leftJoin(commissionConfigs, eq(commissionConfigs.appId, t.appId))
    .leftJoin(areas, eq(areas.id, t.areaId))
    .where(placeOf(scope, areaId))
    .limit(1);

const toItem = (c: Row, name: string | null, commissionRate: number, area: { id: number; name: string } | null, version = c.version): ShopConfigItem => ({
  id: area && version === 0 ? '' : String(c.id),
  appId: String(c.appId),
  areaId: area ? String(area.id) : '',
  areaName: area?.name ?? '',
  defaultPackageId: idString(c.defaultPackageId),
  defaultTypeId: idString(c.defaultTypeId),
  commissionRate,
  defaultOpenTime: c.defaultOpenTime,
  defaultCloseTime: c.defaultCloseTime,
  version,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  updatedBy: version === 0 ? { uid: '', displayName: '' } : { uid: idString(c.updatedBy), displayName: name ?? '' },
});

/** The app's row, written with the defaults the first time it is read. */
const appRow = (db: Db, scope: ServiceScope, now: Date) =>
  readOrCreate(
    async () => (await read(db, scope, null))[0],
    () => db.insert(t).values({ companyId: scope.companyId, appId: scope.appId, createdAt: now, updatedAt: now }).onConflictDoNothing(),
  );

/** A live area of the app: staff's own, or the one an admin names (`?areaId=`); 404 for any other. */
export async function configArea(db: Db, scope: ServiceScope, requested: string | undefined): Promise<{ id: number; name: string } | null> {
  const wanted = scope.areaId ?? (requested ? (parseId(requested) ?? -1) : null);
  if (wanted === null) return null;
  const [area] = await db
    .select({ id: areas.id, name: areas.name })
    .from(areas)
    .where(and(eq(areas.id, wanted), eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId), isNull(areas.deletedAt)))
    .limit(1);
  if (!area) throw notFoundData();
  return area;
}

/** The app's default package and type where they belong to the area (packages and types are an area's), else none. */
async function ofArea(db: Db, c: Row, areaId: number): Promise<Pick<Row, 'defaultPackageId' | 'defaultTypeId'>> {
  const inArea = async (table: typeof shopPackages | typeof shopTypes, id: number | null) => {
    if (id === null) return null;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.areaId, areaId), isNull(table.deletedAt)))
      .limit(1);
    return row?.id ?? null;
  };
  return { defaultPackageId: await inArea(shopPackages, c.defaultPackageId), defaultTypeId: await inArea(shopTypes, c.defaultTypeId) };
}

/** The shop settings for all areas (`area` null) or for one area: its own, or the app's while it has none. */
export async function shopConfig(db: Db, scope: ServiceScope, now: Date, area: { id: number; name: string } | null = null): Promise<ShopConfigItem> {
  const app = await appRow(db, scope, now);
  const appRate = app.appRate ?? DEFAULT_RATES.shopCommission;
  if (!area) return toItem(app.c, app.name, appRate, null);
  const [own] = await read(db, scope, area.id);
  if (!own) return toItem({ ...app.c, ...(await ofArea(db, app.c, area.id)) }, null, appRate, area, 0);
  return toItem(own.c, own.name, own.c.commissionRate ?? appRate, area);
}

/** The defaults must name a live package and type of the app (and of the area, for an area's settings). */
async function checkDefaults(db: Db, scope: ServiceScope, areaId: number | null, input: ShopConfigFields) {
  const errors: FieldErrors = {};
  const refOf = (raw: string) => (raw ? (parseId(raw) ?? -1) : null);
  const pkgId = refOf(input.defaultPackageId);
  const typeId = refOf(input.defaultTypeId);
  const live = (table: typeof shopPackages | typeof shopTypes, id: number) =>
    and(eq(table.id, id), eq(table.appId, scope.appId), areaId === null ? undefined : eq(table.areaId, areaId), isNull(table.deletedAt));
  if (pkgId !== null) {
    const [p] = await db.select({ id: shopPackages.id }).from(shopPackages).where(live(shopPackages, pkgId)).limit(1);
    if (!p) errors.defaultPackageId = [CODES.unknownReference];
  }
  if (typeId !== null) {
    const [ty] = await db.select({ id: shopTypes.id }).from(shopTypes).where(live(shopTypes, typeId)).limit(1);
    if (!ty) errors.defaultTypeId = [CODES.unknownReference];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { defaultPackageId: pkgId, defaultTypeId: typeId };
}

/** Saves the settings for all areas or for one area, at the version last read (409 with the settings as they are now when stale). */
export async function updateShopConfig(
  db: Db,
  scope: ServiceScope,
  version: number,
  input: ShopConfigFields,
  now: Date,
  area: { id: number; name: string } | null = null,
): Promise<ShopConfigItem> {
  const current = await shopConfig(db, scope, now, area);
  const refs = await checkDefaults(db, scope, area?.id ?? null, input);
  const fields = { ...refs, defaultOpenTime: input.defaultOpenTime, defaultCloseTime: input.defaultCloseTime, updatedAt: now, updatedBy: scope.userId };
  const row = await db.transaction(async (tx) => {
    if (area) {
      // An area's first save writes its row; a concurrent first save finds it taken (409).
      if (current.version === 0) {
        if (version !== 0) return undefined;
        const [made] = await tx
          .insert(t)
          .values({ companyId: scope.companyId, appId: scope.appId, areaId: area.id, commissionRate: input.commissionRate, ...fields, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: t.id });
        return made;
      }
      const [updated] = await tx
        .update(t)
        .set({ ...fields, commissionRate: input.commissionRate, version: sql`${t.version} + 1` })
        .where(and(placeOf(scope, area.id), eq(t.version, version)))
        .returning({ id: t.id });
      return updated;
    }
    // The app's settings and the rate new orders are split by change together, or not at all.
    const [updated] = await tx
      .update(t)
      .set({ ...fields, version: sql`${t.version} + 1` })
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
  if (!row) throw conflict(await shopConfig(db, scope, now, area));
  return shopConfig(db, scope, now, area);
}
