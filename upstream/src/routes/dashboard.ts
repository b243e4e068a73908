import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { can } from '../../../lib/permissions';
import { companyCounts, serviceCounts } from '../domain/dashboard';
import { scopeOf } from '../domain/scope';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { forbidden } from '../kit/errors';
import { bearerSecurity, errorResponses, jsonResponse } from '../kit/schemas';
import { requireService, serviceParamSchema } from '../kit/service-scope';

const tags = ['Dashboard'];

const companyCountsSchema = z.object({ apps: z.number().int(), areas: z.number().int(), staffUsers: z.number().int() }).openapi('CompanyCounts');
const serviceCountsSchema = z
  .object({
    areas: z.number().int(), areasReady: z.number().int(), shops: z.number().int(), members: z.number().int(),
    bikers: z.number().int(), staffUsers: z.number().int(),
  })
  .openapi('ServiceCounts');

export function registerDashboardRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get', path: '/api/admin/Dashboard', tags, security: bearerSecurity, summary: 'Company dashboard counts',
      description: "Readable with 'Company Dashboard' or the caller's service dashboard. Staff see their own app and area only.",
      middleware: [authed] as const,
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: companyCountsSchema }), 'Counts'), ...errorResponses },
    }),
    async (c) => {
      const auth = c.var.auth;
      if (auth.role !== 'admin') {
        const list = await deps.permissions.get(deps.db, auth.uid, deps.now().getTime());
        const serviceDashboard = auth.appType ? `Service ${auth.appType} Dashboard` : null;
        const allowed = can(list, 'Admin', 'Company Dashboard', 'read') || (!!serviceDashboard && can(list, auth.appType as 'Delivery', serviceDashboard, 'read'));
        if (!allowed) throw forbidden();
      }
      return c.json({ status: true as const, data: await companyCounts(deps.db, scopeOf(auth)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/api/admin/{service}/Dashboard', tags, security: bearerSecurity, summary: 'Service dashboard counts',
      description: "Needs read on 'Service {service} Dashboard'. Staff see their own area only; another service is 403.",
      middleware: [authed, requireService(deps, 'Dashboard', 'read')] as const,
      request: { params: serviceParamSchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: serviceCountsSchema }), 'Counts'), ...errorResponses },
    }),
    async (c) => c.json({ status: true as const, data: await serviceCounts(deps.db, c.var.service) }, 200),
  );
}
