import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { createType, exportTypes, getType, listTypes, setTypeDeleted, sortTypes, TYPE_CSV_HEADER, updateType, type TypeQuery } from '../domain/shop-types';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { csvResponse } from '../kit/export';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { requireService, requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { sortBodySchema, typeCreateSchema, typeItemSchema, typeQuerySchema, typeUpdateSchema } from './shop-schemas';

const csv = { 200: { description: 'Every matching row as CSV, streamed', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses };

/** `TypeShop` / `ShopType` (Shop Management step 2) of each service, with their CSV exports and the type order. */
export function registerShopCatalogueRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  for (const name of ['TypeShop', 'ShopType'] as const) {
    const path = `/api/admin/{service}/${name}`;
    // One data set, one permission: the shop types are TypeShop's (Shop Management step 2). Marketplace's ShopType
    // screen needs its own flag besides, so revoking either closes that door and revoking TypeShop closes both.
    const guard = [authed, requireServiceRoute(deps, 'TypeShop'), ...(name === 'ShopType' ? [requireService(deps, 'TypeShop')] : [])];
    addRoute(
      app,
      'Shop types',
      guard,
      {
        method: 'get',
        path: `${path}/export`,
        summary: 'Export the matching shop types as CSV',
        request: { params: serviceParamSchema, query: typeQuerySchema },
        responses: csv,
      },
      async (c) => csvResponse(c, 'shop-types.csv', TYPE_CSV_HEADER, exportTypes(deps.db, c.var.service, validOf<TypeQuery>(c, 'query'))),
    );
    if (name === 'ShopType') {
      addRoute(
        app,
        'Shop types',
        [authed, requireServiceRoute(deps, 'TypeShop'), requireService(deps, 'TypeShop', 'write')],
        {
          method: 'put',
          path: `${path}/Sort`,
          summary: 'Order the shop types (sortOrder 1…n as given)',
          request: { params: serviceParamSchema, body: jsonBody(sortBodySchema) },
          responses: {
            200: jsonResponse(z.object({ status: z.literal(true), data: z.array(typeItemSchema) }), 'The types in their new order'),
            ...errorResponses,
          },
        },
        async (c) => {
          const { ids } = validOf<{ ids: string[] }>(c, 'json');
          return c.json({ status: true, data: await sortTypes(deps.db, c.var.service, ids.map(Number), deps.now()) }, 200);
        },
      );
    }
    mountResource(app, {
      path,
      tag: 'Shop types',
      noun: 'shop type',
      pathParams: serviceParamSchema,
      itemSchema: typeItemSchema,
      querySchema: typeQuerySchema as never,
      createSchema: typeCreateSchema,
      updateSchema: typeUpdateSchema,
      guard: () => guard,
      list: (c, query: TypeQuery) => listTypes(deps.db, c.var.service, query),
      get: (c, id) => getType(deps.db, c.var.service, id),
      create: (c, input) => createType(deps.db, c.var.service, input, deps.now()),
      update: (c, id, version, input: z.infer<typeof typeUpdateSchema>) => updateType(deps.db, c.var.service, id, version, input, deps.now()),
      remove: (c, id) => setTypeDeleted(deps.db, c.var.service, id, true, deps.now()),
      restore: async (c, id) => ((await setTypeDeleted(deps.db, c.var.service, id, false, deps.now())) ? getType(deps.db, c.var.service, id) : null),
    });
  }
}
