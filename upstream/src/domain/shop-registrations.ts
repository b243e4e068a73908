import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, shopPackages, shopRegistrations, shops, shopTypes, users, type RegistrationState } from '../db/schema';
import { invalid, type FieldErrors } from '../kit/errors';
import { CODES } from '../kit/fields';
import { notifyArea } from './notifications';
import { packageSaved } from './package-subscriptions';
import { decideOnce, rejectWaiting, waitingOrThrow } from './registrations';
import { parseId } from '../kit/schemas';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, stamp, toMeta, type RowMeta } from './shop-common';
import { shopConfig } from './shop-config';
import type { ServiceScope } from './scope';

export type RegistrationItem = RowMeta & {
  name: string;
  owner: string;
  email: string;
  phone: string;
  typeId: string;
  typeName: string;
  packageId: string;
  note: string;
  state: RegistrationState;
  reason: string;
  shopId: string;
};
export interface RegistrationQuery extends ListQuery {
  state?: RegistrationState;
}

const t = shopRegistrations;
const select = (db: Db) =>
  db
    .select({
      ...metaColumns(t),
      name: t.name,
      owner: t.owner,
      email: t.email,
      phone: t.phone,
      typeId: t.typeId,
      typeName: shopTypes.name,
      packageId: t.packageId,
      note: t.note,
      state: t.state,
      reason: t.reason,
      shopId: t.shopId,
    })
    .from(t)
    .leftJoin(areas, joinAreaOn(t))
    .leftJoin(users, joinUpdaterOn(t))
    .leftJoin(shopTypes, eq(shopTypes.id, t.typeId));
type Row = Awaited<ReturnType<typeof select>>[number];
const str = (id: number | null) => (id === null ? '' : String(id));

const toItem = (r: Row): RegistrationItem => ({
  ...toMeta(r),
  name: r.name,
  owner: r.owner,
  email: r.email,
  phone: r.phone,
  typeId: str(r.typeId),
  typeName: r.typeName ?? '',
  packageId: str(r.packageId),
  note: r.note,
  state: r.state,
  reason: r.reason ?? '',
  shopId: str(r.shopId),
});

