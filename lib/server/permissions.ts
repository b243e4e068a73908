import 'server-only';
import { cache } from 'react';
import type { PermissionList } from '@/lib/permissions';
import { processSingleton } from './process-state';
import { getSession } from './session';
import type { PortalSession } from './session-codec';
import { permissionAnswerSchema } from './upstream-schemas';
import { UpstreamError, upstreamFetch, type PersistSession } from './upstream';

export const PERMISSION_PATH = '/api/admin/Permission/getPermission';

/**
 * How long a fetched list answers the checks that follow it: the page after proxy.ts, the prefetches of a menu,
 * a burst of BFF calls. The upstream checks every business call again anyway.
 */
export function permissionCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.PERMISSION_CACHE_MS);
  return Number.isFinite(value) && value >= 0 ? value : 2000;
}

const MAX_ENTRIES = 5000;
const lists = () => processSingleton('permission-lists', () => new Map<string, { list: PermissionList; at: number }>());

/**
 * The permission list of a session from the upstream (`getPermission`); refreshes the token where it can. `fresh`
 * skips the cached list (a navigation: a change saved a moment ago takes effect on it) and caches the new one for the
 * calls that follow.
 */
export async function fetchPermissionList(session: PortalSession, persist?: PersistSession, { fresh = false } = {}): Promise<PermissionList> {
  const store = lists();
  const hit = fresh ? undefined : store.get(session.sid);
  if (hit && Date.now() - hit.at < permissionCacheMs()) return hit.list;
  const answer = await upstreamFetch(PERMISSION_PATH, { schema: permissionAnswerSchema, session, persist });
  if (answer.status === false) throw new UpstreamError(403, 'You are not authorized');
  if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
  store.delete(session.sid);
  store.set(session.sid, { list: answer.data, at: Date.now() });
  return answer.data;
}

/**
 * The signed-in user's permission list for server components, once per request. The list is never kept in the
 * cookie. Throws `UpstreamError` (`session-ended` when there is no valid session).
 */
export const getPermissions = cache(async (): Promise<PermissionList> => {
  const session = await getSession();
  if (!session) throw UpstreamError.sessionEnded();
  return fetchPermissionList(session);
});
