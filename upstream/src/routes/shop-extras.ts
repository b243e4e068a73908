import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { configArea, shopConfig, updateShopConfig, type ShopConfigFields } from '../domain/shop-config';
import { approveRegistration, getRegistration, listRegistrations, rejectRegistration, type RegistrationQuery } from '../domain/shop-registrations';
import { createTimeShop, getTimeShop, listTimeShops, setTimeShopDeleted, updateTimeShop, type TimeShopQuery } from '../domain/time-shops';
import type { WeekHours } from '../db/schema';
import { assertApproval } from '../kit/approval';
import { requireAdmin, requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import {
  configBodySchema,
  configItemSchema,
  configQuerySchema,
  registrationItemSchema,
  registrationQuerySchema,
  rejectBodySchema,
  timeShopCreateSchema,
  timeShopItemSchema,
  timeShopQuerySchema,
  timeShopUpdateSchema,
} from './shop-schemas';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
  ...conflictResponse,
});
const params = serviceParamSchema.extend(idParamSchema.shape);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};

/** `TimeShop` (step 4), `Regis/Shop` (approve / reject) and the admin's `Config/Shop` of each service. */
export function registerShopExtraRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  const timeGuard = [authed, requireServiceRoute(deps, 'TimeShop')];
  mountResource(app, {
    path: '/api/admin/{service}/TimeShop',
    tag: 'Shop opening hours',
    noun: 'shop opening hours',
    pathParams: serviceParamSchema,
    itemSchema: timeShopItemSchema,
    querySchema: timeShopQuerySchema as never,
    createSchema: timeShopCreateSchema,
    updateSchema: timeShopUpdateSchema,
    versioned: true,
    guard: () => timeGuard,
    list: (c, query: TimeShopQuery) => listTimeShops(deps.db, c.var.service, query),
    get: (c, id) => getTimeShop(deps.db, c.var.service, id),
    create: (c, input) => createTimeShop(deps.db, c.var.service, input, deps.now()),
    update: (c, id, version, input: { hours: WeekHours }) => updateTimeShop(deps.db, c.var.service, id, version, input, deps.now()),
    remove: (c, id) => setTimeShopDeleted(deps.db, c.var.service, id, true, deps.now()),
    restore: async (c, id) => ((await setTimeShopDeleted(deps.db, c.var.service, id, false, deps.now())) ? getTimeShop(deps.db, c.var.service, id) : null),
  });

  const regis = '/api/admin/{service}/Regis/Shop';
  const readGuard = [authed, requireServiceRoute(deps, 'Regis Shop')];
  const decideGuard = [authed, requireServiceRoute(deps, 'Regis Shop')];
  const tag = 'Shop registrations';
  addRoute(
    app,
    tag,
    decideGuard,
    {
      method: 'post',
      path: `${regis}/{id}/approve`,
      summary: 'Approve: the registration becomes an active shop',
      request: { params },
      responses: ok(z.object({ shopId: z.string() }), 'The new shop'),
    },
    async (c) => {
      await assertApproval(deps, c, 'shop');
      return c.json({ status: true, data: await approveRegistration(deps.db, c.var.service, idOf(c.req.param('id')), deps.now()) }, 200);
    },
  );
  addRoute(
    app,
    tag,
    decideGuard,
    {
      method: 'post',
      path: `${regis}/{id}/reject`,
      summary: 'Reject with a reason',
      request: { params, body: jsonBody(rejectBodySchema) },
      responses: ok(registrationItemSchema, 'The rejected registration'),
    },
    async (c) => {
      const { reason } = validOf<{ reason: string }>(c, 'json');
      return c.json({ status: true, data: await rejectRegistration(deps.db, c.var.service, idOf(c.req.param('id')), reason, deps.now()) }, 200);
    },
  );
  mountResource(app, {
    path: regis,
    tag,
    noun: 'shop registration',
    pathParams: serviceParamSchema,
    itemSchema: registrationItemSchema,
    querySchema: registrationQuerySchema as never,
    guard: () => readGuard,
    list: (c, query: RegistrationQuery) => listRegistrations(deps.db, c.var.service, query),
    get: (c, id) => getRegistration(deps.db, c.var.service, id),
  });

  const config = '/api/admin/{service}/Config/Shop';
  const adminGuard = [authed, requireServiceRoute(deps, 'Config Shop'), requireAdmin];
  addRoute(
    app,
    'Shop settings',
    adminGuard,
    {
      method: 'get',
      path: config,
      summary: "The app's shop settings, or an area's (admin)",
      description:
        "Without `areaId`: the defaults for new shops of every area, with the app's shop commission. With `areaId`: that area's own defaults and commission (domain/commission.ts: the shop commission of the area's new orders), or the app's with version 0 while the area has none of its own.",
      request: { params: serviceParamSchema, query: configQuerySchema },
      responses: ok(configItemSchema, 'The settings'),
    },
    async (c) => {
      const area = await configArea(deps.db, c.var.service, validOf<{ areaId?: string }>(c, 'query').areaId);
      return c.json({ status: true, data: await shopConfig(deps.db, c.var.service, deps.now(), area) }, 200);
    },
  );
  addRoute(
    app,
    'Shop settings',
    adminGuard,
    {
      method: 'put',
      path: config,
      summary: "Change the app's shop settings, or an area's (admin; `version` required)",
      description:
        "Without `areaId`: the defaults for every area and the app's shop commission, in one transaction. With `areaId`: the area's own (version 0 writes them the first time).",
      request: { params: serviceParamSchema, query: configQuerySchema, body: jsonBody(configBodySchema) },
      responses: ok(configItemSchema, 'The settings after the change'),
    },
    async (c) => {
      const { version, ...input } = validOf<ShopConfigFields & { version: number }>(c, 'json');
      const area = await configArea(deps.db, c.var.service, validOf<{ areaId?: string }>(c, 'query').areaId);
      return c.json({ status: true, data: await updateShopConfig(deps.db, c.var.service, version, input, deps.now(), area) }, 200);
    },
  );
}
