import { and, asc, count, eq, gte, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { areas, subscriptions, type AreaStatus } from '../db/schema';
import { bboxOf, centroidOf, containsPoint, polygonsOverlap, type PolygonGeometry } from '@contract/geo';
import type { AreaLookup, ServiceAreaCreate, ServiceAreaItem, ServiceAreaUpdate } from '@contract/resources/service-area';
import { CODES } from '@contract/codes';
import { ApiError } from '../kit/errors';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { settleVersionedWith } from '../kit/versioned';
import { DEFAULT_LIMITS } from './applications';
import type { ServiceScope } from './scope';

/**
 * System Settings → Service area: the app's areas and their boundaries (GeoJSON polygons, `[lng, lat]`). The geometry
 * is computed in TypeScript (`contract/geo.ts`), the same on any PostgreSQL: PostGIS is not used; the bounding box
 * columns are the SQL prefilter of the overlap check and of point lookups.
 */
export type AreaItem = ServiceAreaItem;

export interface AreaQuery extends ListQuery {
  status?: AreaStatus;
  hasBoundary?: 'true' | 'false';
}

/** The spec's messages of the two refusals. */
export const AREA_MESSAGES = { inUse: 'This area is already in use', limit: 'Service area limit reached' } as const;

type AreaRow = typeof areas.$inferSelect;
const toItem = (r: AreaRow): AreaItem => ({
  id: String(r.id),
  appid: String(r.appId),
  appId: String(r.appId),
  name: r.name,
  status: r.status,
  province: r.province,
  amphure: r.amphure,
  district: r.district,
  boundary: r.boundary ?? null,
  centerLat: r.centerLat ?? null,
  centerLng: r.centerLng ?? null,
  hasBoundary: r.boundary !== null,
  version: r.version,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The app's service areas; a staff member only ever sees their own. */
const inScope = (scope: ServiceScope) =>
  and(eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId), scope.areaId === null ? undefined : eq(areas.id, scope.areaId));

export async function listAreas(db: Db, scope: ServiceScope, query: AreaQuery): Promise<ListResult<AreaItem>> {
  const where = and(
    inScope(scope),
    query.deleted === '1' ? isNotNull(areas.deletedAt) : isNull(areas.deletedAt),
    searchWhere([areas.name, areas.province], query.q),
    query.status ? eq(areas.status, query.status) : undefined,
    query.hasBoundary === 'true' ? isNotNull(areas.boundary) : query.hasBoundary === 'false' ? isNull(areas.boundary) : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(areas)
      .where(where)
      .orderBy(...orderFor({ name: areas.name, status: areas.status, province: areas.province, updatedAt: areas.updatedAt }, query, areas.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(areas).where(where),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getArea(db: Db, scope: ServiceScope, id: number): Promise<AreaItem | null> {
  const [row] = await db
    .select()
    .from(areas)
    .where(and(inScope(scope), eq(areas.id, id), isNull(areas.deletedAt)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** The boundary's columns: the polygon, its centre (the one given, else its centre of area) and its box. */
function geometryColumns(boundary: PolygonGeometry | null, centre: { centerLat?: number | null; centerLng?: number | null }) {
  if (!boundary) return { boundary: null, centerLat: null, centerLng: null, minLat: null, minLng: null, maxLat: null, maxLng: null };
  const box = bboxOf(boundary);
  const given = typeof centre.centerLat === 'number' && typeof centre.centerLng === 'number';
  const c = given ? { lat: centre.centerLat!, lng: centre.centerLng! } : centroidOf(boundary);
  return { boundary, centerLat: c.lat, centerLng: c.lng, ...box };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Other live areas of the app whose boundary overlaps this one (box prefilter in SQL, the polygons in TypeScript). */
async function overlapping(tx: Tx | Db, appId: number, boundary: PolygonGeometry, except: number | null): Promise<{ id: number; name: string }[]> {
  const box = bboxOf(boundary);
  const rows = await tx
    .select({ id: areas.id, name: areas.name, boundary: areas.boundary })
    .from(areas)
    .where(
      and(
        eq(areas.appId, appId),
        isNull(areas.deletedAt),
        isNotNull(areas.boundary),
        except === null ? undefined : ne(areas.id, except),
        sql`${areas.minLng} < ${box.maxLng} AND ${areas.maxLng} > ${box.minLng} AND ${areas.minLat} < ${box.maxLat} AND ${areas.maxLat} > ${box.minLat}`,
      ),
    )
    .orderBy(asc(areas.id));
  return rows.filter((r) => r.boundary && polygonsOverlap(boundary, r.boundary)).map((r) => ({ id: r.id, name: r.name }));
}

/** 400 'This area is already in use' naming the areas it overlaps. */
function refuseOverlap(found: { id: number; name: string }[]): never {
  throw new ApiError(400, AREA_MESSAGES.inUse, { boundary: [CODES.areaInUse] }, { areas: found.map((a) => ({ id: String(a.id), name: a.name })) });
}

/** One writer of a company's areas at a time: the limit and the overlap checks see every committed area. */
const lockAreas = (tx: Tx, companyId: number) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`areas:${companyId}`}))`);

async function maxAreasOf(tx: Tx, companyId: number): Promise<number> {
  const [sub] = await tx.select({ max: subscriptions.maxAreas }).from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return sub?.max ?? DEFAULT_LIMITS.areas;
}

/**
 * Adds an area to the app: refused with 'Service area limit reached' when the company has as many live areas as its
 * plan allows, and with 'This area is already in use' when its boundary overlaps another live area of the app. Both
 * checks and the insert hold the company's area lock, so two adds at once cannot both pass.
 */
export async function createArea(db: Db, scope: ServiceScope, input: ServiceAreaCreate, now: Date): Promise<AreaItem> {
  const id = await db.transaction(async (tx) => {
    await lockAreas(tx, scope.companyId);
    const [have] = await tx
      .select({ n: count() })
      .from(areas)
      .where(and(eq(areas.companyId, scope.companyId), isNull(areas.deletedAt)));
    if ((have?.n ?? 0) >= (await maxAreasOf(tx, scope.companyId))) {
      throw new ApiError(400, AREA_MESSAGES.limit, { limit: [CODES.serviceAreaLimit] });
    }
    const boundary = input.boundary as PolygonGeometry;
    const found = await overlapping(tx, scope.appId, boundary, null);
    if (found.length > 0) refuseOverlap(found);
    const [row] = await tx
      .insert(areas)
      .values({
        companyId: scope.companyId,
        appId: scope.appId,
        name: input.name,
        status: input.status,
        province: input.province,
        amphure: input.amphure,
        district: input.district,
        ...geometryColumns(boundary, input),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: areas.id });
    return row!.id;
  });
  return (await getArea(db, { ...scope, areaId: null }, id))!;
}

/** Changes an area at the version last read (409 with the area as it is now), its new boundary checked for overlap. */
export async function updateArea(
  db: Db,
  scope: ServiceScope,
  id: number,
  version: number,
  input: Omit<ServiceAreaUpdate, 'version'>,
  now: Date,
): Promise<AreaItem> {
  const updated = await db.transaction(async (tx) => {
    await lockAreas(tx, scope.companyId);
    const boundary = (input.boundary ?? null) as PolygonGeometry | null;
    if (boundary) {
      const found = await overlapping(tx, scope.appId, boundary, id);
      if (found.length > 0) refuseOverlap(found);
    }
    const [row] = await tx
      .update(areas)
      .set({
        name: input.name,
        status: input.status,
        province: input.province,
        amphure: input.amphure,
        district: input.district,
        ...geometryColumns(boundary, input),
        version: sql`${areas.version} + 1`,
        updatedAt: now,
      })
      .where(and(inScope(scope), eq(areas.id, id), eq(areas.version, version), isNull(areas.deletedAt)))
      .returning({ id: areas.id });
    return row;
  });
  await settleVersionedWith(updated, () => getArea(db, scope, id));
  return (await getArea(db, scope, id))!;
}

/** The live area of the app whose boundary holds the point (the lowest id on a shared edge), or null. */
export async function areaAt(db: Db, scope: Pick<ServiceScope, 'companyId' | 'appId'> & { areaId?: number | null }, lat: number, lng: number) {
  const rows = await db
    .select({ id: areas.id, name: areas.name, status: areas.status, boundary: areas.boundary })
    .from(areas)
    .where(
      and(
        eq(areas.companyId, scope.companyId),
        eq(areas.appId, scope.appId),
        scope.areaId == null ? undefined : eq(areas.id, scope.areaId),
        isNull(areas.deletedAt),
        isNotNull(areas.boundary),
        lte(areas.minLat, lat),
        gte(areas.maxLat, lat),
        lte(areas.minLng, lng),
        gte(areas.maxLng, lng),
      ),
    )
    .orderBy(asc(areas.id));
  const hit = rows.find((r) => r.boundary && containsPoint(r.boundary, lng, lat));
  return hit ? { id: hit.id, name: hit.name, status: hit.status } : null;
}

/** `lookup`'s answer. */
export async function lookupArea(db: Db, scope: ServiceScope, lat: number, lng: number): Promise<AreaLookup> {
  const hit = await areaAt(db, scope, lat, lng);
  return { area: hit ? { id: String(hit.id), name: hit.name, status: hit.status } : null };
}

/**
 * Where an order may be delivered: when any live area of the app has a boundary, the point must fall in one
 * (`outsideServiceArea`) that is open (`areaClosed`); an app whose areas have no boundary yet takes any point.
 */
export async function deliveryPointProblem(db: Db, scope: Pick<ServiceScope, 'companyId' | 'appId'>, lat: number, lng: number) {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  // Any area of the app, whoever places the order (a staff member's own area does not narrow it).
  const hit = await areaAt(db, { companyId: scope.companyId, appId: scope.appId }, lat, lng);
  if (hit) return hit.status === 'AreaReady' ? null : CODES.areaClosed;
  const [bounded] = await db
    .select({ n: count() })
    .from(areas)
    .where(and(eq(areas.companyId, scope.companyId), eq(areas.appId, scope.appId), isNull(areas.deletedAt), isNotNull(areas.boundary)));
  return (bounded?.n ?? 0) > 0 ? CODES.outsideServiceArea : null;
}
