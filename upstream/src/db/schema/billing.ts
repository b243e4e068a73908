import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, pk } from './columns';
import { companies } from './tenancy';

/** The company's subscription to the platform (My services): its plan, services and limits. One per company. */
export const subscriptions = pgTable('subscriptions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  plan: text('plan').notNull(),
  services: jsonb('services').$type<string[]>().notNull(),
  maxApps: integer('max_apps').notNull(),
  maxAreas: integer('max_areas').notNull(),
  maxStaff: integer('max_staff').notNull(),
  maxShops: integer('max_shops').notNull(),
  /** Satang a month. */
  monthlyFee: bigint('monthly_fee', { mode: 'number' }).notNull(),
  renewsOn: date('renews_on', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
});

/** What the platform bills the company (Payment), with its lines in satang. */
export const invoices = pgTable(
  'invoices',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    number: text('number').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    lines: jsonb('lines').$type<{ description: string; amount: number }[]>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_number_key').on(t.number), index('invoices_company_idx').on(t.companyId, t.issuedOn)],
);

/** Money received against an invoice. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: pk(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId)],
);
