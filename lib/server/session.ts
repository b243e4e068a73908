import 'server-only';
import { exchange, upstreamHeaders } from './upstream-exchange';
import { cookies } from 'next/headers';
import type { NextRequest, NextResponse } from 'next/server';
import { cache } from 'react';
import { revocationStore } from './revocation';
import {
  RESET_COOKIE,
  SESSION_COOKIE,
  cookieName,
  cookieSecure,
  sealSession,
  sessionCookieAttributes,
  sessionExpiresAt,
  unsealSession,
  type PortalSession,
} from './session-codec';

export type { PortalSession } from './session-codec';

/** The session a cookie value holds when it is valid and not revoked, else null. */
export async function readSession(value: string | undefined | null, now = Date.now()): Promise<PortalSession | null> {
  const session = await unsealSession(value, now);
  if (!session) return null;
  if (await revocationStore().isRevoked(session.sid)) return null;
  return session;
}

/**
 * The signed-in user's session in server components and route handlers: valid (every item present, now <
 * loggedInTime + expiresIn, not revoked) or null. Read once per request.
 */
export const getSession = cache(async (): Promise<PortalSession | null> => {
  const store = await cookies();
  return readSession(store.get(cookieName(SESSION_COOKIE))?.value);
});

/** The session of a request (proxy.ts, route handlers that answer with their own response). */
export function getRequestSession(request: NextRequest): Promise<PortalSession | null> {
  return readSession(request.cookies.get(cookieName(SESSION_COOKIE))?.value);
}

export function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.has(cookieName(SESSION_COOKIE));
}

export async function writeSessionCookie(response: NextResponse, request: NextRequest, session: PortalSession): Promise<void> {
  const value = await sealSession(session);
  response.cookies.set(cookieName(SESSION_COOKIE), value, sessionCookieAttributes(session, cookieSecure()));
}

/** Expires the session and password-reset cookies (the locale, theme and direction cookies stay). */
export function clearSessionCookies(
  response: NextResponse,
  request: NextRequest,
  names: string[] = [cookieName(SESSION_COOKIE), cookieName(RESET_COOKIE)],
): void {
  const secure = cookieSecure();
  for (const name of names) {
    if (!request.cookies.has(name)) continue;
    response.cookies.set(name, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
  }
}

/** Revokes the session until it would have expired, so a copied cookie stops working. */
export async function revokeSession(session: PortalSession): Promise<void> {
  await revocationStore().revoke(session.sid, sessionExpiresAt(session) - Date.now());
}

/** Revokes whatever session the request's cookie holds, even one that is no longer valid. */
export async function revokeRequestSession(request: NextRequest): Promise<void> {
  const session = await unsealSession(request.cookies.get(cookieName(SESSION_COOKIE))?.value);
  if (session) await revokeSession(session);
}

/**
 * Logout: the session is revoked here and ended at the Platform API too, so a copy of the cookie opens nothing on any
 * portal instance, with or without a shared revocation list (its token no longer answers). Best effort upstream: a
 * Platform API that is down or has no logout call never keeps the user signed in.
 */
export async function endRequestSession(request: NextRequest): Promise<void> {
  const session = await unsealSession(request.cookies.get(cookieName(SESSION_COOKIE))?.value);
  if (session) await endSession(session);
}

/**
 * Ends one session everywhere: revoked on this portal (and in Redis when shared) and at the Platform API, whose token
 * then answers 401 to every instance. Without Redis this is what stops a copied cookie on another instance: every
 * navigation there asks the Platform API for the permission list, the dead token cannot be refreshed, and the copy
 * is sent to sign in.
 */
export async function endSession(session: PortalSession): Promise<void> {
  await revokeSession(session);
  try {
    const ex = await exchange('/api/admin/auth/logout', { method: 'POST', headers: upstreamHeaders(session), timeoutMs: 3000 });
    ex.release();
    ex.response.discard();
  } catch {
    // The portal-side revocation stands on its own.
  }
}
