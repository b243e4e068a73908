import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, bikerPackages, bikerRegistrations, bikers, users, type BikerDocument, type RegistrationState } from '../db/schema';
import { invalid, type FieldErrors } from '../kit/errors';
import { CODES } from '../kit/fields';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { packageSaved } from './package-subscriptions';
import { decideOnce, rejectWaiting, waitingOrThrow } from './registrations';
import { inAreaScope, joinAreaOn, joinUpdaterOn, listScope, metaColumns, toMeta, type RowMeta } from './shop-common';
import type { ServiceScope } from './scope';

export type BikerRegistrationItem = RowMeta & {
  name: string;
  phone: string;
  email: string;
  vehicle: string;
  plate: string;
  packageId: string;
  packageName: string;
  documents: BikerDocument[];
  state: RegistrationState;
  reason: string;
  bikerId: string;
};
export interface BikerRegistrationQuery extends ListQuery {
  state?: RegistrationState;
}

const t = bikerRegistrations;
const select = (db: Db) =>
  db
    .select({
      ...metaColumns(t),
      name: t.name,
      phone: t.phone,
      email: t.email,
      vehicle: t.vehicle,
      plate: t.plate,
      packageId: t.packageId,
      packageName: bikerPackages.name,
      documents: t.documents,
      state: t.state,
      reason: t.reason,
      bikerId: t.bikerId,
    })
    .from(t)
    .leftJoin(areas, joinAreaOn(t))
    .leftJoin(users, joinUpdaterOn(t))
    .leftJoin(bikerPackages, eq(bikerPackages.id, t.packageId));
type Row = Awaited<ReturnType<typeof select>>[number];
const str = (id: number | null) => (id === null ? '' : String(id));

const toItem = (r: Row): BikerRegistrationItem => ({
  ...toMeta(r),
  name: r.name,
  phone: r.phone,
  email: r.email,
  vehicle: r.vehicle,
  plate: r.plate,
  packageId: str(r.packageId),
  packageName: r.packageName ?? '',
  documents: r.documents,
  state: r.state,
  reason: r.reason ?? '',
  bikerId: str(r.bikerId),
});

/** Waiting applications unless another `state` is asked for; `q` finds a name, phone or plate. */
export async function listBikerRegistrations(db: Db, scope: ServiceScope, query: BikerRegistrationQuery): Promise<ListResult<BikerRegistrationItem>> {
  const where = and(listScope(t, scope, query.deleted), eq(t.state, query.state ?? 'waiting'), searchWhere([t.name, t.phone, t.plate], query.q));
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

export async function getBikerRegistration(db: Db, scope: ServiceScope, id: number): Promise<BikerRegistrationItem | null> {
  const [row] = await select(db)
    .where(and(inAreaScope(t, scope), eq(t.id, id)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** A live biker package of this company, app and area, or null. */
async function packageIn(db: Db, scope: ServiceScope, areaId: number, raw: string): Promise<number | null> {
  const id = parseId(raw);
  if (id === null) return null;
  const [row] = await db
    .select({ id: bikerPackages.id })
    .from(bikerPackages)
    .where(
      and(
        eq(bikerPackages.id, id),
        eq(bikerPackages.companyId, scope.companyId),
        eq(bikerPackages.appId, scope.appId),
        eq(bikerPackages.areaId, areaId),
        isNull(bikerPackages.deletedAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Approval makes an active biker (offline until the biker app reports) in the registration's area with its name,
 * phone, vehicle, plate and package (its subscription started and its fee charged). The claim and the biker commit together: two approvals at once make one biker,
 * the second answers 409 with the registration as approved.
 */
export async function approveBikerRegistration(db: Db, scope: ServiceScope, id: number, now: Date): Promise<{ bikerId: string }> {
  const get = () => getBikerRegistration(db, scope, id);
  const reg = waitingOrThrow(await get());
  const areaId = Number(reg.areaId);
  // A package that is no longer live in the area (deleted, moved) is not linked; the biker starts without one.
  const packageId = await packageIn(db, scope, areaId, reg.packageId);
  return decideOnce(db, t, id, { state: 'approved' }, scope, now, get, async (tx) => {
    const [biker] = await tx
      .insert(bikers)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        areaId,
        name: reg.name,
        phone: reg.phone,
        vehicle: reg.vehicle,
        plate: reg.plate,
        packageId,
        status: 'active',
        presence: 'offline',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: bikers.id });
    await tx.update(t).set({ bikerId: biker!.id }).where(eq(t.id, id));
    // The package starts its subscription, its fee charged to the new biker's wallet (domain/package-subscriptions.ts).
    await packageSaved(tx, { type: 'biker', id: biker!.id, companyId: scope.companyId, appId: scope.appId, areaId }, null, packageId, now, scope.userId);
    return { bikerId: String(biker!.id) };
  });
}

export async function rejectBikerRegistration(db: Db, scope: ServiceScope, id: number, reason: string, now: Date): Promise<BikerRegistrationItem> {
  return rejectWaiting(db, t, id, reason, scope, now, () => getBikerRegistration(db, scope, id));
}

export interface BikerRegistrationInput {
  name: string;
  phone: string;
  email?: string;
  vehicle: string;
  plate: string;
  packageId?: string;
  documents: BikerDocument[];
  areaId: string;
}

/** A biker applies through the biker app: a waiting registration in an open area of the app (staff: their own area). */
export async function registerBiker(db: Db, scope: ServiceScope, input: BikerRegistrationInput, now: Date): Promise<BikerRegistrationItem> {
  const areaId = parseId(input.areaId);
  const [area] =
    areaId === null || (scope.areaId !== null && areaId !== scope.areaId)
      ? []
      : await db
          .select({ id: areas.id })
          .from(areas)
          .where(
            and(
              eq(areas.id, areaId),
              eq(areas.companyId, scope.companyId),
              eq(areas.appId, scope.appId),
              eq(areas.status, 'AreaReady'),
              isNull(areas.deletedAt),
            ),
          )
          .limit(1);
  const errors: FieldErrors = {};
  if (!area) errors.areaId = [CODES.unknownReference];
  const packageId = area && input.packageId !== undefined ? await packageIn(db, scope, area.id, input.packageId) : null;
  if (area && input.packageId !== undefined && packageId === null) errors.packageId = [CODES.unknownReference];
  if (Object.keys(errors).length || !area) throw invalid(errors);
  const [row] = await db
    .insert(t)
    .values({
      companyId: scope.companyId,
      appId: scope.appId,
      areaId: area.id,
      name: input.name,
      phone: input.phone,
      email: input.email ?? '',
      vehicle: input.vehicle,
      plate: input.plate,
      packageId,
      documents: input.documents.map(({ kind, url }) => ({ kind, url })),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.id });
  return (await getBikerRegistration(db, scope, row!.id))!;
}
