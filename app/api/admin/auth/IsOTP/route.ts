import type { NextRequest, NextResponse } from 'next/server';
import { failure, jsonAnswer, upstreamFailure } from '@/lib/server/api-response';
import { newPasswordBodySchema } from '@/lib/server/auth-schemas';
import { FORGOT_PASSWORD_PAGE, PASSWORD_RESET_DONE, asFormAnswer, isFormPost } from '@/lib/server/form-post';
import { readHandlerInput } from '@/lib/server/handler-input';
import { clearResetState, readResetState } from '@/lib/server/reset-state';
import { statusAnswerSchema } from '@/lib/server/upstream-schemas';
import { isUpstreamError, upstreamFetch } from '@/lib/server/upstream';

/**
 * Step 3: POST {password, Cpassword} → {status:true, redirect:'/auth/login?reason=reset'} or {status:false,
 * message:'Wrong OTP'}. Posted by the page's form itself (no scripts): 303 to the sign-in page, or back to step 3.
 */
export async function POST(request: NextRequest) {
  const answer = await setNewPassword(request);
  return isFormPost(request) ? asFormAnswer(answer, PASSWORD_RESET_DONE, `${FORGOT_PASSWORD_PAGE}?step=3`) : answer;
}

async function setNewPassword(request: NextRequest): Promise<NextResponse> {
  const input = await readHandlerInput(request, newPasswordBodySchema, { forms: true });
  if (!input.ok) return input.response;
  const state = await readResetState(request.cookies);
  if (!state?.resetToken) return failure(200, 'wrongOtp');
  try {
    const answer = await upstreamFetch('/api/admin/auth/IsOTP', {
      method: 'POST',
      body: { accessToken: state.resetToken, password: input.data.password, Cpassword: input.data.Cpassword },
      schema: statusAnswerSchema,
    });
    if (answer.status !== true) return failure(200, 'wrongOtp');
    const response = jsonAnswer({ status: true, redirect: PASSWORD_RESET_DONE });
    clearResetState(response);
    return response;
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed' && error.status === 400 && hasFieldErrors(error.body)) return upstreamFailure(error);
    if (isUpstreamError(error) && error.code === 'failed' && error.status < 500) return failure(200, 'wrongOtp');
    return upstreamFailure(error);
  }
}

function hasFieldErrors(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'errors' in body && typeof body.errors === 'object' && body.errors !== null;
}
