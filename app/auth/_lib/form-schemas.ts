import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@contract/passwords';

/**
 * Client-side checks of the sign-in forms. Error messages are message keys; the forms translate them, so the
 * same schema speaks every language. The server checks the same rules again.
 */
const required = z.string().trim().min(1, { error: 'validation.required' });
const password = z.string().min(1, { error: 'validation.required' });
/** A new password meets the Platform API's rule before it is sent. */
const newPassword = password.min(PASSWORD_MIN_LENGTH, { error: 'validation.moreThan7' });
/** The page to go to after signing in; the server sanitises it. */
const to = z.string().max(2048).optional();

export const loginFormSchema = z.object({
  username: required,
  password,
  remember: z.boolean(),
  to,
});

export const registerFormSchema = z
  .object({
    displayName: required,
    email: required.pipe(z.email({ error: 'spec.validation.emailInvalid' })),
    password: newPassword,
    Cpassword: password,
    to,
  })
  .refine((v) => v.password === v.Cpassword, { path: ['Cpassword'], error: 'spec.validation.passwordMismatch' });

export const forgotInputFormSchema = z.object({ input: required });

export const otpFormSchema = z.object({ OTP: required });

export const newPasswordFormSchema = z
  .object({ password: newPassword, Cpassword: password })
  .refine((v) => v.password === v.Cpassword, { path: ['Cpassword'], error: 'spec.validation.passwordMismatch' });

/** The first message key per field. */
export function issueKeys(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    out[field] ??= issue.message;
  }
  return out;
}
