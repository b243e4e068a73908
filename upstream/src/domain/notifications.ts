import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { NotificationQuery } from '@contract/resources/notifications';
import type { Db } from '../db/client';
import { notifications, permissions, users } from '../db/schema';
import type { Tx } from '../db/client';
import { pageWindow } from '../kit/list';
import type { Scope } from './scope';

export interface NotificationItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  kind: string | null;
  params: Record<string, string | number> | null;
  read: boolean;
  createdAt: string;
}

type Row = typeof notifications.$inferSelect;
const toItem = (r: Row): NotificationItem => ({
  id: String(r.id),
  title: r.title,
  body: r.body,
  link: r.link,
  kind: r.kind,
  params: r.params,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/** The caller's own notifications: personal, so the scope is the user itself. */
const mine = (scope: Scope) => and(eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId));

export async function listNotifications(db: Db, scope: Scope, query: NotificationQuery) {
  const state = query.state ?? (query.unread === '1' ? 'unread' : undefined);
  const where = and(
    mine(scope),
    state === 'unread' ? isNull(notifications.readAt) : state === 'read' ? isNotNull(notifications.readAt) : undefined,
    query.kind ? eq(notifications.kind, query.kind) : undefined,
  );
  const { limit, offset } = pageWindow({ ...query, order: 'desc' });
  const [rows, [total], [unread]] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(scope), isNull(notifications.readAt))),
  ]);
  return { rows: rows.map(toItem), total: total?.n ?? 0, unreadCount: unread?.n ?? 0 };
}

export async function markNotification(db: Db, scope: Scope, id: number, read: boolean, now: Date): Promise<NotificationItem | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` : null })
    .where(and(mine(scope), eq(notifications.id, id)))
    .returning();
  return row ? toItem(row) : null;
}

export async function markAllRead(db: Db, scope: Scope, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine(scope), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Something that happened in an area, for the people who look after it there. */
export interface AreaEvent {
  companyId: number;
  appId: number;
  areaId: number;
  /** The menu whose readers are told (`Service Delivery Regis Shop`) and where the link goes. */
  permission: string;
  link: string;
  kind: 'shopRegistration' | 'withdrawalRequest' | 'supportTicket';
  params: Record<string, string | number>;
  /** The same in English, for readers without the portal's translations. */
  title: string;
  body: string;
}

/**
 * Tells every active administrator of the company, and every active staff member of the area who may read the
 * event's menu, in the transaction of the event itself (so it is raised exactly when the event happens). Answers how
 * many were told.
 */
export async function notifyArea(tx: Db | Tx, event: AreaEvent, now: Date): Promise<number> {
  const readers = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(permissions, and(eq(permissions.userId, users.id), eq(permissions.name, event.permission)))
    .where(
      and(
        eq(users.companyId, event.companyId),
        eq(users.status, 'active'),
        isNull(users.deletedAt),
        or(eq(users.role, 'admin'), and(eq(users.role, 'staff'), eq(users.appId, event.appId), eq(users.areaId, event.areaId), eq(permissions.read, true))),
      ),
    );
  if (readers.length === 0) return 0;
  await tx.insert(notifications).values(
    readers.map((r) => ({
      companyId: event.companyId,
      userId: r.id,
      title: event.title,
      body: event.body,
      link: event.link,
      kind: event.kind,
      params: event.params,
      createdAt: now,
    })),
  );
  return readers.length;
}
