/**
 * The portal's Content-Security-Policy. Pages get a fresh nonce per response (set in proxy.ts; Next puts it on every
 * script it renders), so no inline script runs without it: `'strict-dynamic'` lets those scripts load the page's
 * chunks, and nothing else runs. Styles keep `'unsafe-inline'` (style attributes cannot carry a nonce). Development
 * adds `'unsafe-eval'` (React's debugging) and the dev server's websocket.
 */
export interface CspOptions {
  /** The response's nonce (base64); without one, no inline script may run at all. */
  nonce?: string;
  dev?: boolean;
  /** `MAP_TILE_URL`: a tile server over plain http (https is allowed already). `{s}` subdomains become `*`. */
  tileUrl?: string;
}

export function tileSource(tileUrl: string | undefined): string {
  const origin = /^http:\/\/[^/\s]+/i.exec(tileUrl?.trim() ?? '')?.[0];
  return origin ? ` ${origin.replace('{s}', '*')}` : '';
}

export function contentSecurityPolicy({ nonce, dev = false, tileUrl }: CspOptions = {}): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${tileSource(tileUrl)}`,
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
