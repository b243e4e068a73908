import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { appShopQuerySchema, appShopSchema } from '@contract/resources/shop';
import { shopsForMembers } from '../domain/member-shops';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

/** The member app's list of an area's shops (app channel: `x-app-key` besides the bearer token; never through the portal). */
export function registerMemberShopRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  addRoute(
    app,
    'App channel',
    [requireAuth(deps), requireAppKey(deps), requireServiceRoute(deps, 'Shop', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Shop',
      operationId: 'readShopsForApp',
      summary: 'The shops the member app lists in an area',
      description:
        "The area's live, active and public shops whose package has not expired (a shop whose package expired is hidden until another is assigned), by name, a page at a time. Each shop's settings decide what is told of it: its distance from the member's `lat`/`lng` (`showDistanceShopOnHome`), its owner and phone (`showPersonDetailOnShop`), whether the order shows its prices (`orderShowPrice`). Staff read their own area only.",
      request: { params: serviceParamSchema, query: appShopQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(appShopSchema) }), 'A page of shops'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<z.infer<typeof appShopQuerySchema>>(c, 'query');
      const data = await shopsForMembers(deps.db, c.var.service, {
        areaId: Number(query.areaId),
        page: query.page,
        pageSize: query.pageSize,
        lat: query.lat,
        lng: query.lng,
      });
      return c.json({ status: true as const, data }, 200);
    },
  );
}
