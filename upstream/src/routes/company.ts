import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { companySchema, companyUpdateSchema } from '@contract/resources/company';
import { companyOf, updateCompany } from '../domain/company';
import { scopeOf } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { addRoute, validOf } from '../kit/routes';
import { conflictResponse, errorResponses, jsonBody, jsonResponse } from '../kit/schemas';

const ok = <T extends z.ZodType>(data: T, description: string) => ({
  200: jsonResponse(z.object({ status: z.literal(true), data }), description),
  ...errorResponses,
});

/** Information: the company's own particulars (administrators, `Company Information`). */
export function registerCompanyRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const guard = [requireAuth(deps), requireAdmin, requirePermission(deps, 'Admin', 'Company Information')];
  const path = '/api/admin/Information/Company';
  addRoute(
    app,
    'Company',
    guard,
    {
      method: 'get',
      path,
      operationId: 'getCompany',
      summary: "The caller's company",
      description: 'Name, address, tax id, phone, e-mail and logo, with who changed them last.',
      responses: ok(companySchema, 'The company'),
    },
    async (c) => c.json({ status: true as const, data: await companyOf(deps.db, scopeOf(c.var.auth)) }, 200),
  );
  addRoute(
    app,
    'Company',
    guard,
    {
      method: 'put',
      path,
      operationId: 'updateCompany',
      summary: "Change the caller's company",
      description: '`version` as last read; 409 with the company as it is now when stale.',
      request: { body: jsonBody(companyUpdateSchema) },
      responses: { ...ok(companySchema, 'The company after the change'), ...conflictResponse },
    },
    async (c) => c.json({ status: true as const, data: await updateCompany(deps.db, scopeOf(c.var.auth), validOf(c, 'json'), deps.now()) }, 200),
  );
}
