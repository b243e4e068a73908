import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { foodAvailabilitySchema, foodContract, type FoodAvailabilityChange } from '@contract/resources/food';
import { FOOD_AVAILABILITY } from '@contract/lifecycle/catalogue';
import { eq } from 'drizzle-orm';
import { foods, shops } from '../db/schema';
import { changeFoodAvailability, prepareFood } from '../domain/foods';
import { requireAuth } from '../kit/auth';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const params = serviceParamSchema.extend(idParamSchema.shape);
const availabilityAnswer = z.object({ id: z.string(), availability: z.enum(FOOD_AVAILABILITY), version: z.number().int() }).openapi('FoodAvailability');

/**
 * Products / Food: a Delivery shop's menu as a flat resource (its shop a live shop of its area, at most the shop's
 * product limit of foods), and Mark sold out / Back in stock as one call (`write`).
 */
export function registerFoodRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  addRoute(
    app,
    foodContract.name,
    [requireAuth(deps), requireServiceRoute(deps, foodContract.path, 'write')],
    {
      method: 'patch',
      path: `/api/admin/{service}/${foodContract.path}/{id}/availability`,
      operationId: 'changeFoodAvailability',
      summary: 'Mark a food sold out or back in stock (`version` required)',
      description:
        'Sets the availability of one food of the caller’s scope: a `sold_out` food stays on the menu and the member app cannot order it (400 `soldOut`). A stale version is 409 with the food’s availability and version as they are now.',
      request: { params, body: jsonBody(foodAvailabilitySchema.openapi('FoodAvailabilityChange')) },
      responses: {
        200: jsonResponse(z.object({ status: z.literal(true), data: availabilityAnswer }), 'The food’s availability after the change'),
        ...errorResponses,
        ...conflictResponse,
      },
    },
    async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) throw notFoundData();
      const data = await changeFoodAvailability(deps.db, c.var.service, id, validOf<FoodAvailabilityChange>(c, 'json'), deps.now());
      return c.json({ status: true as const, data }, 200);
    },
  );
  mountCrud(app, deps, foodContract, {
    table: foods,
    prepare: prepareFood,
    joins: { shopName: { column: shops.name, on: eq(shops.id, foods.shopId) } },
  });
}
