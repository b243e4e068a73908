import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { areas, bikers, type AccountStatus, type BikerPresence } from '../db/schema';
import { notFoundData } from '../kit/errors';
import { searchWhere, type ListQuery } from '../kit/list';
import { parseId } from '../kit/schemas';
import type { BusEvent, EventScope } from '../realtime/bus';
import type { ServiceScope } from './scope';
import { trimDecimal } from './shops';

/** Bikers of an app: the Member/Biker list, availability for an order, and the presence the biker app reports. */
export interface BikerItem {
  id: string;
  name: string;
  phone: string;
  areaId: string;
  areaName: string;
  presence: BikerPresence;
  status: AccountStatus;
  lat: string | null;
  lng: string | null;
  positionAt: string | null;
}
export interface BikerQuery extends ListQuery {
  areaId?: string;
  presence?: BikerPresence;
  status?: AccountStatus;
}

const t = bikers;
const columns = {
  id: t.id,
  name: t.name,
  phone: t.phone,
  areaId: t.areaId,
  areaName: areas.name,
  presence: t.presence,
  status: t.status,
  lat: t.lat,
  lng: t.lng,
  positionAt: t.positionAt,
};
export const selectBikers = (db: Db | Tx) => db.select(columns).from(t).leftJoin(areas, eq(areas.id, t.areaId));
type BikerRow = Awaited<ReturnType<typeof selectBikers>>[number];

export const toBikerItem = (r: BikerRow): BikerItem => ({
  id: String(r.id),
  name: r.name,
  phone: r.phone,
  areaId: String(r.areaId),
  areaName: r.areaName ?? '',
  presence: r.presence,
  status: r.status,
  lat: r.lat === null ? null : trimDecimal(r.lat),
  lng: r.lng === null ? null : trimDecimal(r.lng),
  positionAt: r.positionAt?.toISOString() ?? null,
});

/** Live bikers of the caller's app; staff only their area. */
export const bikerScope = (scope: ServiceScope): SQL =>
  and(eq(t.companyId, scope.companyId), eq(t.appId, scope.appId), isNull(t.deletedAt), scope.areaId === null ? undefined : eq(t.areaId, scope.areaId))!;

export function bikerWhere(scope: ServiceScope, query: Pick<BikerQuery, 'q' | 'areaId' | 'presence' | 'status'>): SQL {
  return and(
    bikerScope(scope),
    searchWhere([t.name, t.phone], query.q),
    query.areaId === undefined ? undefined : eq(t.areaId, parseId(query.areaId) ?? -1),
    query.presence ? eq(t.presence, query.presence) : undefined,
    query.status ? eq(t.status, query.status) : undefined,
  )!;
}

/** A biker who can take an order: live, active, of the order's company, app and area, and not offline. */
export async function findAvailableBiker(tx: Db | Tx, place: { companyId: number; appId: number; areaId: number }, bikerId: number) {
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.id, bikerId),
        eq(t.companyId, place.companyId),
        eq(t.appId, place.appId),
        eq(t.areaId, place.areaId),
        isNull(t.deletedAt),
        eq(t.status, 'active'),
        ne(t.presence, 'offline'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface PresenceInput {
  presence?: BikerPresence;
  lat?: string;
  lng?: string;
}

/** The `biker.presence` bus event of a biker after a change (docs/orders.md section 5). */
export function presenceBusEvent(
  place: { companyId: number; appId: number; areaId: number },
  biker: Pick<BikerItem, 'id' | 'presence' | 'lat' | 'lng' | 'areaId'>,
  now: Date,
): { scope: EventScope; event: BusEvent } {
  return {
    scope: { companyId: place.companyId, appId: place.appId, areaId: place.areaId },
    event: { type: 'biker.presence', bikerId: biker.id, presence: biker.presence, lat: biker.lat, lng: biker.lng, areaId: biker.areaId, at: now.toISOString() },
  };
}

/**
 * The presence a report sets, with when the biker came online: kept while they stay on (online, away or do not
 * disturb), now when they come on from offline (Config/Biker's maxOnlineHours counts from it, domain/biker-rules.ts).
 */
const presenceOf = (presence: BikerPresence, now: Date) => ({
  presence,
  onlineSince:
    presence === 'offline'
      ? null
      : sql<Date>`CASE WHEN ${t.presence} = 'offline' OR ${t.onlineSince} IS NULL THEN ${now.toISOString()}::timestamptz ELSE ${t.onlineSince} END`,
});

/** What the biker app reports: presence and/or position. Answers the biker after the change and its bus event. */
export async function reportBiker(
  db: Db,
  scope: ServiceScope,
  id: number,
  input: PresenceInput,
  now: Date,
): Promise<{ biker: BikerItem; publish: { scope: EventScope; event: BusEvent } }> {
  const position = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng, positionAt: now } : {};
  const [done] = await db
    .update(t)
    .set({ ...(input.presence ? presenceOf(input.presence, now) : {}), ...position, version: sql`${t.version} + 1`, updatedAt: now })
    .where(and(bikerScope(scope), eq(t.id, id)))
    .returning({ id: t.id, companyId: t.companyId, appId: t.appId, areaId: t.areaId });
  if (!done) throw notFoundData();
  const [row] = await selectBikers(db).where(eq(t.id, id)).limit(1);
  const biker = toBikerItem(row!);
  return { biker, publish: presenceBusEvent(done, biker, now) };
}
