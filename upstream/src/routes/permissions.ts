import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, isNull } from 'drizzle-orm';
import { permissionItemSchema } from '@contract/access';
import { users } from '../db/schema';
import { applyMenu, listPermissionChanges, loadPermissionList, PERMISSION_SERVICES, setUserPermissions } from '../domain/permissions';
import { permissionChangeSchema } from '@contract/resources/users';
import { scopeOf } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { forbidden, notFoundData } from '../kit/errors';
import { bearerSecurity, errorResponses, jsonBody, jsonResponse, parseId } from '../kit/schemas';
import { permissionListDocSchema } from './auth-schemas';

const tags = ['Permissions'];

/** A permission list whose `services` are the three the product knows. */
export const permissionInputSchema = z
  .array(z.object({ services: z.enum(PERMISSION_SERVICES), data: z.array(permissionItemSchema).max(2000) }))
  .max(10)
  .openapi('PermissionInput');

const listAnswer = z.object({ status: z.literal(true), data: permissionListDocSchema });
const uidParams = z.object({
  uid: z
    .string()
    .max(20)
    .openapi({ param: { name: 'uid', in: 'path' }, example: '2' }),
});

export function registerPermissionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Permission/getPermission',
      tags,
      security: bearerSecurity,
      summary: "The caller's permission list",
      middleware: [authed] as const,
      responses: { 200: jsonResponse(listAnswer, 'One entry per service with its menu items and flags'), ...errorResponses },
    }),
    async (c) => c.json({ status: true as const, data: await deps.permissions.get(deps.db, c.var.auth.uid, deps.now().getTime()) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/Menu/setMenu',
      tags,
      security: bearerSecurity,
      summary: 'Store the menu catalogue',
      description:
        "Adds the entries the caller's company lacks and gives every user of the company a row for each: admins every flag; others all off except the dashboard entries, which are readable. Existing rows keep their flags.",
      // Only an administrator stores the catalogue (it gives every user of the company rows).
      middleware: [authed, requireAdmin] as const,
      request: { body: jsonBody(z.object({ menuName: permissionInputSchema }).openapi('SetMenuBody')) },
      responses: {
        200: jsonResponse(
          z.object({ status: z.literal(true), data: z.object({ entries: z.number().int(), rows: z.number().int() }) }),
          'New catalogue entries and permission rows',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await applyMenu(deps.db, scopeOf(c.var.auth), c.req.valid('json').menuName);
      if (result.rows > 0) deps.permissions.clear();
      return c.json({ status: true as const, data: result }, 200);
    },
  );

  /** A staff member of the caller's company, or 404. */
  const staffIdOf = async (companyId: number, raw: string): Promise<number> => {
    const id = parseId(raw);
    if (id === null) throw notFoundData();
    const [row] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId), eq(users.role, 'staff'), isNull(users.deletedAt)))
      .limit(1);
    if (!row) throw notFoundData();
    return row.id;
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Users/Staff/{uid}/permission',
      tags,
      security: bearerSecurity,
      summary: "A staff member's permission list",
      middleware: [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Users Staff', 'read')] as const,
      request: { params: uidParams },
      responses: { 200: jsonResponse(listAnswer, 'The list'), ...errorResponses },
    }),
    async (c) => {
      const id = await staffIdOf(c.var.auth.companyId, c.req.valid('param').uid);
      return c.json({ status: true as const, data: await loadPermissionList(deps.db, id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/admin/Users/Staff/{uid}/permission',
      tags,
      security: bearerSecurity,
      summary: "Change a staff member's permissions",
      description: 'Body: a permission list. The flags of the entries given are replaced; other entries keep theirs.',
      middleware: [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Users Staff', 'write')] as const,
      request: { params: uidParams, body: jsonBody(permissionInputSchema) },
      responses: { 200: jsonResponse(listAnswer, 'The new list'), ...errorResponses },
    }),
    async (c) => {
      const id = await staffIdOf(c.var.auth.companyId, c.req.valid('param').uid);
      // Nobody changes their own flags.
      if (id === c.var.auth.uid) throw forbidden();
      await setUserPermissions(deps.db, scopeOf(c.var.auth), id, c.req.valid('json'), c.var.auth.uid, deps.now());
      deps.permissions.drop(id);
      return c.json({ status: true as const, data: await loadPermissionList(deps.db, id) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Users/Staff/{uid}/permission/history',
      tags,
      security: bearerSecurity,
      summary: "Who changed which of a staff member's flags, and when",
      description: 'The newest 100 recorded changes, newest first: one entry per flag turned on or off by the permission PUT.',
      middleware: [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Users Staff', 'read')] as const,
      request: { params: uidParams },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(permissionChangeSchema) }), 'The changes'), ...errorResponses },
    }),
    async (c) => {
      const id = await staffIdOf(c.var.auth.companyId, c.req.valid('param').uid);
      return c.json({ status: true as const, data: await listPermissionChanges(deps.db, c.var.auth.companyId, id) }, 200);
    },
  );
}
