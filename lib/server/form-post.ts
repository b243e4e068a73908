import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { PASSWORD_TOO_SHORT } from '@contract/passwords';
import type { FormErrorCode } from '@/lib/i18n/form-errors';
import { seeOther } from './api-response';
import { isSameOriginRequest } from './request-checks';

/** The forgot-password page, and where a finished reset lands (the sign-in page says the password was changed). */
export const FORGOT_PASSWORD_PAGE = '/auth/forgotpassword';
export const PASSWORD_RESET_DONE = '/auth/login?reason=reset';

/** Form posts are small: a sign-in or a reset step. */
const MAX_FORM_BYTES = 16 * 1024;

/** A native form submission (the page's scripts had not loaded, or are off): url-encoded, not the JSON the scripts send. */
export function isFormPost(request: NextRequest): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
}

/**
 * The fields of a same-origin form post (at most 16 kB), or null for a cross-site one or one too large. A form post
 * always answers with a redirect (303), so nothing the user typed ever lands in a URL.
 */
export async function readFormPost(request: NextRequest): Promise<Record<string, string> | null> {
  if (!isSameOriginRequest(request.headers, request.nextUrl)) return null;
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_FORM_BYTES) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] ??= value;
  return fields;
}

interface AnswerBody {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  errors?: Record<string, unknown>;
}

/** The error code of a failed JSON answer of the auth handlers. */
export function formErrorCode(httpStatus: number, body: AnswerBody): FormErrorCode {
  if (httpStatus === 429) return 'locked';
  if (httpStatus >= 500 || httpStatus === 403) return 'unavailable';
  if (body.code === 'passwordMismatch') return 'mismatch';
  const messages = Object.values(body.errors ?? {}).flatMap((list) => (Array.isArray(list) ? list : []));
  if (messages.includes(PASSWORD_TOO_SHORT)) return 'short';
  if (body.code === 'wrongOtp') return 'otp';
  if (body.code === 'wrongCredentials') return 'credentials';
  return 'invalid';
}

/**
 * A form post's answer, made from the JSON answer the same handler gives the page's scripts: success → 303 to
 * `next`; failure → 303 to `back` with `error=<code>`. The cookies the answer sets go along.
 */
export async function asFormAnswer(answer: NextResponse, next: string, back: string): Promise<NextResponse> {
  const body = (await answer
    .clone()
    .json()
    .catch(() => ({}))) as AnswerBody;
  const ok = answer.status === 200 && body.status === true;
  const target = ok ? next : `${back}${back.includes('?') ? '&' : '?'}error=${formErrorCode(answer.status, body)}`;
  const response = seeOther(target);
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
  return response;
}
