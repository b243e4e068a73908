import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CallbackProvider } from '../../../../contract/payments';
import type { PaymentProvider, PaymentSettingChange } from '../../../../contract/resources/payment-settings';
import { createdAt, pk, updatedAt, version } from './columns';
import { orders } from './orders';
import { inArea, updatedBy } from './scope';
import { companies, users } from './tenancy';

/** Payment bank settings (contract/resources/payment-settings.ts): one row per area and provider, and their changes. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: pk(),
    ...inArea,
    provider: text('provider').$type<PaymentProvider>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    merchantId: text('merchant_id').notNull().default(''),
    publicKey: text('public_key').notNull().default(''),
    /** AES-256-GCM under SETTINGS_SECRET (`iv.tag.ciphertext`, base64url); '' when none is saved. */
    secretKeyEnc: text('secret_key_enc').notNull().default(''),
    secretKeyLast4: text('secret_key_last4').notNull().default(''),
    shortBankName: text('short_bank_name').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('payment_settings_area_provider_key').on(t.appId, t.areaId, t.provider)],
);

/** Append-only: each saved change of a provider's settings, with who made it. */
export const paymentSettingChanges = pgTable(
  'payment_setting_changes',
  {
    id: pk(),
    ...inArea,
    provider: text('provider').$type<PaymentProvider>().notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    changes: jsonb('changes').$type<PaymentSettingChange['changes']>().notNull(),
  },
  (t) => [index('payment_setting_changes_idx').on(t.appId, t.areaId, t.provider, t.at.desc())],
);

/**
 * The payment a provider's callback made of an order (docs/orders.md, the callback): one per order, and a provider's
 * reference pays one order of the company only. The unique indexes decide it inside the paying transaction, so two
 * callbacks racing with one reference cannot both pay. Per company: a company's own provider (its own secret) can
 * never use up a reference another company's provider will send.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').$type<CallbackProvider>().notNull(),
    reference: text('reference').notNull(),
    /** Satang, as the callback said (it equals the order's total). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('order_payments_reference_key').on(t.companyId, t.provider, t.reference)],
);
