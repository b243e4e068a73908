import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { pageWindow } from '../kit/list';
import type { Scope } from './scope';

export interface NotificationItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

type Row = typeof notifications.$inferSelect;
const toItem = (r: Row): NotificationItem => ({
  id: String(r.id),
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/** The caller's own notifications: personal, so the scope is the user itself. */
const mine = (scope: Scope) => and(eq(notifications.companyId, scope.companyId), eq(notifications.userId, scope.userId));

export async function listNotifications(db: Db, scope: Scope, query: { page: number; pageSize: number; unread?: '0' | '1' }) {
  const where = and(mine(scope), query.unread === '1' ? isNull(notifications.readAt) : undefined);
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
