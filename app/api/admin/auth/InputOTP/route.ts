import type { NextRequest, NextResponse } from 'next/server';
import { failure, jsonAnswer, upstreamFailure } from '@/lib/server/api-response';
import { inputOtpBodySchema } from '@/lib/server/auth-schemas';
import { FORGOT_PASSWORD_PAGE, asFormAnswer, isFormPost } from '@/lib/server/form-post';
import { authRateLimit } from '@/lib/server/rate-limit';
import { readHandlerInput } from '@/lib/server/handler-input';
import { readResetState, writeResetState } from '@/lib/server/reset-state';
import { inputOtpAnswerSchema } from '@/lib/server/upstream-schemas';
import { isUpstreamError, upstreamFetch } from '@/lib/server/upstream';

/**
 * Step 2: POST {OTP} → {status:true} (the reset token joins the sealed cookie) or {status:false, message:'Wrong OTP'}.
 * Posted by the page's form itself (no scripts): 303 to step 3, or back to step 2 with the error.
 */
export async function POST(request: NextRequest) {
  const answer = await inputOtp(request);
  return isFormPost(request) ? asFormAnswer(answer, `${FORGOT_PASSWORD_PAGE}?step=3`, `${FORGOT_PASSWORD_PAGE}?step=2`) : answer;
}

async function inputOtp(request: NextRequest): Promise<NextResponse> {
  const input = await readHandlerInput(request, inputOtpBodySchema, { forms: true });
  if (!input.ok) return input.response;
  const state = await readResetState(request.cookies);
  if (!state) return failure(200, 'wrongOtp');
  if (await authRateLimit(request.headers, 'InputOTP', String(state.dataUser))) return failure(429, 'tooManyRequests');
  try {
    const answer = await upstreamFetch('/api/admin/auth/InputOTP', {
      method: 'POST',
      body: { OTP: input.data.OTP, dataUser: state.dataUser },
      schema: inputOtpAnswerSchema,
    });
    if (answer.status !== true || !answer.accessToken) return failure(200, 'wrongOtp');
    const response = jsonAnswer({ status: true });
    if (!(await writeResetState(response, { ...state, resetToken: answer.accessToken }))) {
      return failure(502, 'upstreamMalformed');
    }
    return response;
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed' && error.status === 429) return failure(429, 'wrongOtp', { message: error.message });
    if (isUpstreamError(error) && error.code === 'failed' && error.status < 500) return failure(200, 'wrongOtp');
    return upstreamFailure(error);
  }
}
