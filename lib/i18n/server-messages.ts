/**
 * Messages that the upstream and the portal's endpoints send in English (the spec quotes them), mapped to message
 * keys so the browser shows them in the user's language. The portal's own answers also carry a `code`, translated
 * under `serverErrors.<code>`. Unknown messages are shown as sent.
 */
const EXACT: Record<string, string> = {
  'Wrong Email or Password': 'spec.errors.wrongEmailOrPassword',
  'Wrong OTP': 'spec.errors.wrongOtp',
  "Password doesn't match. Please try again.": 'spec.validation.passwordMismatch',
  'You are not authorized': 'spec.errors.notAuthorized',
  'Service area limit reached': 'spec.errors.serviceAreaLimit',
  'Application limit reached': 'spec.errors.applicationLimit',
  'Distance error': 'spec.errors.distanceError',
  NOT_FOUND_DATA: 'spec.errors.notFoundData',
  'This area is already in use': 'spec.errors.areaInUse',
  'No language settings': 'spec.errors.noLanguageSettings',
  'The Email address is not valid': 'spec.validation.emailInvalid',
  'Telephone Number is not valid': 'spec.validation.phoneInvalid',
  'Please complete all settings.': 'spec.validation.completeAllSettings',
  'This field is required.': 'validation.required',
  'More than 7 characters': 'validation.moreThan7',
  CONFLICT: 'errors.conflict',
};

/** Messages whose wording varies (counts, wait times): matched by pattern. */
const PATTERNS: [RegExp, string][] = [[/too many (attempts|requests|failed)|locked|try again (later|in)/i, 'auth.errors.tooManyAttempts']];

/** Every message key this module can return (the messages test checks each exists in every dictionary). */
export const SERVER_MESSAGE_KEYS: readonly string[] = [
  ...new Set([
    ...Object.values(EXACT),
    ...PATTERNS.map(([, key]) => key),
    ...[401, 403, 413, 429, 500, 502, 503, 504].map((status) => statusMessageKey(status)),
  ]),
];

/** The message key for a server message, or null when it is not a known one. */
export function serverMessageKey(message: string): string | null {
  const trimmed = message.trim();
  if (Object.hasOwn(EXACT, trimmed)) return EXACT[trimmed] ?? null;
  for (const [pattern, key] of PATTERNS) if (pattern.test(trimmed)) return key;
  return null;
}

/** The message key for a failed call's HTTP status when the answer carries no usable message. */
export function statusMessageKey(status: number): string {
  if (status === 429) return 'auth.errors.tooManyAttempts';
  if (status === 502 || status === 503) return 'errors.upstream.down';
  if (status === 504) return 'errors.upstream.timeout';
  if (status === 401) return 'errors.sessionEnded.body';
  if (status === 403) return 'spec.errors.notAuthorized';
  if (status === 413) return 'serverErrors.payloadTooLarge';
  return 'errors.generic';
}

/** The parts of a translator this module needs (next-intl's `useTranslations()` / `getTranslations()`). */
export interface Translator {
  (key: string): string;
  has(key: string): boolean;
}

export interface FailedAnswer {
  /** HTTP status of the answer (200 for a `{status:false}` answer). */
  httpStatus?: number;
  code?: string | null;
  message?: string | null;
}

/** Statuses whose meaning is the portal's own: shown translated whatever English text comes with them. */
const STATUS_FIRST = new Set([429, 502, 503, 504]);

/**
 * The user-facing text of a failed answer, in the user's language: a rate limit or an unreachable upstream by its
 * status; a spec message by its text; the portal's own `code`; else the text as sent; else a generic message.
 */
export function translateAnswer(t: Translator, { httpStatus, code, message }: FailedAnswer): string {
  if (httpStatus && STATUS_FIRST.has(httpStatus)) return t(statusMessageKey(httpStatus));
  const byMessage = message ? serverMessageKey(message) : null;
  if (byMessage) return t(byMessage);
  if (code && /^[A-Za-z][A-Za-z0-9]*$/.test(code) && t.has(`serverErrors.${code}`)) return t(`serverErrors.${code}`);
  if (message) return message;
  return t(httpStatus ? statusMessageKey(httpStatus) : 'errors.generic');
}

/** Shows a single server message (a field error, a toast) in the user's language, else as sent. */
export function translateServerMessage(t: Translator, message: string): string {
  const key = serverMessageKey(message);
  return key ? t(key) : message;
}
