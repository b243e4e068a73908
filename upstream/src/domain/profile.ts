import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { CODES } from '@contract/codes';
import type { Profile, profileUpdateSchema } from '@contract/resources/profile';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { invalid, notFoundData } from '../kit/errors';
import { settleVersionedWith } from '../kit/versioned';
import { hashPassword, verifyPassword, type ScryptCost } from './passwords';

/** The signed-in user's own profile. */
export async function profileOf(db: Db, uid: number): Promise<Profile> {
  const [u] = await db.select().from(users).where(eq(users.id, uid)).limit(1);
  if (!u) throw notFoundData();
  return {
    uid: String(u.id),
    username: u.username,
    email: u.email,
    role: u.role,
    displayName: u.displayName,
    about: u.about,
    photoUrl: u.photoUrl,
    status: u.presence,
    version: u.version,
    updatedAt: u.updatedAt.toISOString(),
  };
}

export async function updateProfile(db: Db, uid: number, input: z.infer<typeof profileUpdateSchema>, now: Date): Promise<Profile> {
  const { version, status, ...fields } = input;
  const [row] = await db
    .update(users)
    .set({ ...fields, presence: status, version: version + 1, updatedAt: now })
    .where(and(eq(users.id, uid), eq(users.version, version)))
    .returning({ id: users.id });
  await settleVersionedWith(row, () => profileOf(db, uid));
  return profileOf(db, uid);
}

/**
 * Changes the user's password after checking the current one (`wrongPassword`), and ends every other session of
 * the user: a browser signed in elsewhere is signed out on its next request.
 */
export async function changePassword(
  db: Db,
  uid: number,
  sid: string,
  input: { current: string; password: string },
  cost: ScryptCost,
  now: Date,
): Promise<void> {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, uid)).limit(1);
  if (!u) throw notFoundData();
  if (!(await verifyPassword(input.current, u.hash))) throw invalid({ current: [CODES.wrongPassword] });
  const hash = await hashPassword(input.password, cost);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, uid));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, uid), ne(sessions.id, sid), isNull(sessions.revokedAt)));
  });
}
