/** Exponential backoff with jitter, for reconnecting to the upstream (server) and to the relay (browser). */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  factor?: number;
  /** Spread around the delay, as a fraction of it (0.2 = ±20 %), so many clients do not retry in step. */
  jitter?: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 3000, factor: 2, jitter: 0.2 };

/** The wait before retry number `attempt` (0 for the first retry); never negative, never above `maxMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const { baseMs, maxMs, factor = 2, jitter = 0 } = options;
  const step = Math.max(0, Math.floor(attempt));
  const raw = Math.min(maxMs, baseMs * factor ** Math.min(step, 30));
  const spread = raw * Math.min(Math.max(jitter, 0), 1);
  const delay = raw - spread + random() * 2 * spread;
  return Math.round(Math.min(maxMs, Math.max(0, delay)));
}
