import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { applicationContract, invoiceDetailSchema, invoiceSchema, subscriptionSchema } from '@contract/resources/applications';
import type { AppType } from '../db/schema';
import {
  createApplication,
  getApplication,
  getInvoice,
  listApplications,
  listInvoices,
  subscriptionOf,
  updateApplication,
  type ApplicationInput,
  type ApplicationItem,
} from '../domain/applications';
import { scopeOf } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { notFoundData } from '../kit/errors';
import type { ListQuery } from '../kit/list';
import { mountResource } from '../kit/resource';
import { bearerSecurity, errorResponses, idParamSchema, jsonResponse, parseId } from '../kit/schemas';

/**
 * The company's apps (`/api/admin/ApplicationManager`, list, add, edit; never delete), its subscription
 * (`/api/admin/MyService`) and its invoices (`/api/admin/Payment`): administrators, each with its menu's flag.
 */
export function registerApplicationRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);

  mountResource<ApplicationItem, ApplicationInput, ApplicationInput, ListQuery & { appType?: AppType }>(app, {
    path: '/api/admin/ApplicationManager',
    tag: 'Applications',
    noun: 'application',
    operationIds: 'Application',
    versioned: true,
    itemSchema: applicationContract.schemas.item.openapi('Application') as never,
    querySchema: applicationContract.schemas.query as never,
    createSchema: applicationContract.schemas.create as never,
    updateSchema: applicationContract.schemas.update as never,
    guard: () => [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company ApplicationManager')],
    list: (c, query) => listApplications(deps.db, scopeOf(c.var.auth), query),
    get: (c, id) => getApplication(deps.db, scopeOf(c.var.auth), id),
    create: async (c, input) => {
      const item = await createApplication(deps.db, scopeOf(c.var.auth), input, deps.now());
      deps.apps.drop(c.var.auth.companyId);
      return item;
    },
    update: (c, id, version, input) => updateApplication(deps.db, scopeOf(c.var.auth), id, version, input, deps.now()),
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/MyService',
      tags: ['Subscription'],
      security: bearerSecurity,
      operationId: 'getSubscription',
      summary: "The company's plan, services and limits, with how much of each is used",
      middleware: [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company MyService')] as const,
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: subscriptionSchema }), 'The subscription'), ...errorResponses },
    }),
    async (c) => c.json({ status: true as const, data: await subscriptionOf(deps.db, scopeOf(c.var.auth)) }, 200),
  );

  const payments = requirePermission(deps, 'Admin', 'Company Payment');
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Payment',
      tags: ['Subscription'],
      security: bearerSecurity,
      operationId: 'listInvoices',
      summary: "The company's invoices, newest first, with what was paid of each",
      middleware: [authed, requireAdmin, payments] as const,
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: z.array(invoiceSchema) }), 'The invoices'), ...errorResponses },
    }),
    async (c) => c.json({ status: true as const, data: await listInvoices(deps.db, scopeOf(c.var.auth), deps.now()) }, 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/Payment/{id}',
      tags: ['Subscription'],
      security: bearerSecurity,
      operationId: 'getInvoice',
      summary: 'One invoice with its lines and payments',
      middleware: [authed, requireAdmin, payments] as const,
      request: { params: idParamSchema },
      responses: { 200: jsonResponse(z.object({ status: z.literal(true), data: invoiceDetailSchema }), 'The invoice'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id);
      const invoice = id === null ? null : await getInvoice(deps.db, scopeOf(c.var.auth), id, deps.now());
      if (!invoice) throw notFoundData();
      return c.json({ status: true as const, data: invoice }, 200);
    },
  );
}
