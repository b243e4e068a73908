import type { NextRequest } from 'next/server';
import { failure, jsonAnswer } from '@/lib/server/api-response';
import { isSameOriginRequest } from '@/lib/server/request-checks';
import { clearSessionCookies, revokeRequestSession } from '@/lib/server/session';

/** POST /api/admin/auth/logout: no upstream call; the cookie is cleared and the session revoked until its expiry. */
export async function POST(request: NextRequest) {
  if (!isSameOriginRequest(request.headers, request.nextUrl)) return failure(403, 'crossSite');
  await revokeRequestSession(request);
  const response = jsonAnswer({ status: true, redirect: '/auth/login' });
  clearSessionCookies(response, request);
  return response;
}
