import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { getArea, listAreas, type AreaQuery } from '../domain/areas';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { listQuerySchema } from '../kit/list';
import { mountResource } from '../kit/resource';
import { requireService, serviceParamSchema } from '../kit/service-scope';

export const areaItemSchema = z
  .object({
    id: z.string(),
    appid: z.string(),
    name: z.string(),
    status: z.enum(['AreaReady', 'AreaClose']),
    province: z.string(),
    amphure: z.string(),
    district: z.string(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ServiceArea');

const areaQuerySchema = listQuerySchema(['id', 'name', 'status'], { status: z.enum(['AreaReady', 'AreaClose']).optional() });

/** `/api/admin/{service}/Setting/ServiceArea` (read): the app's service areas; staff only ever see their own area. */
export function registerServiceAreaRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  mountResource<z.infer<typeof areaItemSchema>, never, never, AreaQuery>(app, {
    path: '/api/admin/{service}/Setting/ServiceArea',
    tag: 'Service areas',
    noun: 'service area',
    itemSchema: areaItemSchema,
    querySchema: areaQuerySchema,
    pathParams: serviceParamSchema,
    guard: () => [authed, requireService(deps, 'Setting ServiceArea')],
    list: (c, query) => listAreas(deps.db, c.var.service, query),
    get: (c, id) => getArea(deps.db, c.var.service, id),
  });
}
