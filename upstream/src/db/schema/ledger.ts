import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TransactionStatus, TransactionType } from '../../../../contract/lifecycle';
import { createdAt, pk, updatedAt, version } from './columns';
import { orders } from './orders';
import { apps, areas, companies, users } from './tenancy';

/** Wallets, the money movements between them and each app's commission rates. */

export type WalletOwner = 'admin' | 'member' | 'shop' | 'biker';

/** One wallet per owner in an app: the platform's (`admin`, owner id 0), each member's, shop's and biker's. */
export const wallets = pgTable(
  'wallets',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    /** Null for the platform wallet. */
    areaId: integer('area_id').references(() => areas.id),
    ownerType: text('owner_type').$type<WalletOwner>().notNull(),
    ownerId: integer('owner_id').notNull(),
    /** Satang; equals the sum of the wallet's Success transactions. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wallets_owner_key').on(t.appId, t.ownerType, t.ownerId)],
);

/** One money movement, applied once: its legs are the wallet transactions carrying its id. */
export const ledgerOperations = pgTable(
  'ledger_operations',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_operations_key').on(t.companyId, t.idempotencyKey)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: pk(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    operationId: integer('operation_id')
      .notNull()
      .references(() => ledgerOperations.id),
    type: text('type').$type<TransactionType>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    /** Signed satang: what the transaction adds to the balance (negative for a debit). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The back-office user who confirmed or cancelled a pending transaction. */
    confirmedBy: integer('confirmed_by').references(() => users.id),
    /**
     * The wallet's place and owner type, copied onto each transaction by the database (trigger `wallet_tx_place`) so a
     * list of one owner type in an app (and area) walks one index in time order.
     */
    companyId: integer('company_id'),
    appId: integer('app_id'),
    ownerType: text('owner_type').$type<WalletOwner>(),
    areaId: integer('area_id'),
  },
  (t) => [
    index('wallet_transactions_list_idx').on(t.appId, t.ownerType, t.createdAt, t.id),
    index('wallet_transactions_area_list_idx').on(t.appId, t.ownerType, t.areaId, t.createdAt, t.id),
    index('wallet_transactions_amount_idx').on(t.appId, t.ownerType, t.type, t.amount, t.id),
    index('wallet_transactions_wallet_idx').on(t.walletId, t.id),
    index('wallet_transactions_order_idx').on(t.orderId),
    index('wallet_transactions_operation_idx').on(t.operationId),
    index('wallet_transactions_pending_idx')
      .on(t.walletId)
      .where(sql`status = 'Pending'`),
  ],
);

/** Commission rates of an app in basis points (1500 = 15 %): the app's cut of the items and of the delivery fee. */
export const commissionConfigs = pgTable('commission_configs', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  shopCommission: integer('shop_commission').notNull().default(1500),
  bikerCommission: integer('biker_commission').notNull().default(2000),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * Transactions per owner type, area (0: none, the platform's wallet), company's day (Setting/System's time zone), type
 * and status: the totals and the deep pages of the transaction lists. Kept by the database itself (triggers on
 * `wallet_transactions`), so every writer of the ledger keeps it right; rebuilt when the zone changes.
 */
export const walletTxDaily = pgTable(
  'wallet_tx_daily',
  {
    companyId: integer('company_id').notNull(),
    appId: integer('app_id').notNull(),
    ownerType: text('owner_type').$type<WalletOwner>().notNull(),
    areaId: integer('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').$type<TransactionType>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.ownerType, t.areaId, t.day, t.type, t.status] })],
);
