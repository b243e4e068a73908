import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { sessions, users } from '../db/schema';

export interface NewSession {
  userId: number;
  via: 'login' | 'register' | 'autologin-root' | 'autologin-portal' | 'autologin-shop';
  author?: string | null;
  shopId?: number | null;
  userAgent?: string | null;
  ip?: string | null;
}

export async function createSession(db: Db, input: NewSession, now: Date): Promise<{ sid: string; gen: number }> {
  const sid = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    id: sid,
    userId: input.userId,
    via: input.via,
    author: input.author ?? null,
    shopId: input.shopId ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip ?? null,
    createdAt: now,
    refreshedAt: now,
    lastSeenAt: now,
  });
  return { sid, gen: 1 };
}

/** True when the session is open, at this generation, and its user may still sign in. */
const sessionState = preparedFor((db) =>
  db
    .select({
      gen: sessions.gen,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      deletedAt: users.deletedAt,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sid')))
    .limit(1)
    .prepare('session_state'),
);

/** How stale "last seen" may get before a use of the session writes it again (one write per session this often, at most). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * True when the session is open, at this generation, and its user may still sign in. Given `now` (a token checked for
 * a call), a session last seen more than LAST_SEEN_EVERY_MS ago is marked seen: the read is one the check makes anyway,
 * the write happens once in a while and only where another instance has not just made it.
 */
export async function isSessionLive(db: Db, sid: string, gen: number, uid: number, now?: Date): Promise<boolean> {
  const [row] = await sessionState(db).execute({ sid });
  const live = !!row && row.gen === gen && row.userId === uid && !row.revokedAt && !row.deletedAt && row.status === 'active';
  if (live && now && now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) await touchSession(db, sid, now);
  return live;
}

async function touchSession(db: Db, sid: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sid), lt(sessions.lastSeenAt, stale)));
}

/**
 * Moves the session to the next generation if `gen` is still current: the token carrying `gen` is dead afterwards,
 * and a second refresh of it finds nothing. Atomic, so two concurrent refreshes cannot both win.
 */
export async function rotateSession(db: Db, sid: string, gen: number, now: Date): Promise<number | null> {
  const rows = await db
    .update(sessions)
    .set({ gen: gen + 1, refreshedAt: now, lastSeenAt: now })
    .where(and(eq(sessions.id, sid), eq(sessions.gen, gen), isNull(sessions.revokedAt)))
    .returning({ gen: sessions.gen });
  return rows[0]?.gen ?? null;
}

export async function revokeSession(db: Db, sid: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
