import { z } from 'zod';

/** The message codes the upstream answers in `errors` and the portal translates below `validation.`. */
export const VALIDATION_CODES = [
  'required',
  'tooLong50',
  'tooLong200',
  'moreThan4',
  'invalidEmail',
  'invalidPhone',
  'notNegative',
  'integer',
  'outOfRange',
  'invalidTime',
  'closeBeforeOpen',
  'overlap',
  'exceedsPackageLimit',
  'invalidTransition',
  'unknownReference',
  'invalidLatLng',
  'taken',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

const CODES = new Set<string>(VALIDATION_CODES);
export const isValidationCode = (value: string): value is ValidationCode => CODES.has(value);

/** Field errors by dotted path (`hours.0.ranges.1.close`), each a list of codes or upstream texts. */
export type FieldErrors = Record<string, string[]>;

/** The code of one zod issue: our schemas carry codes as messages; anything else is read from the issue kind. */
export function codeOfIssue(issue: z.core.$ZodIssue): ValidationCode {
  if (isValidationCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type') return issue.input === undefined || issue.input === '' ? 'required' : issue.expected === 'number' || issue.expected === 'int' ? 'integer' : 'required';
  if (issue.code === 'too_small' || issue.code === 'too_big') return 'outOfRange';
  return 'required';
}

/** A zod error as field errors (first code per field). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!out[key]) out[key] = [codeOfIssue(issue)];
  }
  return out;
}

/** The `errors` object of an upstream 400, kept only when it has the expected shape. */
export function fieldErrorsFromBody(body: unknown): FieldErrors {
  const parsed = z.object({ errors: z.record(z.string(), z.array(z.string())) }).safeParse(body);
  return parsed.success ? parsed.data.errors : {};
}

// Reusable field schemas; the same ones check the form in the browser and the body before it is sent on.
export const nameSchema = z.string().trim().min(1, 'required').max(50, 'tooLong50');
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTime');
export const countSchema = z.number('integer').int('integer').min(0, 'notNegative');
export const satangSchema = z.number('integer').int('integer').min(0, 'notNegative').max(Number.MAX_SAFE_INTEGER, 'outOfRange');
export const emailSchema = z.string().trim().min(1, 'required').max(100, 'outOfRange').pipe(z.email('invalidEmail'));
/** Thai-style numbers: 9–10 digits with a leading 0. */
export const phoneSchema = z.string().trim().min(1, 'required').regex(/^0\d{8,9}$/, 'invalidPhone');
export const latSchema = z.string().trim().regex(/^-?\d{1,2}(\.\d{1,7})?$/, 'invalidLatLng').refine((v) => Math.abs(Number(v)) <= 90, 'invalidLatLng');
export const lngSchema = z.string().trim().regex(/^-?\d{1,3}(\.\d{1,7})?$/, 'invalidLatLng').refine((v) => Math.abs(Number(v)) <= 180, 'invalidLatLng');
export const idRefSchema = z.string('required').min(1, 'required');

/** Fields every upstream row carries. */
export const rowMetaSchema = z.object({
  id: z.coerce.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullish(),
  areaId: z.coerce.string().nullish(),
  areaName: z.string().nullish(),
  appId: z.coerce.string().nullish(),
});

/** Minutes since midnight of a valid 'HH:mm'. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
