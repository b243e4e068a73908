import 'server-only';

/** Checks every state-changing request to the portal's handlers goes through: same origin, JSON, size. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HeaderSource {
  get(name: string): string | null;
}

/** The origin the request was addressed to (the Host header, behind a proxy the forwarded host and protocol). */
export function requestOrigin(headers: HeaderSource, url: { protocol: string; host: string }): string {
  const forwardedHost = headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  const host = forwardedHost || headers.get('host') || url.host;
  const forwardedProto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const protocol = forwardedProto ? `${forwardedProto}:` : url.protocol;
  return `${protocol}//${host}`.toLowerCase();
}

/**
 * Same-origin rule for state-changing calls: `Sec-Fetch-Site` of `same-origin` or `none` passes; otherwise an
 * `Origin` equal to the request's own origin (or one listed in `PORTAL_ORIGINS`) passes; anything else fails.
 */
export function isSameOriginRequest(headers: HeaderSource, url: { protocol: string; host: string }, env: NodeJS.ProcessEnv = process.env): boolean {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  if (site === 'same-origin' || site === 'none') return true;
  const origin = headers.get('origin')?.toLowerCase();
  if (!origin || origin === 'null') return false;
  if (origin === requestOrigin(headers, url)) return true;
  const allowed = (env.PORTAL_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().toLowerCase())
    .filter(Boolean);
  return allowed.includes(origin);
}

/**
 * Whether the request was started by another site: a link or a form on a page the portal does not serve. Browsers
 * say so in `Sec-Fetch-Site`; without it, an `Origin` or `Referer` of another origin says the same. A typed or
 * bookmarked address (`none`), the portal's own pages and clients that send none of these (a script, curl) are not;
 * an opaque (`null`) origin is.
 */
export function isCrossSiteNavigation(headers: HeaderSource, url: { protocol: string; host: string }): boolean {
  const site = headers.get('sec-fetch-site')?.toLowerCase();
  if (site) return site === 'cross-site' || site === 'same-site';
  const from = headers.get('origin') ?? headers.get('referer');
  if (!from) return false;
  if (from === 'null') return true;
  try {
    return new URL(from).origin.toLowerCase() !== requestOrigin(headers, url);
  } catch {
    return true;
  }
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

export type BodyResult =
  { ok: true; text: string; json: unknown } | { ok: false; status: 400 | 413 | 415; code: 'invalidJson' | 'payloadTooLarge' | 'unsupportedMediaType' };

/** The body's bytes, or null once it passes `limit` (the rest is never read). */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const declaredOver = (request: Request, limit: number): boolean => {
  const declared = Number(request.headers.get('content-length') ?? '');
  return Number.isFinite(declared) && declared > limit;
};

/** Reads a JSON body of at most `limit` bytes. An empty body is `undefined` JSON. */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  if (declaredOver(request, limit)) return { ok: false, status: 413, code: 'payloadTooLarge' };
  const contentType = request.headers.get('content-type');
  if (contentType && !isJsonContentType(contentType)) return { ok: false, status: 415, code: 'unsupportedMediaType' };
  if (!request.body) return { ok: true, text: '', json: undefined };
  const bytes = await readUpTo(request.body, limit);
  if (!bytes) return { ok: false, status: 413, code: 'payloadTooLarge' };
  if (bytes.byteLength === 0) return { ok: true, text: '', json: undefined };
  if (!contentType) return { ok: false, status: 415, code: 'unsupportedMediaType' };
  const text = new TextDecoder().decode(bytes);
  try {
    return { ok: true, text, json: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, code: 'invalidJson' };
  }
}

/** Reads a body of raw bytes (an image upload) of at most `limit` bytes. */
export async function readBytesBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; status: 413; code: 'payloadTooLarge' }> {
  if (declaredOver(request, limit)) return { ok: false, status: 413, code: 'payloadTooLarge' };
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const bytes = await readUpTo(request.body, limit);
  return bytes ? { ok: true, bytes } : { ok: false, status: 413, code: 'payloadTooLarge' };
}
