import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { forbidden, notFoundData } from '../kit/errors';
import { userDataSchema } from './auth-schemas';
import { bearerSecurity, errorResponses, idString, jsonResponse, parseId } from '../kit/schemas';

const adminUserSchema = userDataSchema
  .pick({ uid: true, username: true, displayName: true, email: true, userRole: true, root: true, companies: true, office: true, appid: true, area: true })
  .extend({ status: z.string() })
  .openapi('AdminUserView');

export function registerAdminUserRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/AdminUser/view/{uid}',
      tags: ['Users'],
      security: bearerSecurity,
      summary: "One user of the caller's company (`data.root`)",
      description: 'Admins may read any user of their company; staff only themselves.',
      middleware: [requireAuth(deps)] as const,
      request: {
        params: z.object({
          uid: z
            .string()
            .max(20)
            .openapi({ param: { name: 'uid', in: 'path' }, example: '1' }),
        }),
      },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: adminUserSchema }), 'The user'), ...errorResponses },
    }),
    async (c) => {
      const auth = c.var.auth;
      const id = parseId(c.req.valid('param').uid);
      if (id === null) throw notFoundData();
      if (auth.role !== 'admin' && id !== auth.uid) throw forbidden();
      const [user] = await deps.db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.companyId, auth.companyId), isNull(users.deletedAt)))
        .limit(1);
      if (!user) throw notFoundData();
      return c.json(
        {
          status: true as const,
          data: {
            uid: String(user.id),
            username: user.username,
            displayName: user.displayName,
            email: user.email,
            userRole: user.role,
            root: user.root,
            status: user.status,
            companies: String(user.companyId),
            office: String(user.officeId),
            appid: idString(user.appId),
            area: idString(user.areaId),
          },
        },
        200,
      );
    },
  );
}
