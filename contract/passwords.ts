import { z } from 'zod';

/** The password rule every new password meets (registration, reset): at least 8 characters (OWASP's floor), at most 200. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** The Platform API's message for a password under the minimum; the portal shows it as `validation.moreThan7`. */
export const PASSWORD_TOO_SHORT = 'More than 7 characters';

/** A new password, with the Platform API's message. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(PASSWORD_MAX_LENGTH);
