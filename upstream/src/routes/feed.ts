import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { appFeedItemSchema, appFeedPostSchema, appFeedQuerySchema, feedContract } from '@contract/resources/feed';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { feedPosts, shops } from '../db/schema';
import { appFeed, createShopPost, feedComputed, prepareFeedPost } from '../domain/feed';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';
import { ApiError, MESSAGES } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, jsonBody, jsonResponse } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { imageOriginOf } from './images';

/**
 * Marketplace → Feed: a flat resource over `feed_posts` (a shop's posts bounded by its Limit_post), and the app
 * channel: the Marketplace app's feed and a shop posting from the shop app.
 */
export function registerFeedRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  mountCrud(app, deps, feedContract, {
    table: feedPosts,
    prepare: prepareFeedPost,
    computed: feedComputed,
    joins: { shopName: { column: shops.name, on: eq(shops.id, feedPosts.shopId) } },
  });

  const authed = requireAuth(deps);
  const appKey = requireAppKey(deps);
  // The feed is Marketplace's: no other service has it.
  const marketplaceOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.param('service') !== 'Marketplace') throw new ApiError(404, MESSAGES.notFound);
    await next();
  };
  addRoute(
    app,
    'App channel',
    [authed, appKey, marketplaceOnly, requireServiceRoute(deps, 'Feed', 'read')],
    {
      method: 'get',
      path: '/api/app/{service}/Feed',
      operationId: 'readAppFeed',
      summary: 'The Marketplace app feed of an area',
      description:
        "The area's active posts (the platform's and its shops'), newest first. Staff read their own area only. `imageUrl` is an address the app loads: an uploaded picture's at this API's `/api/images/{key}`, or the web address the post names; '' for none.",
      request: { params: serviceParamSchema, query: appFeedQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(appFeedItemSchema) }), 'The feed'), ...errorResponses },
    },
    async (c) => {
      const query = validOf<z.infer<typeof appFeedQuerySchema>>(c, 'query');
      const data = await appFeed(deps.db, c.var.service, Number(query.areaId), query.limit, imageOriginOf(c));
      return c.json({ status: true as const, data }, 200);
    },
  );
  addRoute(
    app,
    'App channel',
    [authed, appKey, marketplaceOnly, requireServiceRoute(deps, 'Feed', 'create')],
    {
      method: 'post',
      path: '/api/app/{service}/Feed',
      operationId: 'createAppFeedPost',
      summary: 'A shop posts to the feed (the shop app)',
      description:
        "A live shop of the app adds a post, published now. `imageUrl` is a web address or the key of one of the company's uploaded images (else 400 `imageUrl: unknownReference`). 400 `shopId: postLimit` (with `data.params.shopId.limit`) when the shop already has as many posts as its package's Limit_post allows.",
      request: { params: serviceParamSchema, body: jsonBody(appFeedPostSchema) },
      responses: { 201: jsonResponse(z.object({ status: z.literal(true), data: z.object({ id: z.string() }) }), 'The new post'), ...errorResponses },
    },
    async (c) => {
      const body = validOf<z.infer<typeof appFeedPostSchema>>(c, 'json');
      const row = await createShopPost(deps.db, c.var.service, body, deps.now());
      return c.json({ status: true as const, data: { id: String(row.id) } }, 201);
    },
  );
}
