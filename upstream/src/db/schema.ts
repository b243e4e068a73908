import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Platform API's one schema. Tenancy: company → offices; company → apps → service areas; users (admin at
 * company level, staff in one app and one area); members, bikers and shops in an app and an area.
 */
export type AppType = 'Delivery' | 'Marketplace';
export type AreaStatus = 'AreaReady' | 'AreaClose';
export type UserRole = 'admin' | 'staff';
export type AccountStatus = 'pending' | 'active' | 'suspended' | 'close';

const pk = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const version = () => integer('version').notNull().default(1);

export const companies = pgTable('companies', {
  id: pk(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const offices = pgTable('offices', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [index('offices_company_idx').on(t.companyId)]);

export const apps = pgTable('apps', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  name: text('name').notNull(),
  appType: text('app_type').$type<AppType>().notNull(),
  createdAt: createdAt(),
}, (t) => [index('apps_company_idx').on(t.companyId)]);

export const areas = pgTable('areas', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  appId: integer('app_id').notNull().references(() => apps.id),
  name: text('name').notNull(),
  status: text('status').$type<AreaStatus>().notNull().default('AreaReady'),
  province: text('province').notNull().default(''),
  amphure: text('amphure').notNull().default(''),
  district: text('district').notNull().default(''),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
}, (t) => [index('areas_app_idx').on(t.appId)]);

export const users = pgTable('users', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  officeId: integer('office_id').notNull().references(() => offices.id),
  username: text('username').notNull(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<UserRole>().notNull(),
  root: boolean('root').notNull().default(false),
  appId: integer('app_id').references(() => apps.id),
  areaId: integer('area_id').references(() => areas.id),
  status: text('status').$type<AccountStatus>().notNull().default('active'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
}, (t) => [
  uniqueIndex('users_username_key').on(t.username),
  uniqueIndex('users_email_key').on(t.email),
  index('users_company_role_idx').on(t.companyId, t.role),
]);

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** Bumped by each refresh: only the token carrying the current generation is valid. */
  gen: integer('gen').notNull().default(1),
  via: text('via').notNull(),
  author: text('author'),
  shopId: integer('shop_id'),
  userAgent: text('user_agent'),
  ip: text('ip'),
  createdAt: createdAt(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const loginFailures = pgTable('login_failures', {
  id: pk(),
  username: text('username').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ip: text('ip'),
}, (t) => [index('login_failures_username_at_idx').on(t.username, t.at)]);

/** Messages for people (one-time passwords); a mailer would send `sent_at IS NULL` rows. */
export const outbox = pgTable('outbox', {
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
}, (t) => [index('outbox_ref_idx').on(t.ref)]);

export const otpChallenges = pgTable('otp_challenges', {
  ref: text('ref').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
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

/** The menu catalogue a company's portal sent with `setMenu`. */
export const menuEntries = pgTable('menu_entries', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  services: text('services').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('menu_entries_key').on(t.companyId, t.services, t.name)]);

export const permissions = pgTable('permissions', {
  id: pk(),
  userId: integer('user_id').notNull().references(() => users.id),
  services: text('services').notNull(),
  name: text('name').notNull(),
  read: boolean('can_read').notNull().default(false),
  write: boolean('can_write').notNull().default(false),
  create: boolean('can_create').notNull().default(false),
  delete: boolean('can_delete').notNull().default(false),
}, (t) => [uniqueIndex('permissions_key').on(t.userId, t.services, t.name)]);

const inArea = {
  companyId: integer('company_id').notNull().references(() => companies.id),
  appId: integer('app_id').notNull().references(() => apps.id),
  areaId: integer('area_id').notNull().references(() => areas.id),
};

export const shops = pgTable('shops', {
  id: pk(),
  ...inArea,
  name: text('name').notNull(),
  status: text('status').$type<AccountStatus>().notNull().default('active'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
}, (t) => [index('shops_scope_idx').on(t.appId, t.areaId)]);

export const members = pgTable('members', {
  id: pk(),
  ...inArea,
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  status: text('status').$type<AccountStatus>().notNull().default('active'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
}, (t) => [index('members_scope_idx').on(t.appId, t.areaId)]);

export const bikers = pgTable('bikers', {
  id: pk(),
  ...inArea,
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  status: text('status').$type<AccountStatus>().notNull().default('active'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
}, (t) => [index('bikers_scope_idx').on(t.appId, t.areaId)]);

export const notifications = pgTable('notifications', {
  id: pk(),
  companyId: integer('company_id').notNull().references(() => companies.id),
  userId: integer('user_id').notNull().references(() => users.id),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  link: text('link'),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc())]);

/** Tables in dependency order (children first), for resets. */
export const ALL_TABLES_SQL = sql`notifications, bikers, members, shops, permissions, menu_entries, autologin_nonces,
  otp_challenges, outbox, login_failures, sessions, users, areas, apps, offices, companies`;
