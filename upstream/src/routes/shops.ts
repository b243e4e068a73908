import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { bulkShopStatus, exportShops, SHOP_CSV_HEADER, setShopStatus, shopHistory } from '../domain/shop-status';
import { createShop, getShop, isAvailable, listShops, setShopsDeleted, updateShop, type ShopInput, type ShopQuery } from '../domain/shops';
import { assertApproval } from '../kit/approval';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { csvResponse } from '../kit/export';
import { idsQuerySchema } from '../kit/fields';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import type { ShopStatus } from '../db/schema';
import {
  availableQuerySchema,
  bulkStatusBodySchema,
  historySchema,
  shopCreateSchema,
  shopItemSchema,
  shopQuerySchema,
  shopUpdateSchema,
  statusBodySchema,
} from './shop-schemas';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});
const idOf = (c: { req: { param: (name: string) => string | undefined } }) => {
  const id = parseId(c.req.param('id'));
  if (id === null) throw notFoundData();
  return id;
};
const params = serviceParamSchema.extend(idParamSchema.shape);

/** `/api/admin/{service}/Shop` (step 3): the resource, status transitions and history, bulk actions, availability, CSV. */
export function registerShopRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Shop')];
  const base = '/api/admin/{service}/Shop';
  const tag = 'Shops';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/export`,
      summary: 'Export every matching shop as CSV (streamed)',
      request: { params: serviceParamSchema, query: shopQuerySchema },
      responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    },
    async (c) => csvResponse(c, 'shops.csv', SHOP_CSV_HEADER, exportShops(deps.db, c.var.service, validOf<ShopQuery>(c, 'query'))),
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/available`,
      summary: "Is an e-mail or phone number free among the shops of the caller's area?",
      request: { params: serviceParamSchema, query: availableQuerySchema },
      responses: ok(z.object({ available: z.boolean() }), 'Whether the value can be used'),
    },
    async (c) => {
      const q = validOf<{ field: 'email' | 'phone'; value: string; exceptId?: string; areaId?: string }>(c, 'query');
      const available = await isAvailable(deps.db, c.var.service, q.field, q.value, q.exceptId ? Number(q.exceptId) : undefined, q.areaId);
      return c.json({ status: true, data: { available } }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/status`,
      summary: 'Change the status of several shops',
      description: 'To `active` needs the approval right (`Service {service} Regis Shop`, create); 403 otherwise, nothing changed.',
      request: { params: serviceParamSchema, body: jsonBody(bulkStatusBodySchema) },
      responses: ok(
        z.object({ changed: z.array(z.string()), refused: z.array(z.object({ id: z.string(), message: z.string() })) }),
        'What changed and what was refused',
      ),
    },
    async (c) => {
      const { ids, status } = validOf<{ ids: string[]; status: ShopStatus }>(c, 'json');
      if (status === 'active') await assertApproval(deps, c, 'shop');
      return c.json({ status: true, data: await bulkShopStatus(deps.db, c.var.service, ids.map(Number), status, deps.now()) }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'delete',
      path: base,
      summary: 'Delete several shops (restorable)',
      request: { params: serviceParamSchema, query: idsQuerySchema },
      responses: ok(z.object({ deleted: z.number().int() }), 'How many were deleted'),
    },
    async (c) => {
      const { ids } = validOf<{ ids: string[] }>(c, 'query');
      const done = await setShopsDeleted(deps.db, c.var.service, ids.map(Number), true, deps.now());
      return c.json({ status: true, data: { deleted: done.length } }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/{id}/status`,
      summary: 'Move a shop to another status (allowed transitions only)',
      description: 'To `active` needs the approval right (`Service {service} Regis Shop`, create); 403 otherwise.',
      request: { params, body: jsonBody(statusBodySchema) },
      responses: { ...ok(shopItemSchema, 'The shop after the change'), ...conflictResponse },
    },
    async (c) => {
      const body = validOf<{ status: ShopStatus; reason?: string; version: number }>(c, 'json');
      if (body.status === 'active') await assertApproval(deps, c, 'shop');
      return c.json({ status: true, data: await setShopStatus(deps.db, c.var.service, idOf(c), body, deps.now()) }, 200);
    },
  );

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: `${base}/{id}/history`,
      summary: "The shop's status changes, oldest first",
      request: { params },
      responses: ok(historySchema, 'Status history'),
    },
    async (c) => {
      const history = await shopHistory(deps.db, c.var.service, idOf(c));
      if (!history) throw notFoundData();
      return c.json({ status: true, data: history }, 200);
    },
  );

  mountResource(app, {
    path: base,
    tag,
    noun: 'shop',
    pathParams: serviceParamSchema,
    itemSchema: shopItemSchema,
    querySchema: shopQuerySchema as never,
    createSchema: shopCreateSchema,
    updateSchema: shopUpdateSchema,
    versioned: true,
    guard: () => guard,
    list: (c, query: ShopQuery) => listShops(deps.db, c.var.service, query),
    get: (c, id) => getShop(deps.db, c.var.service, id),
    create: async (c, input) => {
      // An active new shop skips the approval step: only who may approve may do that.
      if ((input as unknown as ShopInput).status === 'active') await assertApproval(deps, c, 'shop');
      return createShop(deps.db, c.var.service, input as unknown as ShopInput, deps.now());
    },
    update: (c, id, version, input) => updateShop(deps.db, c.var.service, id, version, input as unknown as ShopInput, deps.now()),
    remove: async (c, id) => (await setShopsDeleted(deps.db, c.var.service, [id], true, deps.now())).length > 0,
    restore: async (c, id) => {
      // A shop deleted while active comes back active: only who may approve may bring it back.
      if ((await getShop(deps.db, c.var.service, id, true))?.status === 'active') await assertApproval(deps, c, 'shop');
      return (await setShopsDeleted(deps.db, c.var.service, [id], false, deps.now())).length ? getShop(deps.db, c.var.service, id) : null;
    },
  });
}
