import 'server-only';
import { IMAGE_KEY } from '@contract/images';
import { exchange, readBody } from './upstream';

const THUMB_KEY = /^[0-9a-f]{64}\.webp$/;
const RELAYED = ['content-length', 'cache-control', 'etag'];
/** What the portal serves as an image on its own origin: raster types only (an SVG or HTML page could run script). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);
/** Every relayed image: never sniffed into something else, and nothing in it runs even if opened on its own. */
const IMAGE_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

/**
 * An uploaded image or its thumbnail (`/api/images/{key}`, `/api/images/thumb/{key}`), relayed from the Platform API
 * with its caching headers: keys are content hashes, so the browser keeps them for a year and asks again with the ETag.
 * Only a raster image type is relayed, always with `nosniff`; anything else is a 502.
 */
export async function relayImage(segments: string[], ifNoneMatch: string | null): Promise<Response> {
  const key = segments.length === 1 ? segments[0]! : segments.length === 2 && segments[0] === 'thumb' ? segments[1]! : '';
  const valid = segments.length === 1 ? IMAGE_KEY.test(key) : THUMB_KEY.test(key);
  if (!valid) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  try {
    const ex = await exchange(`/api/images/${segments.join('/')}`, {
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch, accept: '*/*' } : { accept: '*/*' },
    });
    const body = await readBody(ex);
    const status = ex.response.status;
    if (status !== 200 && status !== 304) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
    const type = (ex.response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    // An upstream answering HTML (or anything not an image) is not passed on under the portal's origin.
    if (status === 200 && !IMAGE_TYPES.has(type))
      return new Response('Unavailable', { status: 502, headers: { 'cache-control': 'no-store', ...IMAGE_HEADERS } });
    const headers = new Headers(IMAGE_HEADERS);
    if (status === 200) headers.set('content-type', type);
    for (const name of RELAYED) {
      const value = ex.response.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(status === 304 ? null : new Uint8Array(body), { status, headers });
  } catch {
    return new Response('Unavailable', { status: 502, headers: { 'cache-control': 'no-store' } });
  }
}