/** Waiting registrations unless another `state` is asked for. */
export async function listRegistrations(db: Db, scope: ServiceScope, query: RegistrationQuery): Promise<ListResult<RegistrationItem>> {
  const where = and(listScope(t, scope, query.deleted), eq(t.state, query.state ?? 'waiting'), searchWhere([t.name, t.owner, t.email, t.phone], query.q));
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderFor({ name: t.name, createdAt: t.createdAt }, query, t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getRegistration(db: Db, scope: ServiceScope, id: number): Promise<RegistrationItem | null> {
  const [row] = await select(db)
    .where(and(inAreaScope(t, scope), eq(t.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** A waiting registration in scope; a second decision finds it decided (409). */
const decide = async (db: Db, scope: ServiceScope, id: number): Promise<RegistrationItem> => waitingOrThrow(await getRegistration(db, scope, id));

/** Approval makes an active shop from the registration and its area's shop defaults (Config/Shop). */
export async function approveRegistration(db: Db, scope: ServiceScope, id: number, now: Date): Promise<{ shopId: string }> {
  const reg = await decide(db, scope, id);
  const areaId = Number(reg.areaId);
  // The area's defaults (Config/Shop of the area, else the app's).
  const config = await shopConfig(db, scope, now, { id: areaId, name: reg.areaName });
  // The package and type must be live ones of this company, app and the registration's area (the package open, not
  // closed): an id the registration names from elsewhere (another tenant's, another area's) or a closed package is
  // never linked; the area's default is used instead.
  const inPlace = (table: typeof shopPackages | typeof shopTypes) =>
    and(eq(table.companyId, scope.companyId), eq(table.appId, scope.appId), eq(table.areaId, areaId), isNull(table.deletedAt));
  const firstLive = async <R>(ids: string[], find: (id: number) => Promise<R | undefined>): Promise<{ id: number; row: R } | null> => {
    for (const raw of ids) {
      const id = parseId(raw);
      const row = id === null ? undefined : await find(id);
      if (id !== null && row) return { id, row };
    }
    return null;
  };
  const pkg = await firstLive([reg.packageId, config.defaultPackageId], async (id) => {
    const [row] = await db
      .select({ limitPost: shopPackages.limitPost, limitProduct: shopPackages.limitProduct })
      .from(shopPackages)
      .where(and(eq(shopPackages.id, id), inPlace(shopPackages), eq(shopPackages.status, 'active')))
      .limit(1);
    return row;
  });
  const type = await firstLive([reg.typeId, config.defaultTypeId], async (id) => {
    const [row] = await db
      .select({ id: shopTypes.id })
      .from(shopTypes)
      .where(and(eq(shopTypes.id, id), inPlace(shopTypes)))
      .limit(1);
    return row;
  });
  return decideOnce(
    db,
    t,
    id,
    { state: 'approved' },
    scope,
    now,
    () => getRegistration(db, scope, id),
    async (tx) => {
      const [shop] = await tx
        .insert(shops)
        .values({
          companyId: scope.companyId,
          appId: scope.appId,
          areaId,
          name: reg.name,
          owner: reg.owner,
          email: reg.email,
          phone: reg.phone,
          status: 'active',
          packageId: pkg?.id ?? null,
          typeId: type?.id ?? null,
          openTime: config.defaultOpenTime,
          closeTime: config.defaultCloseTime,
          limitPost: pkg?.row.limitPost ?? 0,
          limitProduct: pkg?.row.limitProduct ?? 0,
          createdAt: now,
          ...stamp(scope, now),
        })
        .returning({ id: shops.id });
      await tx.update(t).set({ shopId: shop!.id }).where(eq(t.id, id));
      // Its package (the registration's or the area's default) starts a subscription, charged to the new shop.
      await packageSaved(tx, { type: 'shop', id: shop!.id, companyId: scope.companyId, appId: scope.appId, areaId }, null, pkg?.id ?? null, now, scope.userId);
      return { shopId: String(shop!.id) };
    },
  );
}

export async function rejectRegistration(db: Db, scope: ServiceScope, id: number, reason: string, now: Date): Promise<RegistrationItem> {
  return rejectWaiting(db, t, id, reason, scope, now, () => getRegistration(db, scope, id));
}

export interface RegistrationInput {
  name: string;
  owner: string;
  email: string;
  phone: string;
  typeId?: string;
  packageId?: string;
  note: string;
  areaId: string;
}

/**
 * A shop registers itself (the shop app): a waiting registration in an open area of the app, and in the same
 * transaction a notification for the administrators and the area's staff who may read the registrations.
 */
export async function registerShop(db: Db, scope: ServiceScope, input: RegistrationInput, now: Date): Promise<RegistrationItem> {
  const areaId = parseId(input.areaId);
  const [area] =
    areaId === null || (scope.areaId !== null && areaId !== scope.areaId)
      ? []
      : await db
          .select({ id: areas.id, name: areas.name })
          .from(areas)
          .where(and(eq(areas.id, areaId), eq(areas.appId, scope.appId), eq(areas.status, 'AreaReady'), isNull(areas.deletedAt)))
          .limit(1);
  const errors: FieldErrors = {};
  if (!area) errors.areaId = [CODES.unknownReference];
  const ref = async (table: typeof shopTypes | typeof shopPackages, raw: string | undefined, field: string) => {
    if (raw === undefined) return null;
    const id = parseId(raw);
    const [row] =
      id === null
        ? []
        : await db
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.id, id), eq(table.appId, scope.appId), isNull(table.deletedAt)))
            .limit(1);
    if (!row) errors[field] = [CODES.unknownReference];
    return row?.id ?? null;
  };
  const typeId = await ref(shopTypes, input.typeId, 'typeId');
  const packageId = await ref(shopPackages, input.packageId, 'packageId');
  if (Object.keys(errors).length || !area) throw invalid(errors);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: area.id,
        name: input.name,
        owner: input.owner,
        email: input.email,
        phone: input.phone,
        typeId,
        packageId,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.id });
    const service = scope.appType;
    await notifyArea(
      tx,
      {
        companyId: scope.companyId,
        appId: scope.appId,
        areaId: area.id,
        permission: `Service ${service} Regis Shop`,
        link: `/Service/${service}/Regis/Shop`,
        kind: 'shopRegistration',
        params: { shop: input.name, area: area.name },
        title: 'New shop registration',
        body: `${input.name} registered in ${area.name} and waits for approval.`,
      },
      now,
    );
    return row!.id;
  });
  return (await getRegistration(db, scope, id))!;
}
