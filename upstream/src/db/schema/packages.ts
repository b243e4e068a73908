import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, pk } from './columns';
import { inArea } from './scope';
import { users } from './tenancy';

/** Who holds a package: a shop (a `shop_packages` row, the Marketplace's included) or a biker (a `biker_packages` row). */
export type PackageOwner = 'shop' | 'biker';
/**
 * `active`: the owner's current package, running until `ends_at`; `expired`: the current package ran out (the sweep
 * flags the owner `package_expired`); `replaced`: another package was assigned before it ended.
 */
export type SubscriptionStatus = 'active' | 'expired' | 'replaced';
export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'replaced'] as const satisfies readonly SubscriptionStatus[];

/**
 * Every package a shop or biker was put on (docs/orders.md section 2, package charges): from when, until when
 * (`starts_at` + the package's duration in days), what it cost (the shop package's price or the biker package's fee,
 * in satang, charged once through the ledger as `package:{id}`) and how it stands. An owner's latest row is its
 * current package; at most one row per owner is `active`.
 */
export const packageSubscriptions = pgTable(
  'package_subscriptions',
  {
    id: pk(),
    ...inArea,
    ownerType: text('owner_type').$type<PackageOwner>().notNull(),
    ownerId: integer('owner_id').notNull(),
    /** A `shop_packages` id for a shop, a `biker_packages` id for a biker (two tables: no foreign key). */
    packageId: integer('package_id').notNull(),
    /** The package's name when it was assigned. */
    packageName: text('package_name').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** Satang charged for it (0 for a free package, and for the demo's starting subscriptions). */
    price: integer('price').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** When it stopped: its end (expired) or the next assignment (replaced). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('package_subscriptions_active_key')
      .on(t.ownerType, t.ownerId)
      .where(sql`status = 'active'`),
    index('package_subscriptions_owner_idx').on(t.ownerType, t.ownerId, t.id),
    index('package_subscriptions_due_idx')
      .on(t.endsAt)
      .where(sql`status = 'active'`),
  ],
);
