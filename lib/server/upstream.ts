import 'server-only';
import type { z } from 'zod';
import type { PortalSession } from './session-codec';
import { UpstreamError } from './upstream-errors';
import { exchange, failureFrom, readJson, type ExchangeOptions } from './upstream-exchange';
import { sessionExchange, type PersistSession } from './upstream-session';

/**
 * The upstream client (spec section 7): `upstreamFetch` for JSON calls; the exchange (headers, timeout, errors)
 * and the session handling (shared refresh on 401) live beside it.
 */
export { UpstreamError, isUpstreamError, isUpstreamUnavailable, UPSTREAM_MESSAGES } from './upstream-errors';
export { exchange, readBody, readJson, upstreamBaseUrl, upstreamHeaders, upstreamTimeoutMs, type Exchange, type ExchangeOptions } from './upstream-exchange';
export { RENEW_BEFORE_MS, applyRefresh, endSession, renewIfDue, sessionExchange, type PersistSession, type SessionCallOptions } from './upstream-session';

export interface UpstreamFetchOptions<S extends z.ZodType> extends ExchangeOptions {
  schema: S;
  session?: PortalSession;
  persist?: PersistSession;
}

/**
 * `upstreamFetch(path, {method, body, schema, session, signal})`: JSON in, zod-parsed JSON out. A non-2xx answer
 * throws `UpstreamError{status, message}` carrying the upstream's message; 401 after the retry → `session-ended`.
 */
export async function upstreamFetch<S extends z.ZodType>(path: string, options: UpstreamFetchOptions<S>): Promise<z.infer<S>> {
  const { schema, session, persist, ...rest } = options;
  const ex = session ? await sessionExchange(path, { ...rest, session, persist }) : await exchange(path, rest);
  if (session && ex.response.status === 401) {
    ex.release();
    ex.response.discard();
    throw UpstreamError.sessionEnded();
  }
  if (!ex.response.ok) throw await failureFrom(ex);
  return readJson(ex, schema);
}
