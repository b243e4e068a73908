import type { NextRequest } from 'next/server';
import { jsonAnswer } from '@/lib/server/api-response';
import { afterSignIn } from '@/lib/server/auth';
import { loginBodySchema } from '@/lib/server/auth-schemas';
import { readHandlerInput } from '@/lib/server/handler-input';
import { clearSessionCookies, revokeRequestSession } from '@/lib/server/session';
import { attachSession, signInUpstream } from '@/lib/server/sign-in';

/** POST /api/admin/auth/login {username, password, remember?, to?} → {status:true, redirect} | {status:false, message}. */
export async function POST(request: NextRequest) {
  const input = await readHandlerInput(request, loginBodySchema);
  if (!input.ok) return input.response;
  const { username, password, remember, to } = input.data;

  // Every session item is cleared before a login.
  await revokeRequestSession(request);
  const outcome = await signInUpstream(request, 'login', { username, password, remember: remember ?? false }, { remember });
  if (!outcome.ok) {
    clearSessionCookies(outcome.response, request);
    return outcome.response;
  }
  const response = jsonAnswer({ status: true, redirect: afterSignIn(outcome.session, to) });
  return attachSession(response, request, outcome.session);
}
