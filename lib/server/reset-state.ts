import 'server-only';
import type { NextResponse } from 'next/server';
import { z } from 'zod';
import { COOKIE_LIMIT_BYTES, RESET_COOKIE, cookieName, cookieSecure, sealValue, unsealValue } from './session-codec';

/**
 * The forgot-password flow's state between its three steps: the upstream's `dataUser`, then the reset token
 * from InputOTP. Sealed in the short-lived httpOnly cookie `bo_reset` (`__Host-bo_reset` where cookies are Secure).
 */
export const RESET_TTL_SECONDS = 15 * 60;

const resetStateSchema = z.object({
  dataUser: z.unknown(),
  /** What the user typed in step 1, for step 2's "we sent a code for …". */
  input: z.string().max(254).optional(),
  resetToken: z.string().optional(),
});
export type ResetState = z.infer<typeof resetStateSchema>;

/** The state in a request's cookies (a route handler's `request.cookies`, a page's `await cookies()`). */
export async function readResetState(cookies: { get(name: string): { value: string } | undefined }): Promise<ResetState | null> {
  const data = await unsealValue(cookies.get(cookieName(RESET_COOKIE))?.value);
  const parsed = resetStateSchema.safeParse(data);
  return parsed.success && parsed.data.dataUser !== undefined ? parsed.data : null;
}

/** False when the state is too large for a cookie. */
export async function writeResetState(response: NextResponse, state: ResetState): Promise<boolean> {
  const value = await sealValue(state, RESET_TTL_SECONDS);
  const name = cookieName(RESET_COOKIE);
  if (value.length + name.length + 1 > COOKIE_LIMIT_BYTES - 200) return false;
  response.cookies.set(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(),
    path: '/',
    maxAge: RESET_TTL_SECONDS,
  });
  return true;
}

export function clearResetState(response: NextResponse): void {
  response.cookies.set(RESET_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: cookieSecure(), path: '/', maxAge: 0 });
}
