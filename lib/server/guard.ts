import 'server-only';
import { redirect } from 'next/navigation';
import type { RouteDef } from '@/lib/routes';
import { can, type PermissionList } from '@/lib/permissions';
import { homeFor } from './auth';
import { matchPath, ruleAllows } from './guard-rules';
import { getPermissions } from './permissions';
import { getSession, type PortalSession } from './session';
import { isUpstreamUnavailable } from './upstream-errors';

export interface PageContext {
  session: PortalSession;
  permissions: PermissionList;
  route: RouteDef;
  params: Record<string, string>;
}

const enc = encodeURIComponent;

export { ruleAllows } from './guard-rules';

/**
 * The checks every page makes itself (proxy.ts is only the optimistic gate, a request that bypasses it still
 * gets nothing). For every non-public page: unknown path → 404 page; no valid session → login with `to`; rule fails →
 * /not-authorized; permission fetch fails → cleared and login; read flag missing → logged out, 'You are not
 * authorized'. An upstream that is down or slow throws (the error page offers a retry; the session stays).
 */
export async function requirePage(pathname: string): Promise<PageContext> {
  const match = matchPath(pathname);
  if (!match) redirect('/pages/error-404');
  const { route, params } = match;
  const session = await getSession();
  if (!session) redirect(`/auth/login?to=${enc(pathname)}`);
  if (!ruleAllows(route.rule, session.UserRole)) redirect('/not-authorized');

  let permissions: PermissionList;
  try {
    permissions = await getPermissions();
  } catch (error) {
    if (isUpstreamUnavailable(error)) throw error;
    redirect(`/clearcookies?to=${enc(pathname)}`);
  }
  if (route.service && !can(permissions, route.service, route.permission, 'read')) {
    redirect(`/clearcookies?reason=not-authorized&to=${enc(pathname)}`);
  }
  return { session, permissions, route, params };
}

/** For the sign-in pages: a signed-in admin goes to '/', a signed-in staff member to their dashboard. */
export async function redirectIfSignedIn(): Promise<void> {
  const session = await getSession();
  if (session) redirect(homeFor(session));
}

export interface ShellUser {
  uid: string;
  displayName: string;
  role: string;
  root: boolean;
  AppType: string;
  area: string;
  appid: string;
  author?: string;
}

/** What the navbar shows about the signed-in user (no token, no tenant secrets). */
export async function getShellUser(): Promise<ShellUser | null> {
  const session = await getSession();
  if (!session) return null;
  const user = session.UserData;
  return {
    uid: user.uid,
    displayName: user.displayName || user.username || user.email || user.uid,
    role: session.UserRole,
    root: session.root,
    AppType: session.AppType,
    area: session.area,
    appid: session.appid,
    ...(session.author ? { author: session.author } : {}),
  };
}
