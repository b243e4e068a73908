import { z } from 'zod';
import { CODES, type ValidationCode } from './codes';

/**
 * One set of field builders for the whole wire contract: the form in the browser, the BFF before it forwards a body,
 * and the Platform API all run these, so a value one side accepts the other accepts too. Each failure is a code of
 * `codes.ts`; a missing value is `required`.
 */
const kind = (fallback: ValidationCode) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? CODES.required : CODES[fallback]),
});
const tooLong = (max: number): ValidationCode => (max === 50 ? 'tooLong50' : max === 100 ? 'tooLong100' : max === 200 ? 'tooLong200' : 'outOfRange');

/** A required line of text, trimmed, at most `max` characters (the spec's '50 character limit' by default). */
export const nameField = (max = 50) => z.string(kind('required')).trim().min(1, CODES.required).max(max, tooLong(max));
/** Why a person did something (suspend, reject, hide): required, trimmed, at most 200 characters. */
export const reasonField = () => nameField(200);
/** Optional free text, trimmed, at most `max` characters ('' when empty). */
export const textField = (max: number) => z.string(kind('required')).trim().max(max, tooLong(max));
/** 'The Email address is not valid': trimmed, lower-cased, at most 200 characters. */
export const emailField = () =>
  z.string(kind('invalidEmail')).trim().toLowerCase().min(1, CODES.required).max(200, CODES.invalidEmail).pipe(z.email(CODES.invalidEmail));
/** 'Telephone Number is not valid': Thai-style numbers, 9–10 digits with a leading 0; spaces and dashes are dropped. */
export const phoneField = () =>
  z
    .string(kind('invalidPhone'))
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, CODES.required)
        .regex(/^0\d{8,9}$/, CODES.invalidPhone),
    );
/** The largest value an `integer` column holds: ids, versions, cursors, money in satang and counts stay within it. */
export const INT_MAX = 2_147_483_647;
/** The largest hand-set sort order (`sortOrder`): a new row numbered after the last never passes it. */
export const SORT_ORDER_MAX = 100_000;
/** A row id written as text: a positive whole number an `integer` column holds. */
export const ID_PATTERN = /^[1-9]\d{0,9}$/;
export const isIdText = (v: string): boolean => ID_PATTERN.test(v) && Number(v) <= INT_MAX;
/**
 * An id in a query, a path or a body (`after`, `upTo`, `areaId`): the text of a positive integer within INT_MAX (the
 * pattern is what the OpenAPI document shows; the bound is checked after it, once).
 */
export const idText = (code: ValidationCode = 'unknownReference') =>
  z
    .string(kind(code))
    .regex(ID_PATTERN, CODES[code])
    .refine((v) => !ID_PATTERN.test(v) || Number(v) <= INT_MAX, CODES[code]);

/** A whole number within bounds (never a float). */
export const intField = (min = 0, max = INT_MAX) =>
  z
    .number(kind('integer'))
    .int(CODES.integer)
    .min(min, min === 0 ? CODES.notNegative : CODES.outOfRange)
    .max(max, CODES.outOfRange);
/** Money in satang (minor units): a whole, non-negative number that its `integer` column holds. */
export const satangField = () => intField(0, INT_MAX);
/** A hand-set position in a list (`sortOrder`), 0–SORT_ORDER_MAX. */
export const sortOrderField = () => intField(0, SORT_ORDER_MAX);
/** `HH:mm`, 00:00–23:59. */
export const timeField = () => z.string(kind('invalidTime')).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CODES.invalidTime);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Is `YYYY-MM-DD` a real calendar day (not 2026-02-31 nor 2026-13-01)? */
export const isCalendarDay = (v: string): boolean =>
  DAY_PATTERN.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A day, `YYYY-MM-DD`, that is on the calendar. */
export const dateField = () =>
  z
    .string(kind('invalidDate'))
    .regex(DAY_PATTERN, CODES.invalidDate)
    .refine((v) => !DAY_PATTERN.test(v) || isCalendarDay(v), CODES.invalidDate);
/**
 * An ISO date-time, `YYYY-MM-DDTHH:mm[:ss[.sss]][Z|±hh:mm]`, whose day is on the calendar and whose time is on the clock
 * (not 25:61).
 */
export const isDateTime = (v: string): boolean => {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?$/.exec(v);
  return m !== null && isCalendarDay(m[1]!) && !Number.isNaN(Date.parse(v));
};
export const dateTimeField = () => z.string(kind('invalidDate')).refine(isDateTime, CODES.invalidDate);
/** An absolute http(s) URL of at most 500 characters. */
export const urlField = () =>
  z
    .string(kind('invalidUrl'))
    .trim()
    .min(1, CODES.required)
    .max(500, CODES.invalidUrl)
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), CODES.invalidUrl);
/** A Thai tax identification number: 13 digits; spaces and dashes are dropped. */
export const taxIdField = () =>
  z
    .string(kind('invalidTaxId'))
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13}$/, CODES.invalidTaxId));
export const boolField = () => z.boolean(kind('required'));
export const enumField = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, kind('required'));
/** An id sent as a string or a number that must name a row in scope (checked by the Platform API). */
export const refField = () =>
  z
    .union([z.string(), z.number().int()], kind('unknownReference'))
    .transform((v) => String(v))
    .pipe(
      z
        .string()
        .min(1, CODES.required)
        .regex(ID_PATTERN, CODES.unknownReference)
        .refine((v) => !ID_PATTERN.test(v) || Number(v) <= INT_MAX, CODES.unknownReference),
    );
/** A decimal degree with at most 7 decimals within ±limit, kept as a string (never a float). */
export const degreeField = (limit: 90 | 180) =>
  z
    .union([z.string(), z.number()], kind('invalidLatLng'))
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,3}(\.\d{1,7})?$/, CODES.invalidLatLng)
        .refine((v) => Math.abs(Number(v)) <= limit, CODES.invalidLatLng),
    );
export const latField = () => degreeField(90);
export const lngField = () => degreeField(180);
/** The `version` an update carries (409 when stale); the update writes it plus one, which the column must hold. */
export const versionField = () =>
  z
    .number(kind('required'))
    .int()
    .min(1)
    .max(INT_MAX - 1, CODES.outOfRange);
/** The version of a settings row that may not exist yet (an area's own Config/Shop): 0 writes it the first time. */
export const firstVersionField = () =>
  z
    .number(kind('required'))
    .int()
    .min(0)
    .max(INT_MAX - 1, CODES.outOfRange);

/** Minutes after midnight of an `HH:mm` time. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Ids in a body (`ids`), 1–500 of them. */
export const idsListSchema = z.array(refField()).min(1, CODES.required).max(500);

/** Who last changed a row. */
export const updatedBySchema = z.object({ uid: z.coerce.string(), displayName: z.string() });

/** Fields every row of a resource carries on the wire. */
export const rowMetaSchema = z.object({
  id: z.coerce.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: updatedBySchema.nullish(),
  areaId: z.coerce.string().nullish(),
  areaName: z.string().nullish(),
  appId: z.coerce.string().nullish(),
  deletedAt: z.string().nullish(),
});
