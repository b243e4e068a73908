import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, shopPackages, shops, shopTypes, users, type ShopStatus } from '../db/schema';
import { invalid, type FieldErrors } from '../kit/errors';
import { assertCompanyImages } from '../kit/image-refs';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { settleVersionedWith } from '../kit/versioned';
import { areaFilter, areaFor, inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, stamp, toMeta, type RowMeta } from './shop-common';
import { currentPackageOf, currentSubscriptions, packageSaved, type CurrentPackage, type SubscriptionRow } from './package-subscriptions';
import type { ServiceScope } from './scope';

export interface ShopFields {
  name: string;
  owner: string;
  /** Image keys, the logo first. */
  images: string[];
  email: string;
  phone: string;
  public: boolean;
  openTime: string;
  closeTime: string;
  lat: string;
  lng: string;
  packageId: string;
  typeId: string;
  permissionEdit: boolean;
  orderShowPrice: boolean;
  showDistanceShopOnHome: boolean;
  showPersonDetailOnShop: boolean;
  Limit_post: number;
  Limit_product: number;
}
export type ShopItem = RowMeta & ShopFields & CurrentPackage & { status: ShopStatus; packageName: string; typeName: string };
export type ShopInput = ShopFields & { areaId?: string; status?: ShopStatus };
export interface ShopQuery extends ListQuery {
  status?: ShopStatus;
  typeId?: string;
  packageId?: string;
  areaId?: string;
  public?: 'true' | 'false';
}

const t = shops;
const columns = {
  ...metaColumns(t),
  name: t.name,
  owner: t.owner,
  images: t.images,
  email: t.email,
  phone: t.phone,
  status: t.status,
  public: t.public,
  openTime: t.openTime,
  closeTime: t.closeTime,
  lat: t.lat,
  lng: t.lng,
  packageId: t.packageId,
  packageName: shopPackages.name,
  typeId: t.typeId,
  typeName: shopTypes.name,
  permissionEdit: t.permissionEdit,
  orderShowPrice: t.orderShowPrice,
  showDistanceShopOnHome: t.showDistanceShopOnHome,
  showPersonDetailOnShop: t.showPersonDetailOnShop,
  limitPost: t.limitPost,
  limitProduct: t.limitProduct,
  packageExpired: t.packageExpired,
};
export const selectShops = (db: Db, sortKey: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...columns, sortKey })
    .from(t)
    .leftJoin(areas, joinAreaOn(t))
    .leftJoin(users, joinUpdaterOn(t))
    .leftJoin(shopPackages, eq(shopPackages.id, t.packageId))
    .leftJoin(shopTypes, eq(shopTypes.id, t.typeId));
export type ShopRow = Awaited<ReturnType<typeof selectShops>>[number];

/** `13.7563000` → `13.7563`: the stored numeric without padding. */
export const trimDecimal = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value) || '0';

const toItem = (r: ShopRow, subscription?: SubscriptionRow): ShopItem => ({
  ...toMeta(r),
  name: r.name,
  owner: r.owner,
  images: r.images,
  email: r.email,
  phone: r.phone,
  status: r.status,
  public: r.public,
  openTime: r.openTime,
  closeTime: r.closeTime,
  lat: trimDecimal(r.lat),
  lng: trimDecimal(r.lng),
  packageId: r.packageId === null ? '' : String(r.packageId),
  packageName: r.packageName ?? '',
  typeId: r.typeId === null ? '' : String(r.typeId),
  typeName: r.typeName ?? '',
  permissionEdit: r.permissionEdit,
  orderShowPrice: r.orderShowPrice,
  showDistanceShopOnHome: r.showDistanceShopOnHome,
  showPersonDetailOnShop: r.showPersonDetailOnShop,
  Limit_post: r.limitPost,
  Limit_product: r.limitProduct,
  ...currentPackageOf(subscription, r.packageExpired),
});

/** The rows with their current package's dates (package_subscriptions). */
async function itemsOf(db: Db, rows: ShopRow[]): Promise<ShopItem[]> {
  const current = await currentSubscriptions(
    db,
    'shop',
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItem(r, current.get(r.id)));
}

export const SHOP_SORT = { name: t.name, status: t.status, createdAt: t.createdAt, updatedAt: t.updatedAt };
const idFilter = (column: typeof t.typeId | typeof t.packageId, value: string | undefined) =>
  value === undefined ? undefined : eq(column, parseId(value) ?? -1);

