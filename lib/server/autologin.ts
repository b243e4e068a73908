import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { verifyAutologinToken, type AutologinPurpose } from '@contract/autologin';
import { getSecret } from '@/runtime/secrets';
import { seeOther } from './api-response';
import { afterSignIn } from './auth';
import { processSingleton } from './process-state';
import { clearSessionCookies, revokeRequestSession } from './session';
import { attachSession, signInUpstream, type SignInCall } from './sign-in';

/** The upstream call each auto-login entry forwards `{token}` to (spec section 7). */
export const AUTOLOGIN_CALLS: Record<AutologinPurpose, SignInCall> = {
  root: 'autoLoginRoot',
  portal: 'autoLoginPortal',
  shop: 'autologinShop',
};

/**
 * Nonces this instance has already accepted, until their token expires. The upstream records nonces too, which
 * makes a link single-use across any number of portal instances.
 */
function seenNonces(): Map<string, number> {
  return processSingleton('autologin-nonces', () => new Map<string, number>());
}

export function claimNonce(nonce: string, expSeconds: number, nowMs = Date.now()): boolean {
  const seen = seenNonces();
  for (const [key, until] of seen) if (until <= nowMs) seen.delete(key);
  if (seen.has(nonce)) return false;
  seen.set(nonce, expSeconds * 1000);
  return true;
}

/** A link that does not verify (or was used before): to the sign-in page with the message, the session left as it was. */
function refused(): NextResponse {
  const response = seeOther('/auth/login?error=1');
  response.headers.set('referrer-policy', 'no-referrer');
  return response;
}

function failed(request: NextRequest): NextResponse {
  const response = seeOther('/auth/login?error=1');
  clearSessionCookies(response, request);
  return response;
}

/**
 * GET /autologinRoot|/autologinPortal|/autologinShop?token=T[&to=/path]: verify the signed token, forward `{token}`
 * upstream, store the session with `author` (and `shop`), 303 to `to` or the default page. A link that does not verify
 * → login, the current session untouched; one the upstream refuses → login, signed out.
 */
export async function handleAutologin(request: NextRequest, purpose: AutologinPurpose): Promise<NextResponse> {
  const token = request.nextUrl.searchParams.get('token') ?? '';
  // A link that does not verify changes nothing: the session it finds stays (a forged link cannot sign anyone out).
  const verified = await verifyAutologinToken(getSecret('AUTOLOGIN_SECRET'), purpose, token);
  if (!verified.ok) return refused();
  if (!claimNonce(verified.payload.nonce, verified.payload.exp)) return refused();
  await revokeRequestSession(request);

  const outcome = await signInUpstream(
    request,
    AUTOLOGIN_CALLS[purpose],
    { token },
    {
      author: verified.payload.author,
      ...(purpose === 'shop' ? { shop: verified.payload.shop } : {}),
    },
  );
  if (!outcome.ok) return failed(request);

  const target = afterSignIn(outcome.session, request.nextUrl.searchParams.get('to'));
  const response = seeOther(target);
  response.headers.set('referrer-policy', 'no-referrer');
  return attachSession(response, request, outcome.session);
}
