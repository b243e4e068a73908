import type { NextRequest, NextResponse } from 'next/server';
import { failure, jsonAnswer, seeOther } from '@/lib/server/api-response';
import { authRateLimit } from '@/lib/server/rate-limit';
import { isFormPost, readFormPost } from '@/lib/server/form-post';
import { afterSignIn } from '@/lib/server/auth';
import { registerBodySchema } from '@/lib/server/auth-schemas';
import { readHandlerInput } from '@/lib/server/handler-input';
import { clearSessionCookies, revokeRequestSession } from '@/lib/server/session';
import { attachSession, signInUpstream } from '@/lib/server/sign-in';

/** A registration posted by the form itself (no scripts): answered with redirects only, never a secret in a URL. */
async function formRegister(request: NextRequest): Promise<NextResponse> {
  const fields = await readFormPost(request);
  const to = fields?.to && fields.to.length <= 2048 ? fields.to : undefined;
  const back = () => seeOther(`/auth/register?error=1${to ? `&to=${encodeURIComponent(to)}` : ''}`);
  const parsed = registerBodySchema.safeParse({ ...fields, to });
  if (!fields || !parsed.success) return back();
  if (await authRateLimit(request.headers, 'register', parsed.data.email)) return back();
  await revokeRequestSession(request);
  const { displayName, email, password } = parsed.data;
  const outcome = await signInUpstream(request, 'register', { displayName, email, password });
  if (!outcome.ok) {
    const response = back();
    clearSessionCookies(response, request);
    return response;
  }
  return attachSession(seeOther(afterSignIn(outcome.session, to)), request, outcome.session);
}

/** POST /api/admin/auth/register {displayName, email, password, Cpassword} → signed in as after a login. */
export async function POST(request: NextRequest) {
  if (isFormPost(request)) return formRegister(request);
  const input = await readHandlerInput(request, registerBodySchema);
  if (!input.ok) return input.response;
  const { displayName, email, password, to } = input.data;
  if (await authRateLimit(request.headers, 'register', email)) return failure(429, 'tooManyRequests');

  await revokeRequestSession(request);
  const outcome = await signInUpstream(request, 'register', { displayName, email, password });
  if (!outcome.ok) {
    clearSessionCookies(outcome.response, request);
    return outcome.response;
  }
  const response = jsonAnswer({ status: true, redirect: afterSignIn(outcome.session, to) });
  return attachSession(response, request, outcome.session);
}
