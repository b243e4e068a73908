import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';

/**
 * The audit log: every state-changing call a signed-in user made, who, when, from where and what changed. Append-only:
 * the database refuses to update or delete its rows (triggers `audit_log_append_only`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who, as they were named at the time. */
    userId: integer('user_id').notNull(),
    username: text('username').notNull(),
    role: text('role').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The route's template (`/api/admin/Users/Staff/{id}`): what kind of change it was. */
    route: text('route').notNull(),
    status: integer('status').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The body sent (secrets redacted) and, for an update of a resource, the fields before → after. */
    changes: jsonb('changes').$type<AuditChanges>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt, t.id)],
);

export interface AuditChanges {
  body?: unknown;
  diff?: Record<string, { before: unknown; after: unknown }>;
}
