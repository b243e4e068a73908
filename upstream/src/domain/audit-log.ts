import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@contract/resources/audit-log';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import { companyTimeZone } from './company-time';
import { dayEnd, dayStart } from './order-dates';
import type { Scope } from './scope';

export interface AuditQuery extends ListQuery {
  method?: string;
  outcome?: 'ok' | 'refused' | 'failed';
  uid?: string;
  from?: string;
  to?: string;
}

type Row = typeof auditLog.$inferSelect;
const outcomeOf = (status: number): AuditEntry['outcome'] => (status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'ok');

const toEntry = (r: Row): AuditEntry => ({
  id: String(r.id),
  uid: String(r.userId),
  username: r.username,
  role: r.role,
  method: r.method,
  path: r.path,
  route: r.route,
  status: r.status,
  outcome: outcomeOf(r.status),
  ip: r.ip ?? '',
  userAgent: r.userAgent ?? '',
  changes: r.changes,
  createdAt: r.createdAt.toISOString(),
});

const OUTCOME: Record<NonNullable<AuditQuery['outcome']>, SQL> = {
  ok: and(gte(auditLog.status, 200), lt(auditLog.status, 400))!,
  refused: and(gte(auditLog.status, 400), lt(auditLog.status, 500))!,
  failed: gte(auditLog.status, 500),
};

/** The company's entries, newest first by default; search by person or path; days are the company's. */
export async function listAuditLog(db: Db, scope: Scope, query: AuditQuery): Promise<ListResult<AuditEntry>> {
  const zone = query.from || query.to ? await companyTimeZone(db, scope.companyId) : undefined;
  const where = and(
    eq(auditLog.companyId, scope.companyId),
    query.method ? eq(auditLog.method, query.method) : undefined,
    query.outcome ? OUTCOME[query.outcome] : undefined,
    query.uid ? eq(auditLog.userId, parseId(query.uid) ?? -1) : undefined,
    query.from ? gte(auditLog.createdAt, dayStart(query.from, zone)) : undefined,
    query.to ? lt(auditLog.createdAt, dayEnd(query.to, zone)) : undefined,
    query.q
      ? or(
          searchWhere([auditLog.username, auditLog.path, auditLog.route], query.q),
          sql`${auditLog.changes}::text ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        )
      : undefined,
  );
  const dir = query.sort && query.order === 'asc' ? asc : desc;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(dir(auditLog.createdAt), dir(auditLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(toEntry), total: total?.n ?? 0 };
}

export async function getAuditEntry(db: Db, scope: Scope, id: number): Promise<AuditEntry | null> {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, scope.companyId), eq(auditLog.id, id)))
    .limit(1);
  return row ? toEntry(row) : null;
}
