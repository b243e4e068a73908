import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** An answer other than success; thrown by handlers and middleware, rendered by `errorHandler`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra answer data (a 409 carries the current row). */
    readonly data?: unknown,
    /** Headers of the answer (a 503's `Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthorized: 'Unauthorized',
  forbidden: 'You are not authorized',
  notFoundData: 'NOT_FOUND_DATA',
  notFound: 'NOT_FOUND',
  /** A path served, but not with this method (405, with `Allow`). */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  validation: 'VALIDATION_ERROR',
  malformed: 'MALFORMED_JSON',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  mediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL_ERROR',
  /** Heavy work (an image decode) has a full waiting list: try again after `Retry-After` seconds. */
  busy: 'BUSY',
  orderTransitionRefused: 'ORDER_TRANSITION_REFUSED',
  bikerUnavailable: 'BIKER_UNAVAILABLE',
  bikerBusy: 'BIKER_BUSY',
  /** The biker app took an order whose pickup is beyond Config/Biker's search radius from the biker. */
  bikerTooFar: 'BIKER_TOO_FAR',
  /** The biker's package expired (domain/package-expiry.ts): no order can be given to them. */
  bikerPackageExpired: 'BIKER_PACKAGE_EXPIRED',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  notPending: 'TRANSACTION_NOT_PENDING',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** A payment callback (docs/orders.md): not the provider behind the order's method; not the order's total or the app's currency; a reference that paid another order. */
  paymentProviderMismatch: 'PAYMENT_PROVIDER_MISMATCH',
  paymentAmountMismatch: 'PAYMENT_AMOUNT_MISMATCH',
  paymentReferenceUsed: 'PAYMENT_REFERENCE_USED',
  /** The shop app changed the shop's details while its `permissionEdit` is off (Shop → settings). */
  shopEditNotPermitted: 'SHOP_EDIT_NOT_PERMITTED',
  /** A delete refused: live rows elsewhere still point at the row. */
  inUse: 'IN_USE',
  /** The spec's limit message: an app past the company's plan. */
  applicationLimit: 'Application limit reached',
} as const;

/** A write a unique index refused (PostgreSQL 23505, as the driver or Drizzle's wrapper reports it). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

export const unauthorized = () => new ApiError(401, MESSAGES.unauthorized);
export const forbidden = () => new ApiError(403, MESSAGES.forbidden);
export const notFoundData = () => new ApiError(404, MESSAGES.notFoundData);
export const conflict = (current?: unknown) => new ApiError(409, MESSAGES.conflict, undefined, current);
export const invalid = (errors: FieldErrors, message: string = MESSAGES.validation) => new ApiError(400, message, errors);

/** zod issues as `{field: [message]}`; the dotted path names the field, `_` the body itself. */
export function fieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const at = issue.path.map(String).join('.');
    // An unknown query parameter or body field is reported under its own name.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => (at ? `${at}.${k}` : k)) : [at || '_'];
    for (const key of keys) (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function errorBody(message: string, errors?: FieldErrors, data?: unknown) {
  const body = errors ? { status: false as const, message, errors } : { status: false as const, message };
  return data === undefined ? body : { ...body, data };
}

const HTTP_MESSAGES: Partial<Record<number, string>> = {
  400: MESSAGES.malformed,
  401: MESSAGES.unauthorized,
  404: MESSAGES.notFound,
  413: MESSAGES.tooLarge,
  415: MESSAGES.mediaType,
};

export function errorHandler(log: (message: string) => void): ErrorHandler {
  return (error: Error, c: Context) => {
    if (error instanceof ApiError) return c.json(errorBody(error.message, error.errors, error.data), error.status, error.headers);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(HTTP_MESSAGES[status] ?? error.message), status);
    }
    log(`[api] ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return c.json(errorBody(MESSAGES.internal), 500);
  };
}
