import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { areaLookupQuerySchema, areaLookupSchema, serviceAreaContract, type ServiceAreaCreate, type ServiceAreaUpdate } from '@contract/resources/service-area';
import { createArea, getArea, listAreas, lookupArea, updateArea, type AreaItem, type AreaQuery } from '../domain/areas';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonResponse } from '../kit/schemas';
import { requireService, serviceParamSchema } from '../kit/service-scope';

export const areaItemSchema = serviceAreaContract.schemas.item.openapi('ServiceArea');
const lookupAnswer = z.object({ status: z.literal(true), data: areaLookupSchema.openapi('ServiceAreaLookup') });
const lookupQuery = areaLookupQuerySchema.openapi('ServiceAreaLookupQuery');

/**
 * `/api/admin/{service}/Setting/ServiceArea`: the app's service areas with their boundaries (staff only ever see their
 * own area); add and edit with the `create` and `write` flags of `Setting ServiceArea`; `lookup` tells which area a
 * point falls in. The member app asks the same on the app channel (`/api/app/{service}/Area`).
 */
export function registerServiceAreaRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const path = '/api/admin/{service}/Setting/ServiceArea';
  const tag = 'Service areas';

  // Before `{id}`: `lookup` is not an id.
  addRoute(
    app,
    tag,
    [authed, requireService(deps, 'Setting ServiceArea', 'read')],
    {
      method: 'get',
      path: `${path}/lookup`,
      operationId: 'lookupServiceArea',
      summary: 'Which service area a point falls in',
      description:
        'The live area of the app whose boundary holds `lat`/`lng` (its edge included; on an edge two areas share, the older one), or `area: null`. Staff look in their own area only.',
      request: { params: serviceParamSchema, query: lookupQuery },
      responses: { 200: jsonResponse(lookupAnswer, 'The area, or null'), ...errorResponses },
    },
    async (c) => {
      const { lat, lng } = validOf<{ lat: number; lng: number }>(c, 'query');
      return c.json({ status: true as const, data: await lookupArea(deps.db, c.var.service, lat, lng) }, 200);
    },
  );

  mountResource<AreaItem, ServiceAreaCreate, Omit<ServiceAreaUpdate, 'version'>, AreaQuery>(app, {
    path,
    tag,
    noun: 'service area',
    operationIds: 'ServiceArea',
    versioned: true,
    itemSchema: areaItemSchema as never,
    querySchema: serviceAreaContract.schemas.query as never,
    createSchema: serviceAreaContract.schemas.create.openapi('ServiceAreaInput') as never,
    updateSchema: serviceAreaContract.schemas.update.openapi('ServiceAreaUpdate') as never,
    pathParams: serviceParamSchema,
    guard: () => [authed, requireService(deps, 'Setting ServiceArea')],
    list: (c, query) => listAreas(deps.db, c.var.service, query),
    get: (c, id) => getArea(deps.db, c.var.service, id),
    create: (c, input) => createArea(deps.db, c.var.service, input, deps.now()),
    update: (c, id, version, input) => updateArea(deps.db, c.var.service, id, version, input, deps.now()),
  });

  // The member app: which area an address is in (never through the portal).
  addRoute(
    app,
    'App channel',
    [authed, requireAppKey(deps), requireService(deps, 'Setting ServiceArea', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Area',
      operationId: 'lookupServiceAreaForApp',
      summary: 'Which service area an address falls in (app channel)',
      description:
        'The live area of the app whose boundary holds `lat`/`lng`, with its status (`AreaClose`: no orders there now), or `area: null` when the address is outside every area.',
      request: { params: serviceParamSchema, query: lookupQuery },
      responses: { 200: jsonResponse(lookupAnswer, 'The area, or null'), ...errorResponses },
    },
    async (c) => {
      const { lat, lng } = validOf<{ lat: number; lng: number }>(c, 'query');
      return c.json({ status: true as const, data: await lookupArea(deps.db, { ...c.var.service, areaId: null }, lat, lng) }, 200);
    },
  );
}
