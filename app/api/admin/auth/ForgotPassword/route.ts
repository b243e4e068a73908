import type { NextRequest, NextResponse } from 'next/server';
import { failure, jsonAnswer, upstreamFailure } from '@/lib/server/api-response';
import { forgotPasswordBodySchema } from '@/lib/server/auth-schemas';
import { FORGOT_PASSWORD_PAGE, asFormAnswer, isFormPost } from '@/lib/server/form-post';
import { authRateLimit } from '@/lib/server/rate-limit';
import { readHandlerInput } from '@/lib/server/handler-input';
import { writeResetState } from '@/lib/server/reset-state';
import { dataUserOf, forgotPasswordAnswerSchema } from '@/lib/server/upstream-schemas';
import { isUpstreamError, upstreamFetch } from '@/lib/server/upstream';

/**
 * Step 1: POST {input} → {status:true}; the upstream's dataUser stays in the sealed `bo_reset` cookie. Posted by the
 * page's form itself (no scripts): 303 to step 2, or back to step 1 with the error.
 */
export async function POST(request: NextRequest) {
  const answer = await forgotPassword(request);
  return isFormPost(request) ? asFormAnswer(answer, `${FORGOT_PASSWORD_PAGE}?step=2`, FORGOT_PASSWORD_PAGE) : answer;
}

async function forgotPassword(request: NextRequest): Promise<NextResponse> {
  const input = await readHandlerInput(request, forgotPasswordBodySchema, { forms: true });
  if (!input.ok) return input.response;
  if (await authRateLimit(request.headers, 'ForgotPassword', input.data.input)) return failure(429, 'tooManyRequests');
  try {
    const answer = await upstreamFetch('/api/admin/auth/ForgotPassword', {
      method: 'POST',
      body: { input: input.data.input },
      schema: forgotPasswordAnswerSchema,
    });
    const dataUser = dataUserOf(answer.data);
    if (answer.status === false || dataUser === undefined || dataUser === null) return failure(200, 'wrongCredentials');
    const response = jsonAnswer({ status: true });
    if (!(await writeResetState(response, { dataUser, input: input.data.input }))) return failure(502, 'upstreamMalformed');
    return response;
  } catch (error) {
    if (isUpstreamError(error) && error.code === 'failed' && error.status === 429) return failure(429, 'wrongCredentials', { message: error.message });
    if (isUpstreamError(error) && error.code === 'failed' && error.status < 500) return failure(200, 'wrongCredentials');
    return upstreamFailure(error);
  }
}
