import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { notificationPatchSchema, notificationQuerySchema, notificationSchema as contractNotification } from '@contract/resources/notifications';
import { listNotifications, markAllRead, markNotification } from '../domain/notifications';
import { scopeOf } from '../domain/scope';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import { listResponseSchema } from '../kit/list';
import { bearerSecurity, errorResponses, idParamSchema, jsonBody, jsonResponse, parseId } from '../kit/schemas';

const tags = ['Notifications'];

export const notificationSchema = contractNotification.openapi('Notification');

/** The signed-in user's own notifications (the portal's bell): personal, no permission flag needed. */
export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Notification',
      tags,
      security: bearerSecurity,
      summary: 'My notifications, newest first',
      middleware: [authed] as const,
      request: {
        query: notificationQuerySchema,
      },
      responses: {
        200: jsonResponse(listResponseSchema(notificationSchema).extend({ unreadCount: z.number().int() }), 'A page, with the unread count'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const result = await listNotifications(deps.db, scopeOf(c.var.auth), query);
      return c.json(
        { status: true as const, data: result.rows, total: result.total, page: query.page, pageSize: query.pageSize, unreadCount: result.unreadCount },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/api/admin/Notification/{id}',
      tags,
      security: bearerSecurity,
      summary: 'Mark one read or unread',
      middleware: [authed] as const,
      request: { params: idParamSchema, body: jsonBody(notificationPatchSchema.openapi('NotificationPatch')) },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: notificationSchema }), 'The notification'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id);
      const item = id === null ? null : await markNotification(deps.db, scopeOf(c.var.auth), id, c.req.valid('json').read, deps.now());
      if (!item) throw notFoundData();
      return c.json({ status: true as const, data: item }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/Notification/read-all',
      tags,
      security: bearerSecurity,
      summary: 'Mark all read',
      middleware: [authed] as const,
      responses: {
        200: jsonResponse(z.object({ status: z.literal(true), data: z.object({ updated: z.number().int() }) }), 'How many changed'),
        ...errorResponses,
      },
    }),
    async (c) => c.json({ status: true as const, data: { updated: await markAllRead(deps.db, scopeOf(c.var.auth), deps.now()) } }, 200),
  );
}
