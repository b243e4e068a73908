import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { deviceSessionContract, revokedAnswerSchema } from '@contract/resources/device-sessions';
import { listDeviceSessions, revokeDeviceSession, revokeUserDeviceSessions, type DeviceSessionQuery } from '../domain/device-sessions';
import { scopeOf } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { listResponseSchema } from '../kit/list';
import { bearerSecurity, errorResponses, jsonResponse } from '../kit/schemas';

const PATH = '/api/admin/DeviceSession';
const tags = ['Device sessions'];
const itemSchema = deviceSessionContract.schemas.item.openapi('DeviceSession');
const revokedAnswer = z.object({ status: z.literal(true), data: revokedAnswerSchema });

/**
 * `/api/admin/DeviceSession` (administrators, `Company DeviceSession`): the company's sessions, and revoking one or all
 * of a person's. A revoked session's tokens stop working at once here, so its browser is signed out on its next
 * request whatever portal instance serves it.
 */
export function registerDeviceSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  const allowed = requirePermission(deps, 'Admin', 'Company DeviceSession');
  const viewerOf = (auth: { uid: number; sid: string; root: boolean }) => ({ uid: auth.uid, sid: auth.sid, root: auth.root });

  app.openapi(
    createRoute({
      method: 'get',
      path: PATH,
      tags,
      security: bearerSecurity,
      operationId: 'listDeviceSessions',
      summary: "The company's sessions",
      description:
        "Page, sort (`lastSeenAt` newest first by default), search by person, IP or browser, `uid` and `live` filters; the caller's own session is `current`.",
      middleware: [authed, requireAdmin, allowed] as const,
      request: { query: deviceSessionContract.schemas.query },
      responses: { 200: jsonResponse(listResponseSchema(itemSchema), 'A page of sessions'), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid('query') as DeviceSessionQuery;
      const result = await listDeviceSessions(deps.db, scopeOf(c.var.auth), viewerOf(c.var.auth), query);
      return c.json({ status: true as const, data: result.rows, total: result.total, page: query.page, pageSize: query.pageSize }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: `${PATH}/user/{uid}/revoke`,
      tags,
      security: bearerSecurity,
      operationId: 'revokeUserSessions',
      summary: "End every session of one of the company's people",
      description: "A root administrator's sessions only for a root administrator (403 otherwise).",
      middleware: [authed, requireAdmin, allowed] as const,
      request: {
        params: z.object({
          uid: z
            .string()
            .max(20)
            .openapi({ param: { name: 'uid', in: 'path' }, example: '2' }),
        }),
      },
      responses: { 200: jsonResponse(revokedAnswer, 'How many sessions ended'), ...errorResponses },
    }),
    async (c) => {
      const done = await revokeUserDeviceSessions(deps.db, scopeOf(c.var.auth), viewerOf(c.var.auth), c.req.valid('param').uid, deps.now());
      deps.tokens.dropUser(done.uid);
      return c.json({ status: true as const, data: { revoked: done.revoked } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: `${PATH}/{ref}`,
      tags,
      security: bearerSecurity,
      operationId: 'revokeDeviceSession',
      summary: 'End one session',
      description: "By the session's `ref` (the list's `id`); a root administrator's only for a root administrator.",
      middleware: [authed, requireAdmin, allowed] as const,
      request: {
        params: z.object({
          ref: z
            .string()
            .max(40)
            .openapi({ param: { name: 'ref', in: 'path' }, example: '0b6f1c1e-2f4e-4b5b-9a53-3f1f0b0f6c11' }),
        }),
      },
      responses: { 200: jsonResponse(revokedAnswer, 'How many sessions ended (0: it had ended before)'), ...errorResponses },
    }),
    async (c) => {
      const done = await revokeDeviceSession(deps.db, scopeOf(c.var.auth), viewerOf(c.var.auth), c.req.valid('param').ref, deps.now());
      deps.tokens.dropUser(done.uid);
      return c.json({ status: true as const, data: { revoked: done.revoked } }, 200);
    },
  );
}
