import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import { apps, areas } from '../db/schema';
import { can } from '@contract/access';
import { flagForMethod, type Flag, type PermissionService } from '@contract/access';
import { isSessionLive } from '../domain/sessions';
import { verifyAccessToken } from '../domain/tokens';
import type { AppDeps, AppEnv, AuthContext } from './env';
import { forbidden, unauthorized } from './errors';
import { parseId } from './schemas';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** A verified token of a live session, as the caller's context; null when it is not one. */
export async function authenticate(deps: AppDeps, token: string): Promise<AuthContext | null> {
  const nowMs = deps.now().getTime();
  const cached = deps.tokens.get(token, nowMs);
  if (cached) return cached;
  const claims = await verifyAccessToken(deps.jwtKey, token, deps.now());
  if (!claims) return null;
  const uid = parseId(claims.uid);
  const companyId = parseId(claims.companies);
  const officeId = parseId(claims.office);
  if (uid === null || companyId === null || officeId === null) return null;
  if (!(await isSessionLive(deps.db, claims.sid, claims.gen, uid, deps.now()))) return null;
  const auth: AuthContext = {
    uid,
    sid: claims.sid,
    role: claims.role,
    root: claims.root,
    companyId,
    officeId,
    appId: parseId(claims.appid),
    appType: claims.apptype === 'Delivery' || claims.apptype === 'Marketplace' ? claims.apptype : '',
    areaId: parseId(claims.area),
    claims,
  };
  deps.tokens.set(token, auth, nowMs, claims.exp * 1000);
  return auth;
}

async function companyOwns(deps: AppDeps, auth: AuthContext, kind: 'app' | 'area', id: string): Promise<boolean> {
  const value = parseId(id);
  if (value === null) return false;
  const table = kind === 'app' ? apps : areas;
  const where =
    kind === 'app'
      ? and(eq(apps.id, value), eq(apps.companyId, auth.companyId))
      : and(eq(areas.id, value), eq(areas.companyId, auth.companyId), isNull(areas.deletedAt));
  const rows = await deps.db.select({ id: table.id }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/**
 * The portal's tenant headers must agree with the token (the token is the truth; a missing header is fine).
 * An admin works across the company, so an admin's `appid`/`area` may name any app/area of their company.
 */
export async function checkTenantHeaders(deps: AppDeps, c: Context, auth: AuthContext): Promise<void> {
  const header = (name: string) => c.req.header(name)?.trim();
  const same = (name: string, expected: string, fold = false) => {
    const value = header(name);
    if (value === undefined) return true;
    return fold ? value.toLowerCase() === expected.toLowerCase() : value === expected;
  };
  const c0 = auth.claims;
  if (!same('session', c0.sid) || !same('office', c0.office) || !same('companies', c0.companies) || !same('userrole', c0.role, true)) {
    throw forbidden();
  }
  const appid = header('appid');
  const area = header('area');
  const apptype = header('apptype');
  if (auth.role === 'staff') {
    if (!same('appid', c0.appid) || !same('area', c0.area) || !same('apptype', c0.apptype, true)) throw forbidden();
    return;
  }
  if (appid && appid !== c0.appid && !(await companyOwns(deps, auth, 'app', appid))) throw forbidden();
  if (area && !(await companyOwns(deps, auth, 'area', area))) throw forbidden();
  if (apptype && apptype !== 'Delivery' && apptype !== 'Marketplace') throw forbidden();
}

/** Bearer token of a live session, tenant headers consistent with it → `c.var.auth`; else 401 / 403. */
export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const auth = token ? await authenticate(deps, token) : null;
    if (!auth) throw unauthorized();
    await checkTenantHeaders(deps, c, auth);
    c.set('auth', auth);
    await next();
  };
}

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.auth.role !== 'admin') throw forbidden();
  await next();
};

/** Admins hold every flag; anyone else needs the flag on their permission row. */
export async function assertCan(deps: AppDeps, auth: AuthContext, service: PermissionService, name: string, flag: Flag): Promise<void> {
  if (auth.role === 'admin') return;
  const list = await deps.permissions.get(deps.db, auth.uid, deps.now().getTime());
  if (!can(list, service, name, flag)) throw forbidden();
}

/** The permission declared with the route; the flag follows the method (GET read, POST create, PUT/PATCH write, DELETE delete). */
export function requirePermission(deps: AppDeps, service: PermissionService, name: string, flag?: Flag): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertCan(deps, c.var.auth, service, name, flag ?? flagForMethod(c.req.method) ?? 'read');
    await next();
  };
}
