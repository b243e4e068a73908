import { z } from 'zod';
import { CODES } from '../codes';
import { textField, updatedBySchema, versionField } from '../fields';
import { DECIMAL_MARKS, THOUSANDS_SEPARATORS, type CurrencyFormat } from './currency-format';

/**
 * Currency (`/Currency`): how every money figure of a service's screens is written. By default the spec's: two
 * decimals, comma thousands, dot decimal and the word Baht (in each language's own word). Amounts stay integer
 * satang on the wire whatever the display; with no decimals a figure is rounded half up for display only. Beside the
 * format, the app's currency code (ISO 4217, THB by default): what its payments are taken in, so a payment callback
 * in another currency is refused (docs/orders.md).
 */
export { DECIMAL_MARKS, DEFAULT_CURRENCY, SEPARATOR_CHARACTERS, THOUSANDS_SEPARATORS, type CurrencyFormat } from './currency-format';

export const currencyFormatSchema = z.object({
  /** The word after an amount; '' is each language's word for Baht. */
  word: z.string(),
  decimals: z.union([z.literal(0), z.literal(2)]),
  thousands: z.enum(THOUSANDS_SEPARATORS),
  decimal: z.enum(DECIMAL_MARKS),
}) satisfies z.ZodType<CurrencyFormat>;

/** The currency code a new app starts with: the spec's Baht. */
export const DEFAULT_CURRENCY_CODE = 'THB';

/** Three letters, written in capitals whatever was typed. */
const currencyCode = () =>
  z
    .string({ error: CODES.required })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, CODES.invalidCurrencyCode));

const fields = {
  word: textField(20).default(''),
  // A form's select sends '0' or '2'.
  decimals: z.preprocess((v) => (v === '0' || v === '2' ? Number(v) : v), z.union([z.literal(0), z.literal(2)], { error: CODES.required })),
  thousands: z.enum(THOUSANDS_SEPARATORS, { error: CODES.required }),
  decimal: z.enum(DECIMAL_MARKS, { error: CODES.required }),
  /** Left out: the saved code stays. */
  code: currencyCode().optional(),
};

/** `PUT /api/admin/{service}/Currency`: the format and the version last read; the two marks must differ. */
export const currencyUpdateSchema = z.object({ ...fields, version: versionField() }).superRefine(
  (v, ctx) => {
    if (v.thousands === v.decimal) ctx.addIssue({ code: 'custom', path: ['thousands'], message: CODES.sameSeparators });
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);

/** The app's currency settings as answered by `GET …/Currency`. */
export const currencySettingSchema = currencyFormatSchema.extend({
  /** ISO 4217 code the app's payments are taken in. */
  code: z.string(),
  id: z.coerce.string(),
  appId: z.coerce.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
});

/** Currency as a flat resource the portal's settings form edits (one record per app). */
export const currencyContract = {
  name: 'Currency',
  path: 'Currency',
  scope: 'area',
  schemas: { item: currencySettingSchema, update: currencyUpdateSchema },
} as const;
