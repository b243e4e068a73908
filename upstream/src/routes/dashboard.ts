import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { can } from '@contract/access';
import { companyDashboard, serviceDashboard } from '../domain/dashboard';
import { ORDER_STATUSES } from '../domain/order-lifecycle';
import { scopeOf } from '../domain/scope';
import { requireAuth } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { forbidden } from '../kit/errors';
import { bearerSecurity, errorResponses, jsonResponse } from '../kit/schemas';
import { requireService, serviceParamSchema } from '../kit/service-scope';

const tags = ['Dashboard'];

const int = () => z.number().int();
/** The order figures both dashboards carry (docs/orders.md section 4); money in satang, days in the company's time zone. */
const orderFigures = {
  ordersToday: int().openapi({ description: 'Orders created today, both kinds, every status' }),
  ordersMonth: int().openapi({ description: 'Orders created this calendar month' }),
  revenueMonth: int().openapi({ description: "Sum of the totals of this month's orders now in success (satang)" }),
  commissionMonth: int().openapi({ description: "Sum of the app's shares of those orders (satang)" }),
  activeShops: int(),
  onlineBikers: int(),
  newMembersMonth: int(),
  perDay: z
    .array(z.object({ day: z.string().openapi({ example: '2026-11-22' }), orders: int(), amount: int() }))
    .openapi({ description: '30 days, oldest first, today last, zero-filled: orders created that day; amount of those now in success' }),
  perStatus: z
    .array(z.object({ status: z.enum(ORDER_STATUSES), count: int() }))
    .openapi({ description: 'Orders created in the last 30 days by current status, every status in lifecycle order' }),
  topShops: z
    .array(z.object({ shopId: z.string(), name: z.string(), orders: int(), amount: int() }))
    .openapi({ description: 'Top 5 shops this month by successful orders, ties by amount' }),
};
const companyCountsSchema = z.object({ apps: int(), areas: int(), staffUsers: int(), ...orderFigures }).openapi('CompanyDashboard');
const serviceCountsSchema = z
  .object({ areas: int(), areasReady: int(), shops: int(), members: int(), bikers: int(), staffUsers: int(), ...orderFigures })
  .openapi('ServiceDashboard');

export function registerDashboardRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Dashboard',
      tags,
      security: bearerSecurity,
      summary: 'Company dashboard: counts and order figures',
      description: "Readable with 'Company Dashboard' or the caller's service dashboard. Staff see their own app and area only.",
      middleware: [authed] as const,
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: companyCountsSchema }), 'Counts'), ...errorResponses },
    }),
    async (c) => {
      const auth = c.var.auth;
      if (auth.role !== 'admin') {
        const list = await deps.permissions.get(deps.db, auth.uid, deps.now().getTime());
        const serviceDashboard = auth.appType ? `Service ${auth.appType} Dashboard` : null;
        const allowed =
          can(list, 'Admin', 'Company Dashboard', 'read') || (!!serviceDashboard && can(list, auth.appType as 'Delivery', serviceDashboard, 'read'));
        if (!allowed) throw forbidden();
      }
      return c.json({ status: true as const, data: await companyDashboard(deps.db, scopeOf(auth), deps.now()) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/{service}/Dashboard',
      tags,
      security: bearerSecurity,
      summary: 'Service dashboard: counts and order figures',
      description: "Needs read on 'Service {service} Dashboard'. Staff see their own area only; another service is 403.",
      middleware: [authed, requireService(deps, 'Dashboard', 'read')] as const,
      request: { params: serviceParamSchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: serviceCountsSchema }), 'Counts'), ...errorResponses },
    }),
    async (c) => c.json({ status: true as const, data: await serviceDashboard(deps.db, c.var.service, deps.now()) }, 200),
  );
}
