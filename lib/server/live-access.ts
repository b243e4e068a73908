import 'server-only';
import { z } from 'zod';
import { can } from '@/lib/permissions';
import { SERVICES, type RouteDef, type ServiceName } from '@/lib/routes';
import { matchPath, ruleAllows } from './guard-rules';
import { fetchPermissionList } from './permissions';
import { processSingleton } from './process-state';
import type { PortalSession } from './session-codec';
import { upstreamFetch, type PersistSession } from './upstream';

/**
 * What a live stream is allowed to carry: the monitor screen's route (its rule and permission come from the route
 * registry), the read flag of that permission, and the app of the service the events must belong to.
 */
export function monitorRouteFor(service: string): RouteDef | null {
  return liveRouteFor(service, '/Monitor/Biker');
}

/** The registry's route of a live channel's screen (`path` below `/Service/{service}`) in that service; null when it has none. */
export function liveRouteFor(service: string, path: string): RouteDef | null {
  if (!(SERVICES as readonly string[]).includes(service)) return null;
  const match = matchPath(`/Service/${service}${path}`);
  return match && match.route.service === service ? match.route : null;
}

export type LiveAccess = { ok: true } | { ok: false; status: 403 };

/** The session's rule and read flag for the monitor route (the permission list is fetched, refreshing the token when it must). */
export async function checkLiveAccess(route: RouteDef, session: PortalSession, persist?: PersistSession): Promise<LiveAccess> {
  if (!ruleAllows(route.rule, session.UserRole) || !route.service) return { ok: false, status: 403 };
  // Staff work in their own service: a personal screen (Chat) of another service has no stream for them.
  if (session.UserRole === 'staff' && session.AppType !== route.service) return { ok: false, status: 403 };
  const list = await fetchPermissionList(session, persist);
  return can(list, route.service, route.permission, 'read') ? { ok: true } : { ok: false, status: 403 };
}

const areaPageSchema = z.object({ data: z.array(z.object({ appid: z.union([z.string(), z.number()]) })) });
const APP_CACHE_MS = 5 * 60_000;
const appIds = () => processSingleton('live-app-ids', () => new Map<string, { appId: string | null; at: number }>());

/**
 * The app whose events a stream carries. Staff: their own app (the upstream only lets them into their service).
 * Admins see every app of the company on `/ws`; the service's app is the one the Platform API picks for their calls
 * (`serviceScopeOf` in upstream/src/kit/service-scope.ts), read from a service-area row of that service. No area → no app events to show (null).
 */
export async function serviceAppId(session: PortalSession, service: ServiceName, persist?: PersistSession): Promise<string | null> {
  if (session.UserRole !== 'admin') return session.appid || null;
  const key = `${session.companies}|${session.appid}|${service}`;
  const hit = appIds().get(key);
  if (hit && Date.now() - hit.at < APP_CACHE_MS) return hit.appId;
  const page = await upstreamFetch(`/api/admin/${service}/Setting/ServiceArea`, { query: { page: 1, pageSize: 10 }, schema: areaPageSchema, session, persist });
  const first = page.data[0];
  const appId = first ? String(first.appid) : null;
  appIds().set(key, { appId, at: Date.now() });
  return appId;
}

export const MAX_STREAMS_PER_SESSION = 4;
const openStreams = () => processSingleton('live-streams', () => new Map<string, number>());

/** Takes one of the session's stream slots; the returned release gives it back (once). Null when all are taken. */
export function acquireStreamSlot(sid: string, max = MAX_STREAMS_PER_SESSION): (() => void) | null {
  const streams = openStreams();
  const open = streams.get(sid) ?? 0;
  if (open >= max) return null;
  streams.set(sid, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (streams.get(sid) ?? 1) - 1;
    if (left <= 0) streams.delete(sid);
    else streams.set(sid, left);
  };
}
