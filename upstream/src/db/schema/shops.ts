import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OpenStatus, RegistrationState, ShopStatus } from '../../../../contract/lifecycle';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { inArea, updatedBy } from './scope';
import { apps, areas, companies, users } from './tenancy';

/** Shops with their packages, types, opening hours and status history; registrations; each app's shop settings. */

/** A week of opening hours: `day` 0 = Sunday; times `HH:mm`. */
export type WeekHours = { day: number; ranges: { open: string; close: string }[] }[];

export const shopPackages = pgTable(
  'shop_packages',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    /** Satang (minor units). */
    price: integer('price').notNull().default(0),
    duration: integer('duration').notNull(),
    limitPost: integer('limit_post').notNull().default(0),
    limitProduct: integer('limit_product').notNull().default(0),
    status: text('status').$type<OpenStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_packages_scope_idx').on(t.appId, t.areaId, t.id)],
);

export const shopTypes = pgTable(
  'shop_types',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<OpenStatus>().notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_types_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id)],
);

export const shops = pgTable(
  'shops',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    owner: text('owner').notNull().default(''),
    /** Image keys (contract/images.ts): the shop's logo first, then its pictures. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status').$type<ShopStatus>().notNull().default('active'),
    public: boolean('public').notNull().default(true),
    openTime: text('open_time').notNull().default('08:00'),
    closeTime: text('close_time').notNull().default('20:00'),
    lat: numeric('lat', { precision: 10, scale: 7 }).notNull().default('0'),
    lng: numeric('lng', { precision: 10, scale: 7 }).notNull().default('0'),
    packageId: integer('package_id').references(() => shopPackages.id),
    typeId: integer('type_id').references(() => shopTypes.id),
    permissionEdit: boolean('permission_edit').notNull().default(false),
    orderShowPrice: boolean('order_show_price').notNull().default(true),
    showDistanceShopOnHome: boolean('show_distance_shop_on_home').notNull().default(true),
    showPersonDetailOnShop: boolean('show_person_detail_on_shop').notNull().default(false),
    limitPost: integer('limit_post').notNull().default(0),
    limitProduct: integer('limit_product').notNull().default(0),
    /** The shop's package ran out (package_subscriptions): hidden from the member app and refused new orders until another is assigned. */
    packageExpired: boolean('package_expired').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('shops_scope_idx').on(t.appId, t.areaId),
    // Keyset- and offset-friendly list indexes: (app, [area,] sort column, id) over live rows.
    index('shops_app_id_idx').on(t.appId, t.id).where(live),
    index('shops_app_area_id_idx').on(t.appId, t.areaId, t.id).where(live),
    index('shops_app_name_idx').on(t.appId, t.name, t.id).where(live),
    index('shops_app_area_name_idx').on(t.appId, t.areaId, t.name, t.id).where(live),
    index('shops_app_created_idx').on(t.appId, t.createdAt, t.id).where(live),
    index('shops_app_area_created_idx').on(t.appId, t.areaId, t.createdAt, t.id).where(live),
    index('shops_app_updated_idx').on(t.appId, t.updatedAt, t.id).where(live),
    index('shops_app_status_idx').on(t.appId, t.status, t.id).where(live),
    index('shops_email_idx').on(t.appId, t.email),
    index('shops_phone_idx').on(t.appId, t.phone),
  ],
);

export const shopStatusHistory = pgTable(
  'shop_status_history',
  {
    id: pk(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    fromStatus: text('from_status').$type<ShopStatus>().notNull(),
    toStatus: text('to_status').$type<ShopStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_status_history_shop_idx').on(t.shopId, t.at)],
);

export const shopHours = pgTable(
  'shop_hours',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    hours: jsonb('hours').$type<WeekHours>().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('shop_hours_shop_key').on(t.shopId).where(live), index('shop_hours_scope_idx').on(t.appId, t.areaId, t.id)],
);

export const shopRegistrations = pgTable(
  'shop_registrations',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    owner: text('owner').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    typeId: integer('type_id').references(() => shopTypes.id),
    packageId: integer('package_id').references(() => shopPackages.id),
    note: text('note').notNull().default(''),
    state: text('state').$type<RegistrationState>().notNull().default('waiting'),
    reason: text('reason'),
    shopId: integer('shop_id').references(() => shops.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('shop_registrations_scope_idx').on(t.appId, t.state, t.areaId, t.id)],
);

/**
 * Config/Shop: an app's defaults for new shops (`area_id` null) and each area's own (a row per area, made from the
 * app's the first time the area is read). An area's `commission_rate` is the shop commission of its new orders; null
 * follows the app's (`commission_configs.shop_commission`).
 */
export const shopConfigs = pgTable(
  'shop_configs',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    areaId: integer('area_id').references(() => areas.id),
    /** Basis points; null: the app's rate. */
    commissionRate: integer('commission_rate'),
    defaultPackageId: integer('default_package_id').references(() => shopPackages.id),
    defaultTypeId: integer('default_type_id').references(() => shopTypes.id),
    defaultOpenTime: text('default_open_time').notNull().default('08:00'),
    defaultCloseTime: text('default_close_time').notNull().default('20:00'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    uniqueIndex('shop_configs_app_key')
      .on(t.appId)
      .where(sql`area_id IS NULL`),
    uniqueIndex('shop_configs_area_key')
      .on(t.appId, t.areaId)
      .where(sql`area_id IS NOT NULL`),
  ],
);
