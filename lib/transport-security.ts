/**
 * Whether the portal's cookies carry `Secure`, from configuration alone (never from the request's Host or protocol,
 * which a client or a proxy can change): `COOKIE_SECURE` (true/false) when set, otherwise on in production.
 * Plain (no `server-only`) so next.config.ts reads it too.
 */
export function cookieSecure(env: NodeJS.ProcessEnv = process.env): boolean {
  const forced = env.COOKIE_SECURE?.trim().toLowerCase();
  if (forced === 'true' || forced === '1') return true;
  if (forced === 'false' || forced === '0') return false;
  return env.NODE_ENV === 'production';
}

/** One year, the figure browsers' preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The `Strict-Transport-Security` value when the portal is served over HTTPS, which is what Secure cookies say (a
 * browser ignores the header on plain http, so it is harmless where a Secure setting is wrong). No
 * `includeSubDomains`: the portal does not speak for its parent domain's other hosts.
 */
export function strictTransportSecurity(env: NodeJS.ProcessEnv = process.env): string | null {
  return cookieSecure(env) ? `max-age=${HSTS_MAX_AGE_SECONDS}` : null;
}
