import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk } from './columns';
import { users } from './tenancy';

/** Sign-in: sessions, failed attempts, one-time passwords and their messages, autologin nonces. */

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The session's public name (Device Sessions lists and revokes by it; the id itself is never shown). */
    ref: uuid('ref').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Bumped by each refresh: only the token carrying the current generation is valid. */
    gen: integer('gen').notNull().default(1),
    via: text('via').notNull(),
    author: text('author'),
    shopId: integer('shop_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the session was last used: at sign-in, each refresh, and at most every few minutes in between (Device Session). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_ref_key').on(t.ref)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: pk(),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('login_failures_username_at_idx').on(t.username, t.at)],
);

/** Messages for people (one-time passwords); a mailer would send `sent_at IS NULL` rows. */
export const outbox = pgTable(
  'outbox',
  {
    id: pk(),
    userId: integer('user_id').references(() => users.id),
    ref: text('ref').notNull(),
    channel: text('channel').notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    otp: text('otp'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_ref_idx').on(t.ref)],
);

export const otpChallenges = pgTable('otp_challenges', {
  ref: text('ref').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const autologinNonces = pgTable('autologin_nonces', {
  nonce: text('nonce').primaryKey(),
  purpose: text('purpose').notNull(),
  uid: text('uid').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});
