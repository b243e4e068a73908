import 'server-only';
import { processSingleton } from './process-state';

/**
 * Single-flight token refresh. N concurrent 401s of one session make one `refresh-token` call; for 60 s after a
 * refresh, requests that still carry the old token (a cookie not yet updated in the browser) reuse the new one
 * instead of refreshing again (the upstream rotates tokens: a second refresh of the same old token fails).
 */
export interface RefreshedToken {
  accessToken: string;
  expiresIn?: number;
}

export const ROTATION_MEMORY_MS = 60_000;
const MAX_CHAIN = 8;

interface RefreshState {
  inFlight: Map<string, Promise<RefreshedToken>>;
  rotated: Map<string, { next: RefreshedToken; at: number }>;
}

function state(): RefreshState {
  return processSingleton<RefreshState>('refresh', () => ({ inFlight: new Map(), rotated: new Map() }));
}

function prune(now: number): void {
  for (const [token, entry] of state().rotated) {
    if (now - entry.at > ROTATION_MEMORY_MS) state().rotated.delete(token);
  }
}

/** The newest token known to replace `token` (following successive rotations), or null. */
export function rotatedToken(token: string, now = Date.now()): RefreshedToken | null {
  let found: RefreshedToken | null = null;
  let current = token;
  for (let i = 0; i < MAX_CHAIN; i++) {
    const entry = state().rotated.get(current);
    if (!entry || now - entry.at > ROTATION_MEMORY_MS) break;
    found = entry.next;
    current = entry.next.accessToken;
  }
  return found;
}

/** The token to send for a session right now. */
export function currentToken(token: string, now = Date.now()): string {
  return rotatedToken(token, now)?.accessToken ?? token;
}

/**
 * Refreshes `oldToken` once for session `sid`; every concurrent caller with the same session and token shares the
 * call and its outcome (a failure rejects every waiter).
 */
export function refreshOnce(sid: string, oldToken: string, call: (oldToken: string) => Promise<RefreshedToken>, now = Date.now()): Promise<RefreshedToken> {
  const known = rotatedToken(oldToken, now);
  if (known) return Promise.resolve(known);
  const key = `${sid}\u0000${oldToken}`;
  const { inFlight, rotated } = state();
  const pending = inFlight.get(key);
  if (pending) return pending;
  const started = (async () => {
    try {
      const next = await call(oldToken);
      prune(Date.now());
      rotated.set(oldToken, { next, at: Date.now() });
      return next;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, started);
  return started;
}

/** Forgets every refresh (tests). */
export function resetRefreshState(): void {
  state().inFlight.clear();
  state().rotated.clear();
}
