import { z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  bikerRatingContract,
  ratingHideSchema,
  ratingItemSchema,
  ratingQuerySchema,
  ratingSubmitSchema,
  ratingSummaryQuerySchema,
  ratingSummarySchema,
  shopRatingContract,
  type RatingTarget,
} from '@contract/resources/ratings';
import { getRating, listRatings, listRatingSummaries, setRatingHidden, submitRating, type RatingQuery, type RatingSubmission } from '../domain/ratings';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { listResponseSchema } from '../kit/list';
import { mountResource } from '../kit/resource';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';

const itemSchema = ratingItemSchema.openapi('Rating');
const summarySchema = ratingSummarySchema.openapi('RatingSummary');
const hideSchema = ratingHideSchema.openapi('RatingHide');
const params = serviceParamSchema.extend(idParamSchema.shape);
const idOf = (value: string | undefined) => {
  const id = parseId(value);
  if (id === null) throw notFoundData();
  return id;
};
const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
  ...conflictResponse,
});

/**
 * Ratings and reviews: the shops' (`Review`, Marketplace's `ShopRating` too) and the bikers' (`Review/Biker`) reviews,
 * read-only lists with a summary per shop or biker and hide / unhide calls (the registry's permission of the path:
 * `read` to list and view, `write` to hide and show); and the member app's rating of a successful order.
 */
export function registerRatingRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  const mount = (path: string, target: RatingTarget, permission: string, name: string, noun: string) => {
    const base = `/api/admin/{service}/${path}`;
    const tag = target === 'shop' ? 'Shop reviews' : 'Biker reviews';
    const read = [authed, requireServiceRoute(deps, permission, 'read')];
    const write = [authed, requireServiceRoute(deps, permission, 'write')];
    // Before `{id}`: the static path is matched first.
    addRoute(
      app,
      tag,
      read,
      {
        method: 'get',
        path: `${base}/Summary`,
        operationId: `list${name}Summaries`,
        summary: `Average stars per ${target}`,
        description: `A page of the ${target}s' averages over their visible reviews (hidden ones are left out), most reviewed first: \`average\` with two decimals as text, \`count\`, the star \`distribution\`.`,
        request: { params: serviceParamSchema, query: ratingSummaryQuerySchema },
        responses: { 200: jsonResponse(listResponseSchema(summarySchema), 'A page of summaries'), ...errorResponses },
      },
      async (c) => {
        const query = validOf<{ page: number; pageSize: number; areaId?: string; targetId?: string }>(c, 'query');
        const { rows, total } = await listRatingSummaries(deps.db, c.var.service, target, query);
        return c.json({ status: true as const, data: rows, total, page: query.page, pageSize: query.pageSize }, 200);
      },
    );
    addRoute(
      app,
      tag,
      write,
      {
        method: 'patch',
        path: `${base}/{id}/hide`,
        operationId: `hide${name}`,
        summary: `Hide a ${noun} (with a reason)`,
        description: 'Records the reason, who and when; the version goes up and the average leaves it out. 409 with the review when it is hidden already.',
        request: { params, body: jsonBody(hideSchema) },
        responses: ok(itemSchema, 'The hidden review'),
      },
      async (c) => {
        const { reason } = validOf<{ reason: string }>(c, 'json');
        return c.json(
          { status: true as const, data: await setRatingHidden(deps.db, c.var.service, target, idOf(c.req.param('id')), { reason }, deps.now()) },
          200,
        );
      },
    );
    addRoute(
      app,
      tag,
      write,
      {
        method: 'patch',
        path: `${base}/{id}/unhide`,
        operationId: `unhide${name}`,
        summary: `Show a hidden ${noun} again`,
        description: 'Clears the reason; the version goes up and the average counts it again. 409 with the review when it is not hidden.',
        request: { params },
        responses: ok(itemSchema, 'The review, shown again'),
      },
      async (c) =>
        c.json({ status: true as const, data: await setRatingHidden(deps.db, c.var.service, target, idOf(c.req.param('id')), null, deps.now()) }, 200),
    );
    mountResource(app, {
      path: base,
      tag,
      noun,
      operationIds: name,
      pathParams: serviceParamSchema,
      itemSchema,
      querySchema: ratingQuerySchema as never,
      guard: () => read,
      list: (c, query: RatingQuery) => listRatings(deps.db, c.var.service, target, query),
      get: (c, id) => getRating(deps.db, c.var.service, target, id),
    });
  };
  // The bikers' path first: `Review/Biker` is not a shop review's id.
  mount(bikerRatingContract.path, 'biker', 'Review Biker', 'BikerRating', 'biker review');
  mount(shopRatingContract.path, 'shop', 'Review', 'ShopRating', 'shop review');
  for (const alias of shopRatingContract.aliases) mount(alias, 'shop', alias, `Marketplace${alias}`, 'shop review');

  addRoute(
    app,
    'App channel',
    [authed, requireAppKey(deps), requireServiceRoute(deps, 'Review')],
    {
      method: 'post',
      path: '/api/app/{service}/Review',
      operationId: 'submitRating',
      summary: "A member rates an order's shop or biker (the member app)",
      description:
        "For an order in `success` only (else 400 `invalidTransition`), named by `orderNo` or `orderId`; the order's member is the author. One review per order and target: a second is 409 with the first.",
      request: { params: serviceParamSchema, body: jsonBody(ratingSubmitSchema) },
      responses: { 201: jsonResponse(z.object({ status: z.literal(true), data: itemSchema }), 'The review'), ...errorResponses, ...conflictResponse },
    },
    async (c) => {
      const item = await submitRating(deps.db, c.var.service, validOf<RatingSubmission>(c, 'json'), deps.now());
      return c.json({ status: true as const, data: item }, 201);
    },
  );
}
