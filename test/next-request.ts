import { NextRequest } from 'next/server';
import { SESSION_COOKIE, sealSession, type PortalSession } from '@/lib/server/session-codec';

/** Builds requests as the browser sends them to the portal, and reads the cookies a response sets. */
export const PORTAL = 'http://127.0.0.1:3000';

export interface RequestInitLike {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  sameOrigin?: boolean;
}

export function portalRequest(path: string, init: RequestInitLike = {}): NextRequest {
  const headers = new Headers(init.headers);
  headers.set('host', '127.0.0.1:3000');
  if (init.sameOrigin !== false && !headers.has('sec-fetch-site')) headers.set('sec-fetch-site', 'same-origin');
  if (init.cookies)
    headers.set(
      'cookie',
      Object.entries(init.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    );
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (init.body instanceof Uint8Array) {
    body = new Uint8Array(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/octet-stream');
  } else if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return new NextRequest(`${PORTAL}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
}

export async function sessionCookie(session: PortalSession): Promise<Record<string, string>> {
  return { [SESSION_COOKIE]: await sealSession(session) };
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: string;
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';');
    const index = pair.indexOf('=');
    return { name: pair.slice(0, index).trim(), value: pair.slice(index + 1), attributes: rest.join(';').trim() };
  });
}

export function cookieNamed(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name);
}
