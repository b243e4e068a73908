import { NextResponse, type NextRequest } from 'next/server';
import { isPrefetchRequest } from '@/lib/server/guard-rules';
import { isCrossSiteNavigation } from '@/lib/server/request-checks';
import { seeOther } from '@/lib/server/api-response';
import { safeRedirectTarget } from '@/lib/redirect';
import { clearSessionCookies, endRequestSession } from '@/lib/server/session';

const REASONS = new Set(['not-authorized', 'expired']);

/**
 * GET /clearcookies[?to=&reason=]: revokes the session, clears the session and reset cookies (the locale, theme
 * and direction cookies stay) and goes to login, keeping a safe `to` and a known `reason`. Only from the portal's own
 * pages or a typed address: a request another site started (`Sec-Fetch-Site: cross-site`/`same-site`, or a foreign
 * `Origin`/`Referer`) goes home with the session as it was; a prefetch answers 204.
 */
export async function GET(request: NextRequest) {
  // A prefetch (of a page that would send here) is not the user leaving: nothing ends.
  if (isPrefetchRequest(request.headers)) return new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  // Another site's link, image or form cannot sign the user out: only the portal's own pages (and a typed address) can.
  if (isCrossSiteNavigation(request.headers, request.nextUrl)) return seeOther('/');
  await endRequestSession(request);
  const query = new URLSearchParams();
  const to = safeRedirectTarget(request.nextUrl.searchParams.get('to'));
  const reason = request.nextUrl.searchParams.get('reason');
  if (reason && REASONS.has(reason)) query.set('reason', reason);
  if (to) query.set('to', to);
  const search = query.toString();
  const response = seeOther(search ? `/auth/login?${search}` : '/auth/login');
  clearSessionCookies(response, request);
  return response;
}
