import type { Context, MiddlewareHandler } from 'hono';
import { z } from '@hono/zod-openapi';
import type { ServiceScope } from '../domain/scope';
import { scopeOf } from '../domain/scope';
import { assertCan } from './auth';
import type { AppDeps, AppEnv } from './env';
import { ApiError, forbidden, MESSAGES, notFoundData } from './errors';
import { parseId } from './schemas';
import { SERVICES, apiRuleFor, flagForMethod, isService, type Flag, type ServiceName } from '@contract/access';

export const serviceParamSchema = z.object({
  service: z.enum(SERVICES).openapi({ param: { name: 'service', in: 'path' }, example: 'Delivery' }),
});

export { isService };

/**
 * The app a service call works in. Staff: their own app, which must be of that service, and their area. Admin: the
 * app named by the `appid` header when it is the company's and of that service, else the company's first such app.
 */
export async function serviceScopeOf(deps: AppDeps, c: Context<AppEnv>, service: ServiceName): Promise<ServiceScope> {
  const auth = c.var.auth;
  const base = scopeOf(auth);
  if (auth.role === 'staff') {
    if (auth.appType !== service || auth.appId === null) throw forbidden();
    return { ...base, appId: auth.appId, areaId: auth.areaId, appType: service };
  }
  const ids = await deps.apps.get(deps.db, auth.companyId, service, deps.now().getTime());
  const wanted = parseId(c.req.header('appid'));
  const appId = ids.find((id) => id === wanted) ?? ids[0];
  if (appId === undefined) throw notFoundData();
  return { ...base, appId, areaId: null, appType: service };
}

/**
 * For `/api/admin/{service}/…`: an unknown service is 404; otherwise resolves the service scope into `c.var.service`
 * and checks `Service {service} {name}` with the method's flag (or the one given).
 */
export function requireService(deps: AppDeps, name: string, flag?: Flag): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const service = c.req.param('service');
    if (!isService(service)) throw new ApiError(404, MESSAGES.notFound);
    const scope = await serviceScopeOf(deps, c, service);
    await assertCan(deps, c.var.auth, service, `Service ${service} ${name}`, flag ?? flagForMethod(c.req.method) ?? 'read');
    c.set('service', scope);
    await next();
  };
}

/**
 * Like `requireService`, with the permission name the route registry gives the request path (the one the portal's
 * BFF checked), e.g. `/api/admin/Marketplace/ShopType/Sort` → `Service Marketplace ShopType Sort`; `fallback` names
 * it for a path the registry does not list (Delivery's `ShopType` alias of `TypeShop`).
 */
export function requireServiceRoute(deps: AppDeps, fallback: string, flag?: Flag): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const service = c.req.param('service');
    if (!isService(service)) throw new ApiError(404, MESSAGES.notFound);
    const scope = await serviceScopeOf(deps, c, service);
    const rule = apiRuleFor(c.req.path);
    // A path the registry opens to every user of the service (`permission: true`) needs no flag.
    if (!(rule && rule.service === service && rule.permission === true)) {
      const name = rule && rule.service === service && typeof rule.permission === 'string' ? rule.permission : `Service ${service} ${fallback}`;
      await assertCan(deps, c.var.auth, service, name, flag ?? flagForMethod(c.req.method) ?? 'read');
    }
    c.set('service', scope);
    await next();
  };
}

/** The app channel's scope of its service's app: the scope alone, no back-office flag (the app key stands for the app). */
export const appServiceScope =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const service = c.req.param('service');
    if (!isService(service)) throw new ApiError(404, MESSAGES.notFound);
    c.set('service', await serviceScopeOf(deps, c, service));
    await next();
  };
