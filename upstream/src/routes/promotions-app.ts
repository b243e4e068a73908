import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { appPopularQuerySchema, appPopularSchema } from '@contract/resources/popular';
import { appPromotionQuerySchema, appPromotionSchema } from '@contract/resources/promotion';
import { runningPopularShops, runningPromotions } from '../domain/promotions';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

/**
 * What the member app reads of Privileges (app channel: `x-app-key` besides the bearer token; the portal never
 * forwards these): the promotions running today and the popular shops in hand order, of one area.
 */
export function registerPromotionAppRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const appKey = requireAppKey(deps);

  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Promotion', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Promotion',
      operationId: 'readPromotionsForApp',
      summary: 'The promotions the member app shows today',
      description:
        "The area's active promotions whose period holds today (the company's day, in its time zone), the latest to start first. With `shopId`, the app-wide ones and those naming that shop (a shop's page). Staff read their own area only.",
      request: { params: serviceParamSchema, query: appPromotionQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(appPromotionSchema) }), 'The running promotions'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<z.infer<typeof appPromotionQuerySchema>>(c, 'query');
      const data = await runningPromotions(
        deps.db,
        c.var.service,
        { areaId: Number(query.areaId), shopId: query.shopId === undefined ? undefined : Number(query.shopId) },
        deps.now(),
      );
      return c.json({ status: true as const, data }, 200);
    },
  );

  addRoute(
    app,
    'App channel',
    [authed, appKey, requireServiceRoute(deps, 'Popular', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Popular',
      operationId: 'readPopularShopsForApp',
      summary: 'The popular shops the member app lists today',
      description:
        "The area's active popular shops whose period (when set) holds today (the company's day), in hand order, with each shop's id and name; a deleted shop drops out. Staff read their own area only.",
      request: { params: serviceParamSchema, query: appPopularQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(appPopularSchema) }), 'The popular shops in order'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<z.infer<typeof appPopularQuerySchema>>(c, 'query');
      const data = await runningPopularShops(deps.db, c.var.service, { areaId: Number(query.areaId) }, deps.now());
      return c.json({ status: true as const, data }, 200);
    },
  );
}
