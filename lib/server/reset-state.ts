import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { z } from 'zod';
import { COOKIE_LIMIT_BYTES, RESET_COOKIE, cookieSecure, sealValue, unsealValue } from './session-codec';

/**
 * The forgot-password flow's state between its three steps: the upstream's `dataUser`, then the reset token
 * from InputOTP. Sealed in the short-lived httpOnly cookie `bo_reset`.
 */
export const RESET_TTL_SECONDS = 15 * 60;

const resetStateSchema = z.object({
  dataUser: z.unknown(),
  resetToken: z.string().optional(),
});
export type ResetState = z.infer<typeof resetStateSchema>;

export async function readResetState(request: NextRequest): Promise<ResetState | null> {
  const data = await unsealValue(request.cookies.get(RESET_COOKIE)?.value);
  const parsed = resetStateSchema.safeParse(data);
  return parsed.success && parsed.data.dataUser !== undefined ? parsed.data : null;
}

/** False when the state is too large for a cookie. */
export async function writeResetState(response: NextResponse, request: NextRequest, state: ResetState): Promise<boolean> {
  const value = await sealValue(state, RESET_TTL_SECONDS);
  if (value.length + RESET_COOKIE.length + 1 > COOKIE_LIMIT_BYTES - 200) return false;
  response.cookies.set(RESET_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(request.nextUrl),
    path: '/',
    maxAge: RESET_TTL_SECONDS,
  });
  return true;
}

export function clearResetState(response: NextResponse, request: NextRequest): void {
  response.cookies.set(RESET_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: cookieSecure(request.nextUrl), path: '/', maxAge: 0 });
}
