import { z } from 'zod';
import { isValidationCode, type ValidationCode } from '@contract/codes';
import { emailField, intField, latField, lngField, minutesOf, nameField, phoneField, refField, rowMetaSchema, satangField, timeField } from '@contract/fields';

export { VALIDATION_CODES, isValidationCode, type ValidationCode } from '@contract/codes';

/** Field errors by dotted path (`hours.0.ranges.1.close`), each a list of codes or upstream texts. */
export type FieldErrors = Record<string, string[]>;

/** The code of one zod issue: our schemas carry codes as messages; anything else is read from the issue kind. */
export function codeOfIssue(issue: z.core.$ZodIssue): ValidationCode {
  if (isValidationCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type')
    return issue.input === undefined || issue.input === '' ? 'required' : issue.expected === 'number' || issue.expected === 'int' ? 'integer' : 'required';
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

/** Values a field's message names (`{limit}`), per field. */
export type FieldParams = Record<string, Record<string, string | number>>;

/**
 * The `data.params` of an upstream 400, per field: what its messages name (a shop's product limit:
 * `{shopId: {limit: 3}}`), kept only when it has the expected shape.
 */
export function fieldParamsFromBody(body: unknown): FieldParams {
  const parsed = z.object({ data: z.object({ params: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))) }) }).safeParse(body);
  return parsed.success ? parsed.data.data.params : {};
}

// The wire contract's field builders (contract/fields.ts): the form, the BFF and the Platform API run the same ones.
export const nameSchema = nameField();
export const timeSchema = timeField();
export const countSchema = intField();
export const satangSchema = satangField();
export const emailSchema = emailField();
export const phoneSchema = phoneField();
export const latSchema = latField();
export const lngSchema = lngField();
export const idRefSchema = refField();
export { minutesOf, rowMetaSchema };
