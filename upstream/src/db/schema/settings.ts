import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, pk, updatedAt, version } from './columns';
import { inApp, updatedBy } from './scope';

/** An app's settings that every screen of its service follows. */

/** How money is written (contract/resources/currency.ts); one row per app, made with the defaults when first read. */
export const currencySettings = pgTable(
  'currency_settings',
  {
    id: pk(),
    ...inApp,
    word: text('word').notNull().default(''),
    decimals: integer('decimals').$type<0 | 2>().notNull().default(2),
    thousands: text('thousands').$type<'comma' | 'dot' | 'space' | 'none'>().notNull().default('comma'),
    decimal: text('decimal').$type<'dot' | 'comma'>().notNull().default('dot'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [uniqueIndex('currency_settings_app_key').on(t.appId)],
);
