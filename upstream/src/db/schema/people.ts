import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OpenStatus, RegistrationState, ShopStatus } from '../../../../contract/lifecycle';
import { createdAt, deletedAt, pk, updatedAt, version } from './columns';
import { bikers, members, orders } from './orders';
import { inApp, inArea, updatedBy } from './scope';
import { shops } from './shops';
import { users } from './tenancy';

/**
 * The people around orders beyond their rows in ./orders.ts: the biker packages and app-wide biker settings, biker
 * registrations waiting for approval, members' addresses, every suspend or reactivate of a member or biker, and the
 * ratings members give shops and bikers.
 */

/** What a biker pays or gets on the platform: a fee (satang) per period, a commission (basis points), a duration. */
export const bikerPackages = pgTable(
  'biker_packages',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    /** Satang (minor units). */
    fee: integer('fee').notNull().default(0),
    /** Basis points: 1500 = 15 %. */
    commissionRate: integer('commission_rate').notNull().default(0),
    duration: integer('duration').notNull(),
    status: text('status').$type<OpenStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('biker_packages_scope_idx').on(t.appId, t.areaId, t.id)],
);

/** An app's biker settings: one row per app. */
export const bikerConfigs = pgTable(
  'biker_configs',
  {
    id: pk(),
    ...inApp,
    maxTasks: integer('max_tasks').notNull().default(1),
    acceptTimeoutSec: integer('accept_timeout_sec').notNull().default(30),
    searchRadiusKm: integer('search_radius_km').notNull().default(5),
    maxOnlineHours: integer('max_online_hours').notNull().default(12),
    /** Basis points: 1500 = 15 %. */
    commissionRate: integer('commission_rate').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('biker_configs_app_key').on(t.appId)],
);

export type BikerDocument = { kind: string; url: string };

/** Bikers who applied through the biker app, waiting until staff approve (a biker is created) or reject them. */
export const bikerRegistrations = pgTable(
  'biker_registrations',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    vehicle: text('vehicle').notNull().default(''),
    plate: text('plate').notNull().default(''),
    packageId: integer('package_id').references(() => bikerPackages.id),
    documents: jsonb('documents').$type<BikerDocument[]>().notNull().default([]),
    state: text('state').$type<RegistrationState>().notNull().default('waiting'),
    reason: text('reason'),
    bikerId: integer('biker_id').references(() => bikers.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('biker_registrations_scope_idx').on(t.appId, t.state, t.areaId, t.id)],
);

export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: pk(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    label: text('label').notNull().default(''),
    address: text('address').notNull(),
    lat: text('lat'),
    lng: text('lng'),
    createdAt: createdAt(),
  },
  (t) => [index('member_addresses_member_idx').on(t.memberId, t.id)],
);

export type AccountParty = 'member' | 'biker';

/** Every status change of a member or biker made from the back-office: who, when, why. */
export const accountStatusChanges = pgTable(
  'account_status_changes',
  {
    id: pk(),
    party: text('party').$type<AccountParty>().notNull(),
    partyId: integer('party_id').notNull(),
    fromStatus: text('from_status').$type<ShopStatus>().notNull(),
    toStatus: text('to_status').$type<ShopStatus>().notNull(),
    reason: text('reason').notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_status_changes_party_idx').on(t.party, t.partyId, t.id)],
);

export type RatingTarget = 'shop' | 'biker';

/** A member's stars (1 to 5) and comment on an order's shop or biker; hidden reviews are kept, not deleted. */
export const ratings = pgTable(
  'ratings',
  {
    id: pk(),
    ...inArea,
    target: text('target').$type<RatingTarget>().notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    shopId: integer('shop_id').references(() => shops.id),
    bikerId: integer('biker_id').references(() => bikers.id),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => users.id),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_order_target_key').on(t.orderId, t.target),
    index('ratings_list_idx').on(t.appId, t.target, t.areaId, t.createdAt, t.id),
    index('ratings_shop_idx').on(t.shopId, t.hidden),
    index('ratings_biker_idx').on(t.bikerId, t.hidden),
    index('ratings_member_idx').on(t.memberId, t.id),
  ],
);
