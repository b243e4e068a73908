import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { verifyAutologinToken, type AutologinPurpose } from '@contract/autologin';
import { getSecret } from '@/runtime/secrets';
import { seeOther } from './api-response';
import { afterSignIn } from './auth';
import { readFormPost } from './form-post';
import { processSingleton } from './process-state';
import { isCrossSiteNavigation } from './request-checks';
import { endRequestSession } from './session';
import { attachSession, signInUpstream, type SignInCall } from './sign-in';

/** The upstream call each auto-login entry forwards `{token}` to (spec section 7). */
export const AUTOLOGIN_CALLS: Record<AutologinPurpose, SignInCall> = {
  root: 'autoLoginRoot',
  portal: 'autoLoginPortal',
  shop: 'autologinShop',
};

/** The portal's entry path of each purpose. */
export const AUTOLOGIN_ENTRIES: Record<AutologinPurpose, string> = {
  root: '/autologinRoot',
  portal: '/autologinPortal',
  shop: '/autologinShop',
};

/** The page that asks before a link from another site signs anyone in. */
export const AUTOLOGIN_CONFIRM_PATH = '/auth/autologin';

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

function withoutReferrer(response: NextResponse): NextResponse {
  response.headers.set('referrer-policy', 'no-referrer');
  return response;
}

/** A link that does not verify (or was used before): to the sign-in page with the message, the session left as it was. */
function refused(): NextResponse {
  return withoutReferrer(seeOther('/auth/login?error=1'));
}

/** The confirmation page's address for a verified link. */
function confirmationPath(purpose: AutologinPurpose, token: string, to: string | null): string {
  const query = new URLSearchParams({ purpose, token });
  if (to) query.set('to', to);
  return `${AUTOLOGIN_CONFIRM_PATH}?${query}`;
}

/** Verify the token (signature, purpose, expiry; the nonce is claimed only when it is used). */
export function checkAutologinToken(purpose: AutologinPurpose, token: string) {
  return verifyAutologinToken(getSecret('AUTOLOGIN_SECRET'), purpose, token);
}

/**
 * GET /autologinRoot|/autologinPortal|/autologinShop?token=T[&to=/path] (ARCHITECTURE.md section 5). A link that
 * does not verify → login, the current session untouched. A link followed from another site asks first: a page with
 * one button that POSTs the token back, so a page of an attacker's cannot sign a visitor into the attacker's account
 * (login CSRF). Otherwise the link is used at once: new session, 303 to `to` or the default page.
 */
export async function handleAutologin(request: NextRequest, purpose: AutologinPurpose): Promise<NextResponse> {
  const token = request.nextUrl.searchParams.get('token') ?? '';
  const to = request.nextUrl.searchParams.get('to');
  const verified = await checkAutologinToken(purpose, token);
  if (!verified.ok) return refused();
  if (isCrossSiteNavigation(request.headers, request.nextUrl)) return withoutReferrer(seeOther(confirmationPath(purpose, token, to)));
  return signInWithLink(request, purpose, token, to);
}

/** POST /autologinRoot|…: the confirmation page's button (a same-origin form post carrying `token` and `to`). */
export async function handleAutologinPost(request: NextRequest, purpose: AutologinPurpose): Promise<NextResponse> {
  const fields = await readFormPost(request);
  if (!fields) return refused();
  return signInWithLink(request, purpose, fields.token ?? '', fields.to ?? null);
}

/** Use a link: claim its nonce, forward `{token}` upstream, and only with the new session end the one found. */
async function signInWithLink(request: NextRequest, purpose: AutologinPurpose, token: string, to: string | null): Promise<NextResponse> {
  // A link that does not verify changes nothing: the session it finds stays (a forged link cannot sign anyone out).
  const verified = await checkAutologinToken(purpose, token);
  if (!verified.ok) return refused();
  if (!claimNonce(verified.payload.nonce, verified.payload.exp)) return refused();

  const outcome = await signInUpstream(
    request,
    AUTOLOGIN_CALLS[purpose],
    { token },
    {
      author: verified.payload.author,
      ...(purpose === 'shop' ? { shop: verified.payload.shop } : {}),
    },
  );
  // A link the Platform API refuses (one already used, say, opened on another portal instance that had not seen its
  // nonce) signs nobody out: the session found stays. Only a new session replaces it, and ends it everywhere.
  if (!outcome.ok) return refused();
  await endRequestSession(request);

  const response = withoutReferrer(seeOther(afterSignIn(outcome.session, to)));
  return attachSession(response, request, outcome.session);
}