export function shopWhere(scope: ServiceScope, query: ShopQuery): SQL {
  return and(
    listScope(t, scope, query.deleted),
    searchWhere([t.name, t.owner, t.email, t.phone], query.q),
    query.status ? eq(t.status, query.status) : undefined,
    idFilter(t.typeId, query.typeId),
    idFilter(t.packageId, query.packageId),
    areaFilter(t, query.areaId),
    query.public ? eq(t.public, query.public === 'true') : undefined,
  )!;
}

/**
 * A page by deferred join: the ids of the page come from an index-only walk of (app, [area,] sort, id), then only
 * those rows are read with their joins, so a deep page costs an index range, not a heap scan.
 */
export async function listShops(db: Db, scope: ServiceScope, query: ShopQuery): Promise<ListResult<ShopItem>> {
  const where = shopWhere(scope, query);
  const { limit, offset } = pageWindow(query);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: t.id })
      .from(t)
      .where(where)
      .orderBy(...orderFor(SHOP_SORT, query, t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const rows = ids.length ? await selectShops(db).where(inArray(t.id, ids)) : [];
  const byId = new Map<number, ShopRow>(rows.map((r) => [r.id as number, r]));
  return {
    rows: await itemsOf(
      db,
      ids.map((id) => byId.get(id)!),
    ),
    total: total?.n ?? 0,
  };
}

export async function getShop(db: Db, scope: ServiceScope, id: number, deleted = false): Promise<ShopItem | null> {
  const [row] = await selectShops(db)
    .where(and(inAreaScope(t, scope, deleted), eq(t.id, id)))
    .limit(1);
  return row ? (await itemsOf(db, [row]))[0]! : null;
}

/**
 * Is the e-mail or phone free among the live shops of the caller's area (besides `exceptId`)? An e-mail or phone is
 * unique per area: a staff member learns nothing of another area's shops. An admin (every area) may name the area.
 */
export async function isAvailable(db: Db, scope: ServiceScope, field: 'email' | 'phone', value: string, exceptId?: number, areaId?: string): Promise<boolean> {
  const normal = field === 'email' ? value.trim().toLowerCase() : value.replace(/[\s-]/g, '');
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        inAreaScope(t, scope),
        scope.areaId === null && areaId !== undefined ? eq(t.areaId, parseId(areaId) ?? -1) : undefined,
        field === 'email' ? eq(t.email, normal) : eq(t.phone, normal),
        exceptId === undefined ? undefined : ne(t.id, exceptId),
      ),
    )
    .limit(1);
  return !row;
}

/** Package and type must be live in the shop's app and area; the shop's limits stay within the package's. */
async function checkShop(db: Db, scope: ServiceScope, areaId: number, input: ShopFields, exceptId?: number): Promise<{ packageId: number; typeId: number }> {
  const errors: FieldErrors = {};
  const ref = (id: string) => parseId(id) ?? -1;
  const inArea = (table: typeof shopPackages | typeof shopTypes, id: string) =>
    and(eq(table.id, ref(id)), eq(table.appId, scope.appId), eq(table.areaId, areaId), isNull(table.deletedAt));
  const [[pkg], [type], clash, [current]] = await Promise.all([
    db
      .select({ id: shopPackages.id, status: shopPackages.status, limitPost: shopPackages.limitPost, limitProduct: shopPackages.limitProduct })
      .from(shopPackages)
      .where(inArea(shopPackages, input.packageId))
      .limit(1),
    db.select({ id: shopTypes.id }).from(shopTypes).where(inArea(shopTypes, input.typeId)).limit(1),
    db
      .select({ email: t.email, phone: t.phone })
      .from(t)
      .where(
        and(
          eq(t.companyId, scope.companyId),
          eq(t.appId, scope.appId),
          eq(t.areaId, areaId),
          isNull(t.deletedAt),
          or(eq(t.email, input.email), eq(t.phone, input.phone)),
          exceptId === undefined ? undefined : ne(t.id, exceptId),
        ),
      ),
    exceptId === undefined ? Promise.resolve([]) : db.select({ packageId: t.packageId }).from(t).where(eq(t.id, exceptId)).limit(1),
  ]);
  // A closed package (its status `close`) is given to no shop; a shop already on it keeps it.
  if (!pkg || (pkg.status !== 'active' && current?.packageId !== pkg.id)) errors.packageId = [CODES.unknownReference];
  if (!type) errors.typeId = [CODES.unknownReference];
  if (pkg && input.Limit_post > pkg.limitPost) errors.Limit_post = [CODES.exceedsPackageLimit];
  if (pkg && input.Limit_product > pkg.limitProduct) errors.Limit_product = [CODES.exceedsPackageLimit];
  if (clash.some((c) => c.email === input.email)) errors.email = [CODES.taken];
  if (clash.some((c) => c.phone === input.phone)) errors.phone = [CODES.taken];
  if (Object.keys(errors).length) throw invalid(errors);
  return { packageId: pkg!.id, typeId: type!.id };
}

