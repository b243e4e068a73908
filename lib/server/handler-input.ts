import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import type { z } from 'zod';
import { failure, validationFailure } from './api-response';
import { PASSWORD_MISMATCH_MESSAGE } from './auth-schemas';
import { isFormPost, readFormPost } from './form-post';
import { isSameOriginRequest, readJsonBody } from './request-checks';

export type HandlerInput<T> = { ok: true; data: T } | { ok: false; response: NextResponse };

/**
 * A state-changing call to one of the portal's handlers: same origin, JSON ≤ 1 MB (or, with `forms`, a url-encoded
 * form post ≤ 16 kB, whose fields are strings), then the schema.
 */
export async function readHandlerInput<S extends z.ZodType>(request: NextRequest, schema: S, { forms = false } = {}): Promise<HandlerInput<z.infer<S>>> {
  if (!isSameOriginRequest(request.headers, request.nextUrl)) return { ok: false, response: failure(403, 'crossSite') };
  let json: unknown;
  if (forms && isFormPost(request)) {
    const fields = await readFormPost(request);
    if (!fields) return { ok: false, response: failure(413, 'payloadTooLarge') };
    json = fields;
  } else {
    const body = await readJsonBody(request);
    if (!body.ok) return { ok: false, response: failure(body.status, body.code) };
    json = body.json;
  }
  const parsed = schema.safeParse(json ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const mismatch = parsed.error.issues.some((issue) => issue.message === PASSWORD_MISMATCH_MESSAGE);
  if (mismatch) {
    return { ok: false, response: failure(400, 'passwordMismatch', { errors: { Cpassword: [PASSWORD_MISMATCH_MESSAGE] } }) };
  }
  return { ok: false, response: validationFailure(parsed.error) };
}
