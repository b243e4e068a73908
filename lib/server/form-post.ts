import 'server-only';
import type { NextRequest } from 'next/server';
import { isSameOriginRequest } from './request-checks';

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
