import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges, outbox, users } from '../db/schema';
import type { AppDeps } from '../kit/env';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { signResetToken, verifyResetToken } from './tokens';
import { accountKey, clearFailures } from './lockout';
import { findActiveUserByLogin } from './users';
import { CODE_MASK, sealCode, unsealCode } from '../kit/outbox-seal';

/**
 * What is stored of a code: an HMAC keyed with the server's signing key, so a copy of the database alone cannot try the
 * million codes of a reference offline.
 */
const digest = (key: Uint8Array, ref: string, code: string) => createHmac('sha256', key).update(`otp:${ref}:${code}`).digest();

/** Challenges an account may be sent, and wrong codes it may give across them, per lockout window. */
export const OTP_LIMITS = { challengesPerWindow: 5, wrongCodesPerWindow: 20 } as const;

/**
 * `ForgotPassword`: the same answer for known and unknown users. For a known user a 6-digit code (single use,
 * `otp.ttlMs`, `otp.maxTries`) is stored (hashed) and a message with it goes to the outbox. A new challenge ends every
 * earlier one of the account; past `OTP_LIMITS.challengesPerWindow` in the lockout window no code is sent (the answer
 * is the same, so it tells nothing).
 */
export async function requestOtp(deps: AppDeps, input: string): Promise<string> {
  const ref = randomBytes(18).toString('base64url');
  const user = await findActiveUserByLogin(deps.db, input);
  if (!user) return ref;
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const minutes = Math.round(deps.config.otp.ttlMs / 60_000);
  const since = new Date(now.getTime() - deps.config.lockout.windowMs);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${user.id}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.userId, user.id), gt(otpChallenges.createdAt, since)));
    if ((recent?.n ?? 0) >= OTP_LIMITS.challengesPerWindow) return;
    // Only the newest code of an account works.
    await tx
      .update(otpChallenges)
      .set({ expiresAt: now })
      .where(and(eq(otpChallenges.userId, user.id), isNull(otpChallenges.verifiedAt), isNull(otpChallenges.usedAt), gt(otpChallenges.expiresAt, now)));
    await tx.insert(otpChallenges).values({
      ref,
      userId: user.id,
      codeHash: digest(deps.jwtKey, ref, code).toString('hex'),
      expiresAt: new Date(now.getTime() + deps.config.otp.ttlMs),
      createdAt: now,
    });
    await tx.insert(outbox).values({
      userId: user.id,
      ref,
      recipient: user.email,
      subject: 'Your password reset code',
      // The body names the code by a mask; the code is kept sealed for whoever delivers the message (kit/outbox-seal.ts).
      body: `Your password reset code is ${CODE_MASK}. It expires in ${minutes} minutes.`,
      otp: sealCode(deps.jwtKey, ref, code),
      createdAt: now,
    });
  });
  if (deps.config.logOtp) deps.log(`[api] password reset code for ${user.username}: ${code} (ref ${ref})`);
  return ref;
}

/**
 * `InputOTP`: each attempt takes one of the code's tries atomically (so parallel guesses cannot exceed them); a
 * matching, unexpired, unused code → a reset token; anything else → null.
 */
export async function exchangeOtp(deps: AppDeps, ref: string, code: string): Promise<string | null> {
  const now = deps.now();
  // Wrong codes count per account across its challenges: past the limit in the window, no code is checked.
  const since = new Date(now.getTime() - deps.config.lockout.windowMs);
  const [owner] = await deps.db.select({ userId: otpChallenges.userId }).from(otpChallenges).where(eq(otpChallenges.ref, ref)).limit(1);
  if (!owner) return null;
  // One attempt at a time per account (the same lock as a new challenge takes): the count and the try are one step.
  const challenge = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${owner.userId}`}))`);
    const [spent] = await tx
      .select({ n: sum(otpChallenges.tries) })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.userId, owner.userId), gt(otpChallenges.createdAt, since), isNull(otpChallenges.verifiedAt)));
    if (Number(spent?.n ?? 0) >= OTP_LIMITS.wrongCodesPerWindow) return null;
    const [taken] = await tx
      .update(otpChallenges)
      .set({ tries: sql`${otpChallenges.tries} + 1` })
      .where(
        and(
          eq(otpChallenges.ref, ref),
          isNull(otpChallenges.verifiedAt),
          isNull(otpChallenges.usedAt),
          gt(otpChallenges.expiresAt, now),
          lt(otpChallenges.tries, deps.config.otp.maxTries),
        ),
      )
      .returning({ codeHash: otpChallenges.codeHash });
    return taken ?? null;
  });
  if (!challenge) return null;
  const expected = Buffer.from(challenge.codeHash, 'hex');
  const given = digest(deps.jwtKey, ref, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const won = await deps.db
    .update(otpChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(otpChallenges.ref, ref), isNull(otpChallenges.verifiedAt)))
    .returning({ ref: otpChallenges.ref });
  if (won.length === 0) return null;
  return signResetToken(deps.jwtKey, ref, now, deps.config.resetTokenTtlSeconds);
}

/** `IsOTP`: a valid reset token whose challenge is verified and unused sets the password (once) and ends every session. */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<boolean> {
  const now = deps.now();
  const ref = await verifyResetToken(deps.jwtKey, token, now);
  if (!ref) return false;
  const hash = await hashPassword(password, deps.config.scrypt);
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(otpChallenges)
      .set({ usedAt: now })
      .where(and(eq(otpChallenges.ref, ref), isNotNull(otpChallenges.verifiedAt), isNull(otpChallenges.usedAt)))
      .returning({ userId: otpChallenges.userId });
    if (!used) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash: hash, updatedAt: now, version: sql`${users.version} + 1` })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, username: users.username });
    if (!user) return false;
    await revokeUserSessions(tx, user.id, now);
    await clearFailures(tx, accountKey(user, user.username));
    deps.tokens.dropUser(user.id);
    return true;
  });
}

/** A message as it is delivered: the code unsealed and put in the body in place of its mask. */
export function deliverable(serverKey: Uint8Array, row: { ref: string; otp: string | null; body: string }): { otp: string | null; body: string } {
  const otp = unsealCode(serverKey, row.ref, row.otp);
  return { otp, body: otp ? row.body.replace(CODE_MASK, otp) : row.body };
}

/**
 * Development: the latest message for a reference, or to a recipient's e-mail address, as it is delivered (end-to-end
 * tests read the code here; a browser test never sees the reference, which the portal keeps sealed).
 */
export async function latestOutboxMessage(db: Db, serverKey: Uint8Array, by: { ref: string } | { recipient: string }) {
  const where = 'ref' in by ? eq(outbox.ref, by.ref) : eq(outbox.recipient, by.recipient.trim().toLowerCase());
  const [row] = await db
    .select({ ref: outbox.ref, otp: outbox.otp, recipient: outbox.recipient, subject: outbox.subject, body: outbox.body, createdAt: outbox.createdAt })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) return null;
  const { ref: _ref, ...message } = row;
  return { ...message, ...deliverable(serverKey, row) };
}
