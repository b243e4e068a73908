import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ShopStatus } from '../../../../contract/lifecycle';
import { createdAt, deletedAt, pk, updatedAt, version } from './columns';

/**
 * Tenancy: company → offices; company → apps → service areas; users (admin at company level, staff in one app and
 * one area) and what each may do.
 */
export type AppType = 'Delivery' | 'Marketplace';
export type AreaStatus = 'AreaReady' | 'AreaClose';
export type UserRole = 'admin' | 'staff';
export type AccountStatus = ShopStatus;

export const companies = pgTable('companies', {
  id: pk(),
  name: text('name').notNull(),
  /** The particulars printed on the company's documents (contract/resources/company.ts). */
  address: text('address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  /** System settings (`Setting/System`): the company's time zone (IANA), the language newcomers start in, distance units. */
  timeZone: text('time_zone').notNull().default('Asia/Bangkok'),
  // The portal's own default until the company picks one (a new account's browsers keep the language they had).
  defaultLanguage: text('default_language').notNull().default('en'),
  distanceUnit: text('distance_unit').$type<'km' | 'mi'>().notNull().default('km'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedBy: integer('updated_by').references((): AnyPgColumn => users.id),
});

export const offices = pgTable(
  'offices',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id),
    deletedAt: deletedAt(),
  },
  (t) => [index('offices_company_idx').on(t.companyId)],
);

export const apps = pgTable(
  'apps',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    appType: text('app_type').$type<AppType>().notNull(),
    /** The app's settings (Application Manager): the language its people start in and its support contacts. */
    defaultLanguage: text('default_language').notNull().default('th'),
    supportPhone: text('support_phone').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id),
  },
  (t) => [index('apps_company_idx').on(t.companyId)],
);

export const areas = pgTable(
  'areas',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    status: text('status').$type<AreaStatus>().notNull().default('AreaReady'),
    province: text('province').notNull().default(''),
    amphure: text('amphure').notNull().default(''),
    district: text('district').notNull().default(''),
    /**
     * The area's boundary (`Setting/ServiceArea`): a GeoJSON Polygon in WGS84 [lng, lat] order, its centre point, and
     * its bounding box (the prefilter of overlap and point-in-area lookups). Null: an area drawn before boundaries.
     */
    boundary: jsonb('boundary').$type<{ type: 'Polygon'; coordinates: [number, number][][] }>(),
    centerLat: doublePrecision('center_lat'),
    centerLng: doublePrecision('center_lng'),
    minLat: doublePrecision('min_lat'),
    minLng: doublePrecision('min_lng'),
    maxLat: doublePrecision('max_lat'),
    maxLng: doublePrecision('max_lng'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('areas_app_idx').on(t.appId)],
);

export const users = pgTable(
  'users',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** A contact number, '' when none (unique when given). */
    phone: text('phone').notNull().default(''),
    displayName: text('display_name').notNull(),
    /** The user's own profile (contract/resources/profile.ts). */
    about: text('about').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    presence: text('presence').$type<'online' | 'away' | 'dnd' | 'offline'>().notNull().default('online'),
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
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key')
      .on(t.phone)
      .where(sql`${t.phone} <> ''`),
    index('users_company_role_idx').on(t.companyId, t.role),
  ],
);

/** The menu catalogue a company's portal sent with `setMenu`. */
export const menuEntries = pgTable(
  'menu_entries',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    services: text('services').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('menu_entries_key').on(t.companyId, t.services, t.name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: pk(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    services: text('services').notNull(),
    name: text('name').notNull(),
    read: boolean('can_read').notNull().default(false),
    write: boolean('can_write').notNull().default(false),
    create: boolean('can_create').notNull().default(false),
    delete: boolean('can_delete').notNull().default(false),
  },
  (t) => [uniqueIndex('permissions_key').on(t.userId, t.services, t.name)],
);

/**
 * Every flag the permission matrix changed: whose entry, which flag, on or off, who changed it and when. Written in
 * the transaction that changes the flags; never updated.
 */
export const permissionChanges = pgTable(
  'permission_changes',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    services: text('services').notNull(),
    name: text('name').notNull(),
    flag: text('flag').$type<'read' | 'write' | 'create' | 'delete'>().notNull(),
    value: boolean('value').notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('permission_changes_user_idx').on(t.userId, t.at)],
);
