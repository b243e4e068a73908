import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { SERVER_MESSAGES, type ServerMessageCode } from './messages';
import { isUpstreamError } from './upstream-errors';

/** JSON answers of the portal's own handlers: `{status, data | message, errors}`, never cached. */
const NO_STORE = { 'cache-control': 'no-store' };

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function failure(status: number, code: ServerMessageCode, extra: { message?: string; errors?: Record<string, string[]> } = {}): NextResponse {
  return jsonAnswer({ status: false, code, message: extra.message ?? SERVER_MESSAGES[code], ...(extra.errors ? { errors: extra.errors } : {}) }, status);
}

/** 400 with the fields that failed and why. */
export function validationFailure(error: z.ZodError, code: ServerMessageCode = 'invalidInput'): NextResponse {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return failure(400, code, { errors });
}

/** An upstream failure as the browser sees it: the status and a clear message, no stack trace. */
export function upstreamFailure(error: unknown): NextResponse {
  if (!isUpstreamError(error)) {
    console.error('Unexpected error while calling the Platform API:', error);
    return failure(502, 'upstreamUnreachable');
  }
  switch (error.code) {
    case 'unreachable':
      return failure(502, 'upstreamUnreachable');
    case 'timeout':
      return failure(504, 'upstreamTimeout');
    case 'malformed':
      return failure(502, 'upstreamMalformed');
    case 'session-ended':
      return failure(401, 'sessionEnded');
    default: {
      const body = error.body && typeof error.body === 'object' ? error.body : { status: false, message: error.message };
      return jsonAnswer(body, error.status);
    }
  }
}

/** 303 to a same-origin path; the Location stays relative so it holds behind any proxy. */
export function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path, ...NO_STORE } });
}
