import 'server-only';
import type { z } from 'zod';
import type { PortalSession } from './session-codec';
import { failureBodySchema } from './upstream-schemas';
import { UpstreamError } from './upstream-errors';
import { httpExchange, type UpstreamResponse } from './http-client';
import { headers as requestHeaders } from 'next/headers';
import { REQUEST_ID_HEADER, requestIdOf } from '@contract/request-id';

/**
 * One HTTP exchange with the upstream: base URL from `UPSTREAM_API_URL`, the spec's headers (section 7) from the
 * session, a timeout (`UPSTREAM_TIMEOUT_MS`, 10 s), and clear errors: down → 502, slow → 504, unreadable → 502.
 */
export function upstreamBaseUrl(): string {
  return (process.env.UPSTREAM_API_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

export function upstreamTimeoutMs(): number {
  const value = Number(process.env.UPSTREAM_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 10_000;
}

/** Header values must be Latin-1; anything else is sent percent-encoded. */
function headerValue(value: string): string {
  return /^[\u0020-\u007e]*$/.test(value) ? value : encodeURIComponent(value);
}

/** Every header of the spec's section 7, from the session. */
export function upstreamHeaders(session: PortalSession, token = session.accessToken): Record<string, string> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    session: headerValue(session.session),
    office: headerValue(session.office),
    companies: headerValue(session.companies),
    userrole: headerValue(session.UserRole),
    appid: headerValue(session.appid),
  };
  if (session.UserRole !== 'admin') {
    headers.area = headerValue(session.area);
    headers.apptype = headerValue(session.AppType);
  }
  return headers;
}

export interface ExchangeOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Raw body (text, or bytes as they are); other objects are sent as JSON. */
  body?: string | Uint8Array | object;
  query?: URLSearchParams | Record<string, string | number | undefined> | string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface Exchange {
  response: UpstreamResponse;
  /** Stops the timeout; call once the body has been read (or handed on as a stream). */
  release: () => void;
}

function buildUrl(path: string, query: ExchangeOptions['query']): string {
  const url = `${upstreamBaseUrl()}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  let search: string;
  if (typeof query === 'string') search = query.replace(/^\?/, '');
  else if (query instanceof URLSearchParams) search = query.toString();
  else {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    search = params.toString();
  }
  return search ? `${url}?${search}` : url;
}

const TIMED_OUT = Symbol('upstream-timeout');

/** The id of the request being served (proxy.ts gives every page one), or a new one outside a request. */
async function currentRequestId(): Promise<string> {
  try {
    return requestIdOf((await requestHeaders()).get(REQUEST_ID_HEADER));
  } catch {
    return requestIdOf(null);
  }
}

/** One HTTP exchange; down → 502, no answer within the timeout → 504. */
export async function exchange(path: string, options: ExchangeOptions = {}): Promise<Exchange> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), options.timeoutMs ?? upstreamTimeoutMs());
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const release = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };
  const body =
    options.body === undefined || typeof options.body === 'string' || options.body instanceof Uint8Array ? options.body : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // Every upstream call carries the request id, so the Platform API's log lines join the portal's.
  if (!Object.keys(headers).some((h) => h.toLowerCase() === REQUEST_ID_HEADER)) headers[REQUEST_ID_HEADER] = await currentRequestId();
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  try {
    const response = await httpExchange(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: controller.signal });
    return { response, release };
  } catch (error) {
    release();
    if (error === TIMED_OUT) throw UpstreamError.timeout();
    if (controller.signal.aborted) throw error;
    throw UpstreamError.unreachable();
  }
}

/** Reads the whole body within the exchange's timeout (slow → 504, cut off → 502). */
export async function readBody(ex: Exchange): Promise<Buffer> {
  try {
    return await ex.response.bytes();
  } catch (error) {
    throw error === TIMED_OUT ? UpstreamError.timeout() : UpstreamError.unreachable();
  } finally {
    ex.release();
  }
}

/** Reads a JSON body and parses it with the schema; unreadable → 502. */
export async function readJson<S extends z.ZodType>(ex: Exchange, schema: S): Promise<z.infer<S>> {
  const text = (await readBody(ex)).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw UpstreamError.malformed();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw UpstreamError.malformed();
  return parsed.data;
}

/** A non-2xx answer as an `UpstreamError` carrying the upstream's message. */
export async function failureFrom(ex: Exchange): Promise<UpstreamError> {
  const { status } = ex.response;
  let body: unknown;
  try {
    body = JSON.parse(await ex.response.text());
  } catch {
    body = undefined;
  } finally {
    ex.release();
  }
  const parsed = failureBodySchema.safeParse(body);
  const message = parsed.success && parsed.data.message ? parsed.data.message : `The Platform API answered ${status}.`;
  return new UpstreamError(status, message, 'failed', body);
}
