import type { NextRequest } from 'next/server';
import { jsonAnswer } from '@/lib/server/api-response';
import { afterSignIn } from '@/lib/server/auth';
import { registerBodySchema } from '@/lib/server/auth-schemas';
import { readHandlerInput } from '@/lib/server/handler-input';
import { clearSessionCookies, revokeRequestSession } from '@/lib/server/session';
import { attachSession, signInUpstream } from '@/lib/server/sign-in';

/** POST /api/admin/auth/register {displayName, email, password, Cpassword} → signed in as after a login. */
export async function POST(request: NextRequest) {
  const input = await readHandlerInput(request, registerBodySchema);
  if (!input.ok) return input.response;
  const { displayName, email, password, to } = input.data;

  await revokeRequestSession(request);
  const outcome = await signInUpstream(request, 'register', { displayName, email, password });
  if (!outcome.ok) {
    clearSessionCookies(outcome.response, request);
    return outcome.response;
  }
  const response = jsonAnswer({ status: true, redirect: afterSignIn(outcome.session, to) });
  return attachSession(response, request, outcome.session);
}
