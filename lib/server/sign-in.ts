import 'server-only';
import { createHmac } from 'node:crypto';
import { CLIENT_ADDRESS_SIG_HEADER, clientAddressText } from '@contract/client-address';
import { getSecret } from '@/runtime/secrets';
import type { NextRequest, NextResponse } from 'next/server';
import { failure, upstreamFailure } from './api-response';
import { sessionFromAnswer, syncMenuCatalogue, type SessionExtras } from './auth';
import { clearSessionCookies, writeSessionCookie } from './session';
import type { PortalSession } from './session-codec';
import { authAnswerSchema, type AuthAnswer } from './upstream-schemas';
import { isUpstreamError, upstreamFetch } from './upstream';

/** The spec's sign-in calls (section 7). */
export type SignInCall = 'login' | 'register' | 'autoLoginRoot' | 'autoLoginPortal' | 'autologinShop';

export type SignInOutcome = { ok: true; session: PortalSession } | { ok: false; response: NextResponse; reason: 'rejected' | 'locked' | 'unavailable' };

/**
 * Calls an upstream sign-in and turns its answer into a session. A false status, a 4xx answer, or an answer
 * lacking companies or office is a rejection ('Wrong Email or Password'); 429 passes the upstream's lockout message.
 */
export async function signInUpstream(request: NextRequest, call: SignInCall, body: object, extras: SessionExtras = {}): Promise<SignInOutcome> {
  let answer: AuthAnswer;
  try {
    answer = await upstreamFetch(`/api/admin/auth/${call}`, { method: 'POST', body, schema: authAnswerSchema, headers: clientHeaders(request) });
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed') {
      if (call === 'register' && error.status < 500) return { ok: false, reason: 'rejected', response: upstreamFailure(error) };
      if (error.status === 429) return { ok: false, reason: 'locked', response: failure(429, 'wrongCredentials', { message: error.message }) };
      if (error.status >= 400 && error.status < 500) return { ok: false, reason: 'rejected', response: failure(200, 'wrongCredentials') };
    }
    return { ok: false, reason: 'unavailable', response: upstreamFailure(error) };
  }
  const session = sessionFromAnswer(answer, extras);
  if (!session) {
    const message = call === 'register' && answer.status === false && answer.message ? answer.message : undefined;
    return { ok: false, reason: 'rejected', response: failure(200, 'wrongCredentials', { message }) };
  }
  let current = session;
  await syncMenuCatalogue(session, (next) => {
    current = next;
  });
  return { ok: true, session: current };
}

/**
 * Who signs in from where, for the upstream's device-session records: the address goes with the portal's signature
 * (contract/client-address.ts), without which the Platform API takes no `X-Forwarded-For`.
 */
export function clientHeaders(request: NextRequest, secret = getSecret('AUTOLOGIN_SECRET'), nowMs = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {};
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent.slice(0, 512);
  const ip = clientIp(request.headers);
  if (ip) {
    const seconds = Math.floor(nowMs / 1000);
    headers['x-forwarded-for'] = ip;
    headers[CLIENT_ADDRESS_SIG_HEADER] = `${seconds}.${createHmac('sha256', secret).update(clientAddressText(ip, seconds)).digest('hex')}`;
  }
  return headers;
}

/**
 * The browser's address, for sign-in records: only behind a proxy the operator trusts (`TRUST_PROXY=1`), as the
 * right-most `X-Forwarded-For` entry (the one that proxy added). Otherwise the header is the client's to write, so
 * no address is passed on.
 */
export function clientIp(headers: Headers, trustProxy = process.env.TRUST_PROXY === '1'): string | null {
  if (!trustProxy) return null;
  const hops = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const last = hops.at(-1);
  return last && /^[0-9A-Fa-f:.]{2,45}$/.test(last) ? last : null;
}

/** Replaces every session item of the browser with the new session. */
export async function attachSession(response: NextResponse, request: NextRequest, session: PortalSession): Promise<NextResponse> {
  clearSessionCookies(response, request);
  await writeSessionCookie(response, request, session);
  return response;
}
