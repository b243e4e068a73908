import type { NextRequest } from 'next/server';
import { failure, jsonAnswer, upstreamFailure } from '@/lib/server/api-response';
import { inputOtpBodySchema } from '@/lib/server/auth-schemas';
import { authRateLimit } from '@/lib/server/rate-limit';
import { readHandlerInput } from '@/lib/server/handler-input';
import { readResetState, writeResetState } from '@/lib/server/reset-state';
import { inputOtpAnswerSchema } from '@/lib/server/upstream-schemas';
import { isUpstreamError, upstreamFetch } from '@/lib/server/upstream';

/** Step 2: POST {OTP} → {status:true} (the reset token joins the sealed cookie) or {status:false, message:'Wrong OTP'}. */
export async function POST(request: NextRequest) {
  const input = await readHandlerInput(request, inputOtpBodySchema);
  if (!input.ok) return input.response;
  const state = await readResetState(request);
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
    if (!(await writeResetState(response, request, { dataUser: state.dataUser, resetToken: answer.accessToken }))) {
      return failure(502, 'upstreamMalformed');
    }
    return response;
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed' && error.status === 429) return failure(429, 'wrongOtp', { message: error.message });
    if (isUpstreamError(error) && error.code === 'failed' && error.status < 500) return failure(200, 'wrongOtp');
    return upstreamFailure(error);
  }
}
