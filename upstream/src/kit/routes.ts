import type { Context, MiddlewareHandler } from 'hono';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { bearerSecurity } from './schemas';

type Ctx = Context<AppEnv>;

/** One OpenAPI route beside a resource's own (exports, bulk actions, transitions), with the resource's guard. */
export function addRoute(
  app: OpenAPIHono<AppEnv>,
  tag: string,
  guard: MiddlewareHandler<AppEnv>[],
  config: Omit<Parameters<typeof createRoute>[0], 'middleware' | 'security' | 'tags'>,
  handler: (c: Ctx) => Promise<Response>,
): void {
  app.openapi(createRoute({ ...config, tags: [tag], security: bearerSecurity, middleware: guard }), handler as never);
}

/** The validated part of the request (after the route's zod schemas ran). */
export const validOf = <T>(c: Ctx, target: 'json' | 'query' | 'param'): T => (c.req.valid as (t: string) => unknown)(target) as T;
