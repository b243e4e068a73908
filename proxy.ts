import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_ID_HEADER, requestIdOf } from '@contract/request-id';
import { contentSecurityPolicy, newNonce } from '@/lib/csp';
import { can } from '@/lib/permissions';
import { homeFor } from '@/lib/server/auth';
import { AUTOLOGIN_CONFIRM_PATH } from '@/lib/server/autologin';
import { SERVICE_HEADER } from '@/lib/server/currency-header';
import { isPrefetchRequest, matchPath, ruleAllows } from '@/lib/server/guard-rules';
import { fetchPermissionList } from '@/lib/server/permissions';
import { clearSessionCookies, endSession, getRequestSession, writeSessionCookie } from '@/lib/server/session';
import type { PortalSession } from '@/lib/server/session-codec';
import { renewIfDue } from '@/lib/server/upstream';
import { strictTransportSecurity } from '@/lib/transport-security';
import { isUpstreamError, isUpstreamUnavailable } from '@/lib/server/upstream-errors';

/**
 * Next 16's name for middleware.ts: the optimistic gate in front of every page. Pages and handlers check again
 * through lib/server.
 */
/**
 * Renders the page with a fresh nonce: Next reads it from the request's Content-Security-Policy and puts it on every
 * script of the page; the browser gets the same policy, so only those scripts run.
 */
function renderPage(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({ nonce: newNonce(), dev: process.env.NODE_ENV === 'development', tileUrl: process.env.MAP_TILE_URL });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  // The page's request id (a reverse proxy's when it gave one): its upstream calls carry it (lib/server/upstream-exchange.ts).
  const reqId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
  headers.set(REQUEST_ID_HEADER, reqId);
  // The service a page belongs to, for the money format its server parts write with (lib/server/currency.ts).
  headers.delete(SERVICE_HEADER);
  const service = /^\/Service\/([^/]+)/.exec(request.nextUrl.pathname)?.[1];
  if (service) headers.set(SERVICE_HEADER, service);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  response.headers.set(REQUEST_ID_HEADER, reqId);
  return response;
}

function redirectTo(request: NextRequest, path: string): NextResponse {
  const response = NextResponse.redirect(new URL(path, request.nextUrl));
  response.headers.set('cache-control', 'no-store');
  return response;
}

function toLogin(request: NextRequest, query: string): NextResponse {
  const response = redirectTo(request, `/auth/login?${query}`);
  clearSessionCookies(response, request);
  return response;
}

/**
 * The answer to a prefetch of a page the user may not read: 204, nothing cached, the session as it is (renewed when it
 * was). Next's router keeps no payload for it and makes a real navigation of the click, which the check above meets.
 */
async function prefetchRefused(request: NextRequest, renewed: PortalSession | null): Promise<NextResponse> {
  const response = new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store', vary: 'next-router-prefetch, sec-purpose, purpose' } });
  if (renewed) await writeSessionCookie(response, request, renewed);
  return response;
}

/** Every answer of the gate: Strict-Transport-Security when the portal runs over HTTPS (its cookies are Secure). */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const response = await gate(request);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set('strict-transport-security', hsts);
  return response;
}

async function gate(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const match = matchPath(pathname);
  if (!match) return redirectTo(request, '/pages/error-404');
  const { route } = match;

  if (route.rule === 'public') {
    // The sign-in pages send a signed-in user home; the auto-login confirmation is for them too (it says who is signed in).
    if (pathname.startsWith('/auth/') && pathname !== AUTOLOGIN_CONFIRM_PATH) {
      const session = await getRequestSession(request);
      if (session) return redirectTo(request, homeFor(session));
    }
    return renderPage(request);
  }

  // The router's cache-busting `_rsc` is no part of the page's address.
  const here = encodeURIComponent(pathname + search.replace(/([?&])_rsc=[^&]*(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : '')));
  const session = await getRequestSession(request);
  if (!session) return toLogin(request, `to=${here}`);
  if (!ruleAllows(route.rule, session.UserRole)) return redirectTo(request, '/not-authorized');

  // Each navigation fetches the permission list afresh (refreshing the token on 401), so a change saved a moment ago
  // takes effect on it; the prefetches a page triggers reuse a list fetched within PERMISSION_CACHE_MS (2 s).
  let current: PortalSession = session;
  const persist = (next: PortalSession) => {
    current = next;
  };
  let allowed: boolean;
  try {
    await renewIfDue(session, persist);
    const list = await fetchPermissionList(current, persist, { fresh: !isPrefetchRequest(request.headers) });
    allowed = !route.service || can(list, route.service, route.permission, 'read');
  } catch (error) {
    // A Platform API that is down or slow keeps the session: the page shows the error and recovers with it.
    if (isUpstreamUnavailable(error)) return renderPage(request);
    if (!isUpstreamError(error)) throw error;
    return toLogin(request, `to=${here}`);
  }
  if (!allowed) {
    // A prefetch is not a navigation: it is refused and the session stays. Only opening the page follows the spec's
    // rule (the user is signed out and sent to sign in).
    if (isPrefetchRequest(request.headers)) return prefetchRefused(request, current !== session ? current : null);
    // Ended at the Platform API too, so a copy of the cookie opens nothing on another instance, with or without Redis.
    await endSession(current);
    return toLogin(request, 'reason=not-authorized');
  }

  const response = renderPage(request);
  if (current !== session) await writeSessionCookie(response, request, current);
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/|__next|favicon\\.ico|icon|apple-icon|opengraph-image|twitter-image|sitemap|robots|.*\\.[A-Za-z0-9]+$).*)',
      // The router's prefetch is not a navigation and never meets the gate: Next strips its headers before the proxy
      // runs, so here it would look like opening the page (and a page the user may not read signs them out). Opening
      // the page comes back through the gate. A browser's prefetch (`Purpose`/`Sec-Purpose`) keeps its headers and
      // is answered 204 below when the page may not be read.
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
