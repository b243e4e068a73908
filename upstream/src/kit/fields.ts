import { z } from '@hono/zod-openapi';

/**
 * Validation answers of the resource kit are message codes the portal translates (English in brackets):
 * the codes below are the whole vocabulary.
 */
export const CODES = {
  required: 'required',
  tooLong50: 'tooLong50', // 50 character limit
  moreThan4: 'moreThan4', // More than 4 characters
  invalidEmail: 'invalidEmail', // The Email address is not valid
  invalidPhone: 'invalidPhone', // Telephone Number is not valid
  notNegative: 'notNegative',
  integer: 'integer',
  invalidTime: 'invalidTime',
  closeBeforeOpen: 'closeBeforeOpen',
  overlap: 'overlap',
  exceedsPackageLimit: 'exceedsPackageLimit',
  invalidTransition: 'invalidTransition',
  unknownReference: 'unknownReference',
  invalidLatLng: 'invalidLatLng',
  taken: 'taken',
} as const;
export type Code = keyof typeof CODES;

/** A missing value answers `required`, a value of the wrong kind `fallback`. */
const kind = (fallback: Code) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? CODES.required : CODES[fallback]) });

export const name50 = () => z.string(kind('required')).trim().min(1, CODES.required).max(50, CODES.tooLong50);
export const text = (max: number) => z.string(kind('required')).trim().max(max, max === 50 ? CODES.tooLong50 : `tooLong${max}`);
export const emailField = () => z.string(kind('invalidEmail')).trim().toLowerCase().min(1, CODES.required).max(200, CODES.invalidEmail)
  .pipe(z.email(CODES.invalidEmail));
/** Thai-style numbers: 9–10 digits with a leading 0 (spaces and dashes are dropped). */
export const phoneField = () => z.string(kind('invalidPhone')).transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, CODES.required).regex(/^0\d{8,9}$/, CODES.invalidPhone));
export const intField = (min = 0, max = 2_147_483_647) => z.number(kind('integer')).int(CODES.integer)
  .min(min, min === 0 ? CODES.notNegative : CODES.integer).max(max, CODES.integer);
export const timeField = () => z.string(kind('invalidTime')).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CODES.invalidTime);
export const boolField = () => z.boolean(kind('required'));
export const enumField = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, kind('required'));
/** An id sent as a string (or a number) that must name a row in scope; checked by the domain. */
export const refField = () => z.union([z.string(), z.number().int()], kind('unknownReference'))
  .transform((v) => String(v)).pipe(z.string().regex(/^[1-9]\d{0,9}$/, CODES.unknownReference));
/** A decimal degree as a string with at most 7 decimals within ±limit (never a float). */
export const degreeField = (limit: 90 | 180) => z.union([z.string(), z.number()], kind('invalidLatLng'))
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,3}(\.\d{1,7})?$/, CODES.invalidLatLng)
    .refine((v) => Math.abs(Number(v)) <= limit, CODES.invalidLatLng));

/** Minutes after midnight of an `HH:mm` time. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Comma-separated ids (`?ids=1,2,3`) or an `ids` array in a body; 1–500 of them. */
export const idsListSchema = z.array(z.union([z.string(), z.number().int()]).transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/, CODES.unknownReference))).min(1, CODES.required).max(500);
export const idsQuerySchema = z.object({
  ids: z.string().max(6000).transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)).pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, CODES.unknownReference)).min(1, CODES.required).max(500))
    .openapi({ param: { name: 'ids', in: 'query' }, example: '1,2,3' }),
});
