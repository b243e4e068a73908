/**
 * Why an auth form posted without scripts went back to its page (`?error=<code>`), and the message key the page shows
 * for each. Only these codes are read from the address, so it cannot carry arbitrary text.
 */
export const FORM_ERROR_MESSAGES = {
  credentials: 'spec.errors.wrongEmailOrPassword',
  otp: 'spec.errors.wrongOtp',
  locked: 'auth.errors.tooManyAttempts',
  unavailable: 'auth.reasons.unavailable',
  short: 'validation.moreThan7',
  mismatch: 'spec.validation.passwordMismatch',
  invalid: 'validation.checkFields',
} as const;

export type FormErrorCode = keyof typeof FORM_ERROR_MESSAGES;

/** The message key of an `error` query value, or undefined for anything else. */
export function formErrorMessageKey(code: string | undefined): string | undefined {
  return code && Object.hasOwn(FORM_ERROR_MESSAGES, code) ? FORM_ERROR_MESSAGES[code as FormErrorCode] : undefined;
}
