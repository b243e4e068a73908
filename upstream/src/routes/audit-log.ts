import { type OpenAPIHono } from '@hono/zod-openapi';
import { auditLogContract } from '@contract/resources/audit-log';
import { getAuditEntry, listAuditLog, type AuditQuery } from '../domain/audit-log';
import { scopeOf } from '../domain/scope';
import { requireAdmin, requireAuth, requirePermission } from '../kit/auth';
import type { AppDeps, AppEnv } from '../kit/env';
import { mountResource } from '../kit/resource';

/** `GET /api/admin/Log` and `/Log/{id}` (administrators, `Company Log`): the company's audit log, read-only. */
export function registerAuditLogRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const authed = requireAuth(deps);
  mountResource<unknown, never, never, AuditQuery>(app, {
    path: '/api/admin/Log',
    tag: 'Audit log',
    noun: 'audit log entry',
    operationIds: 'AuditEntry',
    itemSchema: auditLogContract.schemas.item.openapi('AuditEntry'),
    querySchema: auditLogContract.schemas.query as never,
    guard: () => [authed, requireAdmin, requirePermission(deps, 'Admin', 'Company Log')],
    list: (c, query) => listAuditLog(deps.db, scopeOf(c.var.auth), query),
    get: (c, id) => getAuditEntry(deps.db, scopeOf(c.var.auth), id),
  });
}
