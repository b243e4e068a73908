import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const isDev = process.env.NODE_ENV === 'development';

/**
 * The map tiles' host (`MAP_TILE_URL`, read at build time like the rest of this policy) when `https:` below does not
 * already cover it: a tile server over plain http, e.g. one on the local network. `{s}` subdomains become `*`.
 */
const tileSource = (() => {
  const origin = /^http:\/\/[^/\s]+/i.exec(process.env.MAP_TILE_URL?.trim() ?? '')?.[0];
  return origin ? ` ${origin.replace('{s}', '*')}` : '';
})();

/**
 * Security headers on every response. Next's inline bootstrap scripts need 'unsafe-inline' without nonces;
 * development adds 'unsafe-eval' (React's debugging) and the dev server's websocket.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: https:${tileSource}`,
  "font-src 'self' data:",
  `connect-src 'self'${isDev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A separate build folder lets two builds (e.g. two e2e runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

// next-intl: messages and locale per request (i18n/request.ts).
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

export default withNextIntl(nextConfig);
