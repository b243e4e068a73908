import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import type { z } from 'zod';
import { failure, validationFailure } from './api-response';
import { PASSWORD_MISMATCH_MESSAGE } from './auth-schemas';
import { isSameOriginRequest, readJsonBody } from './request-checks';

export type HandlerInput<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

/** A state-changing JSON call to one of the portal's handlers: same origin, JSON ≤ 1 MB, then the schema. */
export async function readHandlerInput<S extends z.ZodType>(request: NextRequest, schema: S): Promise<HandlerInput<z.infer<S>>> {
  if (!isSameOriginRequest(request.headers, request.nextUrl)) return { ok: false, response: failure(403, 'crossSite') };
  const body = await readJsonBody(request);
  if (!body.ok) return { ok: false, response: failure(body.status, body.code) };
  const parsed = schema.safeParse(body.json ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const mismatch = parsed.error.issues.some((issue) => issue.message === PASSWORD_MISMATCH_MESSAGE);
  if (mismatch) {
    return { ok: false, response: failure(400, 'passwordMismatch', { errors: { Cpassword: [PASSWORD_MISMATCH_MESSAGE] } }) };
  }
  return { ok: false, response: validationFailure(parsed.error) };
}
