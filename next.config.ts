import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { contentSecurityPolicy } from './lib/csp';
import { kitRewrites } from './lib/resources/kit-routes';
import { ROUTES } from './lib/routes';
import { strictTransportSecurity } from './lib/transport-security';

const isDev = process.env.NODE_ENV === 'development';

/**
 * Security headers on every response. Pages get their Content-Security-Policy from proxy.ts, with a nonce per
 * response; what proxy.ts does not see (the BFF's JSON, static files) gets the same policy without a nonce, so no
 * inline script runs anywhere. The map tiles' host is read from `MAP_TILE_URL` at build time.
 */
const staticPolicy = contentSecurityPolicy({ dev: isDev, tileUrl: process.env.MAP_TILE_URL });

// Over HTTPS (Secure cookies, as the build's environment sets them) browsers are told to use nothing else; proxy.ts
// decides the same for pages from the running server's environment.
const hsts = strictTransportSecurity();

const securityHeaders = [
  ...(hsts ? [{ key: 'Strict-Transport-Security', value: hsts }] : []),
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
  // The container image (Dockerfile) runs the self-contained server Next writes with NEXT_OUTPUT=standalone.
  ...(process.env.NEXT_OUTPUT === 'standalone' ? { output: 'standalone' as const } : {}),
  reactStrictMode: true,
  // Benchmark-only routes (`*.bench.ts`, e.g. the bare route handler of `npm run bench:bff`) are built only with
  // BENCH_ROUTES=1; a production build does not contain them.
  pageExtensions: ['tsx', 'ts', ...(process.env.BENCH_ROUTES === '1' ? ['bench.ts'] : [])],
  // `ANALYZE=1 next build` keeps the browser source maps, to see what each chunk holds.
  productionBrowserSourceMaps: process.env.ANALYZE === '1',
  // The resource kit's screens render from route files of their own, under the registry's paths
  // (lib/resources/kit-routes.ts). Applied after proxy.ts, which checks the registry path.
  async rewrites() {
    return { beforeFiles: kitRewrites(ROUTES), afterFiles: [], fallback: [] };
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // Responses proxy.ts does not answer; a page's own policy (with its nonce) is set there.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: staticPolicy }] },
      { source: '/_next/:path*', headers: [{ key: 'Content-Security-Policy', value: staticPolicy }] },
    ];
  },
};

// next-intl: messages and locale per request (i18n/request.ts). The messages are compiled at build time, so the
// browser gets a small formatter instead of an ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

export default withNextIntl(nextConfig);
