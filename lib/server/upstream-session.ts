import 'server-only';
import { absoluteMaxSeconds, LIMITS, sessionExpiresAt, type PortalSession } from './session-codec';
import { currentToken, refreshOnce, rotatedToken, type RefreshedToken } from './refresh';
import { revocationStore } from './revocation';
import { refreshAnswerSchema } from './upstream-schemas';
import { UpstreamError } from './upstream-errors';
import { exchange, failureFrom, readJson, upstreamHeaders, type Exchange, type ExchangeOptions } from './upstream-exchange';

/** Where cookies can be written (proxy.ts, route handlers), the refreshed session is handed back to be saved. */
export type PersistSession = (next: PortalSession) => void;

export interface SessionCallOptions extends ExchangeOptions {
  session: PortalSession;
  /** Allows a token refresh on 401; without it a 401 ends the call with `session-ended` (server components). */
  persist?: PersistSession;
}

/** Calls `refresh-token` for the session's current token. */
async function callRefresh(session: PortalSession, oldToken: string): Promise<RefreshedToken> {
  const ex = await exchange('/api/admin/auth/refresh-token', {
    method: 'POST',
    headers: upstreamHeaders(session, oldToken),
    body: { accessToken: oldToken },
  });
  if (!ex.response.ok) throw await failureFrom(ex);
  const answer = await readJson(ex, refreshAnswerSchema);
  if (answer.status === false || answer.accessToken.length > LIMITS.token) throw UpstreamError.sessionEnded();
  return { accessToken: answer.accessToken, expiresIn: answer.expiresIn };
}

/** The session after a refresh: the new token, and an expiry no earlier than the new token's. */
export function applyRefresh(session: PortalSession, fresh: RefreshedToken, now = Date.now()): PortalSession {
  const next: PortalSession = { ...session, accessToken: fresh.accessToken };
  if (fresh.expiresIn && fresh.expiresIn > 0) {
    const elapsed = Math.ceil((now - session.loggedInTime) / 1000);
    next.expiresIn = Math.min(Math.max(session.expiresIn, elapsed + Math.floor(fresh.expiresIn)), absoluteMaxSeconds());
  }
  return next;
}

/** How close to its end an active session has its token rotated early (at most a quarter of its lifetime). */
export const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * Near the end of a session that is still in use, rotates the token early and extends the session to the new
 * token's lifetime, so an active user stays signed in. A failure leaves the session to run to its end.
 */
export async function renewIfDue(session: PortalSession, persist: PersistSession, now = Date.now()): Promise<void> {
  const left = sessionExpiresAt(session) - now;
  if (left <= 0 || left > Math.min(RENEW_BEFORE_MS, (session.expiresIn * 1000) / 4)) return;
  try {
    const fresh = await refreshOnce(session.sid, currentToken(session.accessToken), (old) => callRefresh(session, old));
    persist(applyRefresh(session, fresh));
  } catch {
    // The session stays valid until loggedInTime + expiresIn.
  }
}

/** Ends a session on the portal side: it is revoked until its expiry. The caller clears the cookie. */
export async function endSession(session: PortalSession): Promise<void> {
  await revocationStore().revoke(session.sid, sessionExpiresAt(session) - Date.now());
}

/**
 * An authenticated exchange: the spec's headers, and on HTTP 401 one shared refresh and one retry.
 * A failed refresh revokes the session and throws `session-ended`.
 */
export async function sessionExchange(path: string, options: SessionCallOptions): Promise<Exchange> {
  const { session, persist, ...rest } = options;
  const token = currentToken(session.accessToken);
  const send = (bearer: string) => exchange(path, { ...rest, headers: { ...rest.headers, ...upstreamHeaders(session, bearer) } });

  const first = await send(token);
  if (first.response.status !== 401) return first;
  first.release();
  first.response.discard();

  let fresh: RefreshedToken;
  if (persist) {
    try {
      fresh = await refreshOnce(session.sid, token, (old) => callRefresh(session, old));
    } catch (error) {
      if (error instanceof UpstreamError && (error.code === 'unreachable' || error.code === 'timeout')) throw error;
      await endSession(session);
      throw UpstreamError.sessionEnded();
    }
    persist(applyRefresh(session, fresh));
  } else {
    const known = rotatedToken(token);
    if (!known) throw UpstreamError.sessionEnded();
    fresh = known;
  }
  return send(fresh.accessToken);
}
