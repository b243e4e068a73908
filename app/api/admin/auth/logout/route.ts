import type { NextRequest } from 'next/server';
import { failure, jsonAnswer } from '@/lib/server/api-response';
import { isSameOriginRequest } from '@/lib/server/request-checks';
import { clearSessionCookies, endRequestSession } from '@/lib/server/session';

/** POST /api/admin/auth/logout: the cookie is cleared, the session revoked until its expiry and ended at the Platform API. */
export async function POST(request: NextRequest) {
  if (!isSameOriginRequest(request.headers, request.nextUrl)) return failure(403, 'crossSite');
  await endRequestSession(request);
  const response = jsonAnswer({ status: true, redirect: '/auth/login' });
  clearSessionCookies(response, request);
  return response;
}
