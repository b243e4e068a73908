/**
 * The redirect rule for `to` (ARCHITECTURE.md section 5): only a same-origin path that starts with one `/`.
 * Anything else is ignored and the caller uses the default page.
 */

const MAX_LENGTH = 2048;
const PROBE_ORIGIN = 'http://portal.invalid';

/** Paths a sign-in must never send the user back to (they would loop or sign the user out again). */
const FORBIDDEN_PREFIXES = ['/auth/', '/autologin', '/clearcookies', '/api/'];

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Returns a safe same-origin path (with its query and hash) or null. */
export function safeRedirectTarget(to: unknown): string | null {
  if (typeof to !== 'string') return null;
  if (to.length === 0 || to.length > MAX_LENGTH) return null;
  if (!to.startsWith('/')) return null;
  if (to.startsWith('//') || to.startsWith('/\\')) return null;
  if (to.includes('\\')) return null;
  if (CONTROL_CHARACTERS.test(to)) return null;

  // The same checks once more on the decoded form, in case a later step decodes the value again.
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || decoded.includes('\\') || CONTROL_CHARACTERS.test(decoded)) return null;

  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;

  const target = `${url.pathname}${url.search}${url.hash}`;
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const lower = url.pathname.toLowerCase();
  if (lower === '/auth' || lower === '/clearcookies') return null;
  if (FORBIDDEN_PREFIXES.some((prefix) => lower.startsWith(prefix))) return null;
  return target;
}
