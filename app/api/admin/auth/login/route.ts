import type { NextRequest, NextResponse } from 'next/server';
import { failure, jsonAnswer, seeOther } from '@/lib/server/api-response';
import { authRateLimit, forgiveSignIn } from '@/lib/server/rate-limit';
import { isFormPost, readFormPost } from '@/lib/server/form-post';
import { afterSignIn } from '@/lib/server/auth';
import { loginBodySchema } from '@/lib/server/auth-schemas';
import { readHandlerInput } from '@/lib/server/handler-input';
import { clearSessionCookies, revokeRequestSession } from '@/lib/server/session';
import { attachSession, signInUpstream } from '@/lib/server/sign-in';

/** A sign-in posted by the form itself (no scripts): answered with redirects only, never a secret in a URL. */
async function formSignIn(request: NextRequest): Promise<NextResponse> {
  const fields = await readFormPost(request);
  const to = fields?.to && fields.to.length <= 2048 ? fields.to : undefined;
  const back = (query: string) => seeOther(`/auth/login?${query}${to ? `&to=${encodeURIComponent(to)}` : ''}`);
  const parsed = loginBodySchema.safeParse({
    username: fields?.username,
    password: fields?.password,
    remember: fields?.remember === 'on' || fields?.remember === 'true',
    to,
  });
  if (!fields || !parsed.success) return back('error=1');
  if (await authRateLimit(request.headers, 'login', parsed.data.username)) return back('reason=locked');
  await revokeRequestSession(request);
  const { username, password, remember } = parsed.data;
  const outcome = await signInUpstream(request, 'login', { username, password, remember: remember ?? false }, { remember });
  if (!outcome.ok) {
    const response = back(outcome.reason === 'locked' ? 'reason=locked' : outcome.reason === 'unavailable' ? 'reason=unavailable' : 'error=1');
    clearSessionCookies(response, request);
    return response;
  }
  await forgiveSignIn(request.headers);
  return attachSession(seeOther(afterSignIn(outcome.session, to)), request, outcome.session);
}

/** POST /api/admin/auth/login {username, password, remember?, to?} → {status:true, redirect} | {status:false, message}. */
export async function POST(request: NextRequest) {
  if (isFormPost(request)) return formSignIn(request);
  const input = await readHandlerInput(request, loginBodySchema);
  if (!input.ok) return input.response;
  const { username, password, remember, to } = input.data;
  if (await authRateLimit(request.headers, 'login', username)) return failure(429, 'tooManyRequests');

  // Every session item is cleared before a login.
  await revokeRequestSession(request);
  const outcome = await signInUpstream(request, 'login', { username, password, remember: remember ?? false }, { remember });
  if (!outcome.ok) {
    clearSessionCookies(outcome.response, request);
    return outcome.response;
  }
  await forgiveSignIn(request.headers);
  const response = jsonAnswer({ status: true, redirect: afterSignIn(outcome.session, to) });
  return attachSession(response, request, outcome.session);
}
