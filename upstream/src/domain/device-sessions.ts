import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DeviceSessionRow } from '@contract/resources/device-sessions';
import { describeUserAgent } from '@contract/user-agent';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, notFoundData } from '../kit/errors';
import { orderFor, pageWindow, searchWhere, type ListQuery, type ListResult } from '../kit/list';
import { parseId } from '../kit/schemas';
import type { Scope } from './scope';

export interface DeviceSessionQuery extends ListQuery {
  uid?: string;
  live?: 'true' | 'false';
}

/** Who asks: their own session is marked, and only a root administrator ends a root administrator's sessions. */
export interface Viewer {
  uid: number;
  sid: string;
  root: boolean;
}

const columns = {
  ref: sessions.ref,
  sid: sessions.id,
  uid: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  root: users.root,
  via: sessions.via,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  revokedAt: sessions.revokedAt,
};

const inCompany = (scope: Scope): SQL => eq(users.companyId, scope.companyId);

function toRow(r: { [K in keyof typeof columns]: unknown }, viewer: Viewer): DeviceSessionRow {
  return {
    id: String(r.ref),
    uid: String(r.uid),
    username: String(r.username),
    displayName: String(r.displayName),
    role: String(r.role),
    root: r.root === true,
    via: String(r.via),
    userAgent: (r.userAgent as string | null) ?? '',
    ...describeUserAgent(r.userAgent as string | null),
    ip: (r.ip as string | null) ?? '',
    createdAt: (r.createdAt as Date).toISOString(),
    lastSeenAt: (r.lastSeenAt as Date).toISOString(),
    revokedAt: r.revokedAt ? (r.revokedAt as Date).toISOString() : null,
    live: r.revokedAt === null,
    current: r.sid === viewer.sid,
    state: r.revokedAt !== null ? 'revoked' : r.sid === viewer.sid ? 'current' : 'live',
  };
}

/** The company's sessions, the latest seen first by default. */
export async function listDeviceSessions(db: Db, scope: Scope, viewer: Viewer, query: DeviceSessionQuery): Promise<ListResult<DeviceSessionRow>> {
  const where = and(
    inCompany(scope),
    query.uid ? eq(users.id, parseId(query.uid) ?? -1) : undefined,
    query.live === 'true' ? isNull(sessions.revokedAt) : query.live === 'false' ? sql`${sessions.revokedAt} IS NOT NULL` : undefined,
    searchWhere([users.username, users.displayName, sessions.ip, sessions.userAgent], query.q),
  );
  const sortable = { createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, username: users.username };
  const { limit, offset } = pageWindow(query);
  const sorted = { ...query, sort: query.sort ?? 'lastSeenAt', order: query.sort ? query.order : ('desc' as const) };
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .orderBy(...orderFor(sortable, sorted, sessions.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
  ]);
  return { rows: rows.map((r) => toRow(r, viewer)), total: total?.n ?? 0 };
}

/** The person behind a session or an id, in the company; a root administrator's only for a root administrator. */
async function ownerIn(db: Db, scope: Scope, viewer: Viewer, where: SQL): Promise<{ uid: number; sid: string | null }> {
  const [row] = await db
    .select({ uid: users.id, root: users.root, role: users.role })
    .from(users)
    .where(and(inCompany(scope), where))
    .limit(1);
  if (!row) throw notFoundData();
  if (row.role === 'admin' && row.root && !viewer.root) throw forbidden();
  return { uid: row.uid, sid: null };
}

/** Ends one session; answers whose it was (for the token cache). */
export async function revokeDeviceSession(db: Db, scope: Scope, viewer: Viewer, ref: string, now: Date): Promise<{ uid: number; revoked: number }> {
  if (!/^[0-9a-f-]{36}$/i.test(ref)) throw notFoundData();
  const [session] = await db.select({ sid: sessions.id, uid: sessions.userId }).from(sessions).where(eq(sessions.ref, ref)).limit(1);
  if (!session) throw notFoundData();
  const owner = await ownerIn(db, scope, viewer, eq(users.id, session.uid));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, session.sid), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return { uid: owner.uid, revoked: rows.length };
}

/** Ends every session of one person of the company. */
export async function revokeUserDeviceSessions(db: Db, scope: Scope, viewer: Viewer, rawUid: string, now: Date): Promise<{ uid: number; revoked: number }> {
  const uid = parseId(rawUid);
  if (uid === null) throw notFoundData();
  await ownerIn(db, scope, viewer, eq(users.id, uid));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, uid), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return { uid, revoked: rows.length };
}