const values = (input: ShopFields, refs: { packageId: number; typeId: number }) => ({
  name: input.name,
  owner: input.owner,
  images: input.images,
  email: input.email,
  phone: input.phone,
  public: input.public,
  openTime: input.openTime,
  closeTime: input.closeTime,
  lat: input.lat,
  lng: input.lng,
  ...refs,
  permissionEdit: input.permissionEdit,
  orderShowPrice: input.orderShowPrice,
  showDistanceShopOnHome: input.showDistanceShopOnHome,
  showPersonDetailOnShop: input.showPersonDetailOnShop,
  limitPost: input.Limit_post,
  limitProduct: input.Limit_product,
});

/** A new shop; its package starts a subscription, charged in the same transaction (domain/package-subscriptions.ts). */
export async function createShop(db: Db, scope: ServiceScope, input: ShopInput, now: Date): Promise<ShopItem> {
  const areaId = await areaFor(db, scope, input.areaId);
  const refs = await checkShop(db, scope, areaId, input);
  await assertCompanyImages(db, scope.companyId, { images: input.images });
  const status: ShopStatus = input.status === 'active' ? 'active' : 'pending';
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId,
        ...values(input, refs),
        status,
        createdAt: now,
        ...stamp(scope, now),
      })
      .returning({ id: t.id });
    await packageSaved(tx, { type: 'shop', id: row!.id, companyId: scope.companyId, appId: scope.appId, areaId }, null, refs.packageId, now, scope.userId);
    return row!.id;
  });
  return (await getShop(db, scope, id))!;
}

/**
 * Every field but the status (which moves through `setShopStatus`); staff keep the shop in their area. Another package
 * starts a subscription (charged in the same transaction); the same package again changes nothing of it.
 */
export async function updateShop(db: Db, scope: ServiceScope, id: number, version: number, input: ShopInput, now: Date): Promise<ShopItem> {
  const before = await getShop(db, scope, id);
  if (!before) return settleVersionedWith<ShopItem, ShopItem>(undefined, async () => null);
  const areaId = scope.areaId ?? (input.areaId ? await areaFor(db, scope, input.areaId) : Number(before.areaId));
  const refs = await checkShop(db, scope, areaId, input, id);
  await assertCompanyImages(db, scope.companyId, { images: input.images }, { images: before.images });
  // A changed package starts a new subscription, charged with the change or not at all.
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(t)
      .set({ ...values(input, refs), areaId, version: sql`${t.version} + 1`, ...stamp(scope, now) })
      .where(and(inAreaScope(t, scope), eq(t.id, id), eq(t.version, version)))
      .returning({ id: t.id });
    if (done) {
      const holder = { type: 'shop' as const, id, companyId: scope.companyId, appId: scope.appId, areaId };
      await packageSaved(tx, holder, parseId(before.packageId), refs.packageId, now, scope.userId);
    }
    return done;
  });
  await settleVersionedWith(row, () => getShop(db, scope, id));
  return (await getShop(db, scope, id))!;
}

/** Soft delete (or restore) of the given shops in scope; answers the ids changed. */
export async function setShopsDeleted(db: Db, scope: ServiceScope, ids: number[], deleted: boolean, now: Date): Promise<number[]> {
  const rows = await db
    .update(t)
    .set({ deletedAt: deleted ? now : null, version: sql`${t.version} + 1`, ...stamp(scope, now) })
    .where(and(inAreaScope(t, scope, !deleted), inArray(t.id, ids)))
    .returning({ id: t.id });
  return rows.map((r) => r.id);
}
