import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@contract/passwords';

/**
 * Bodies of the portal's own auth endpoints (`/api/admin/auth/*`). Pure zod: the sign-in forms can validate with
 * the same schemas before sending.
 */
export const PASSWORD_MISMATCH_MESSAGE = "Password doesn't match. Please try again.";
const REQUIRED = 'This field is required.';

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max);
const password = z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_MAX_LENGTH);
/** A new password (registration, reset): the Platform API's rule, checked here before it is sent. */
const newPassword = password.min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT);

export const loginBodySchema = z.object({
  username: requiredText(254),
  password,
  remember: z.boolean().optional(),
  to: z.string().max(2048).optional(),
});

export const registerBodySchema = z
  .object({
    displayName: requiredText(100),
    email: z.email({ error: 'The Email address is not valid' }).max(254),
    password: newPassword,
    Cpassword: password,
    to: z.string().max(2048).optional(),
  })
  .refine((body) => body.password === body.Cpassword, { path: ['Cpassword'], message: PASSWORD_MISMATCH_MESSAGE });

export const forgotPasswordBodySchema = z.object({ input: requiredText(254) });

export const inputOtpBodySchema = z.object({ OTP: requiredText(32) });

export const newPasswordBodySchema = z
  .object({ password: newPassword, Cpassword: password })
  .refine((body) => body.password === body.Cpassword, { path: ['Cpassword'], message: PASSWORD_MISMATCH_MESSAGE });

export type LoginBody = z.infer<typeof loginBodySchema>;
export type RegisterBody = z.infer<typeof registerBodySchema>;
