import 'server-only';
import { IMAGE_KEY } from '@contract/images';
import { exchange, readBody } from './upstream';

const THUMB_KEY = /^[0-9a-f]{64}\.webp$/;
const RELAYED = ['content-type', 'content-length', 'cache-control', 'etag', 'x-content-type-options', 'content-security-policy'];

/**
 * An uploaded image or its thumbnail (`/api/images/{key}`, `/api/images/thumb/{key}`), relayed from the Platform API
 * with its caching headers: keys are content hashes, so the browser keeps them for a year and asks again with the ETag.
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
    const headers = new Headers();
    for (const name of RELAYED) {
      const value = ex.response.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(status === 304 ? null : new Uint8Array(body), { status, headers });
  } catch {
    return new Response('Unavailable', { status: 502, headers: { 'cache-control': 'no-store' } });
  }
}
