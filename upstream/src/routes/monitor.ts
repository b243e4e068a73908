import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { reportBiker, type PresenceInput } from '../domain/bikers';
import { monitorBoard, type MonitorQuery } from '../domain/monitor';
import { changeOrder } from '../domain/order-changes';
import { requireAppKey } from '../kit/app-channel';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { addRoute, validOf } from '../kit/routes';
import { errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { requireServiceRoute, serviceParamSchema } from '../kit/service-scope';
import { answerChange, detailResponses } from './orders';
import { assignBodySchema, bikerItemSchema, monitorBoardSchema, monitorQuerySchema, presenceBodySchema } from './order-schemas';

/** `/api/admin/{service}/Monitor/Biker`: the task monitor (the bikers list is in ./accounts.ts). */
export function registerMonitorRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireServiceRoute(deps, 'Monitor Biker')];
  const base = '/api/admin/{service}/Monitor/Biker';
  const tag = 'Monitor';

  addRoute(
    app,
    tag,
    guard,
    {
      method: 'get',
      path: base,
      summary: 'Bikers in scope with presence, position and current tasks, and the orders waiting for a biker',
      request: { params: serviceParamSchema, query: monitorQuerySchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: monitorBoardSchema }), 'The board'), ...errorResponses },
    },
    async (c) => c.json({ status: true, data: await monitorBoard(deps.db, c.var.service, validOf<MonitorQuery>(c, 'query')) }, 200),
  );

  // Before `{id}`, so `assign` is never taken for an id.
  addRoute(
    app,
    tag,
    guard,
    {
      method: 'patch',
      path: `${base}/assign`,
      summary: 'Assign or change the biker of an order (as `…/{list}/{id}/biker`): offered until the biker accepts it',
      request: { params: serviceParamSchema, body: jsonBody(assignBodySchema) },
      responses: detailResponses,
    },
    async (c) => {
      const { orderId, bikerId } = validOf<{ orderId: string; bikerId: string }>(c, 'json');
      const change = await changeOrder(
        deps.db,
        c.var.service,
        Number(orderId),
        undefined,
        { event: 'assign', by: 'operator', bikerId: Number(bikerId) },
        deps.now(),
      );
      return answerChange(deps, c, change);
    },
  );

  // The biker app's report: on the app channel, never on the back-office's paths.
  addRoute(
    app,
    tag,
    [requireAuth(deps), requireAppKey(deps), requireServiceRoute(deps, 'Monitor Biker')],
    {
      method: 'patch',
      path: '/api/app/{service}/Monitor/Biker/{id}',
      summary: 'What the biker app reports: presence and/or position (published as `biker.presence`)',
      description: 'App channel: needs `x-app-key` besides the bearer token; the portal never forwards it.',
      request: { params: serviceParamSchema.extend(idParamSchema.shape), body: jsonBody(presenceBodySchema) },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: bikerItemSchema }), 'The biker after the change'), ...errorResponses },
    },
    async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === null) throw notFoundData();
      const { biker, publish } = await reportBiker(deps.db, c.var.service, id, validOf<PresenceInput>(c, 'json'), deps.now());
      deps.bus.publish(publish.scope, publish.event);
      return c.json({ status: true, data: biker }, 200);
    },
  );
}
