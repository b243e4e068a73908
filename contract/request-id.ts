/**
 * One id per request across the portal and the Platform API: the portal sends it as `x-request-id` on every upstream
 * call, the API answers it back and both log it, so one user action can be followed through both logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The given id when it looks like one (letters, digits, `-`, `_`, up to 64), else a new one. */
export const requestIdOf = (header: string | null | undefined): string => (header && /^[\w-]{1,64}$/.test(header) ? header : globalThis.crypto.randomUUID());
