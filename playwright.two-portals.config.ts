import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { E2E, E2E_SECRETS } from './playwright.config';

/**
 * Two portal instances behind one address (a round-robin proxy), sharing sign-outs through Redis, against one
 * Platform API: `REDIS_URL=redis://127.0.0.1:6379 npx playwright test -c playwright.two-portals.config.ts`. With
 * `E2E_NO_REDIS=1` instead, the instances share nothing but the Platform API and the no-Redis checks run. Uses the
 * portal build of the main suite (`.next`), building it first when there is none. The proxy listens on
 * E2E_PORTAL_PORT, the instances on the next two ports.
 */
const redis = process.env.REDIS_URL;
// `E2E_NO_REDIS=1`: the same two instances with nothing shared but the Platform API (e2e-two-portals/no-redis.spec.ts).
const noRedis = process.env.E2E_NO_REDIS === '1';
if (!redis && !noRedis) throw new Error('The two-instance suite needs REDIS_URL (the instances share sign-outs through it).');
const proxyPort = E2E.portalPort;
const instances = [proxyPort + 1, proxyPort + 2];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const apiUrl = `http://127.0.0.1:${E2E.apiPort}`;

export default defineConfig({
  testDir: './e2e-two-portals',
  testMatch: noRedis ? /no-redis\.spec\.ts$/ : /two-portals\.spec\.ts$/,
  outputDir: './test-results/two-portals',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${proxyPort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx scripts/e2e-upstream.ts',
      url: `${apiUrl}/api/openapi.json`,
      env: {
        ...E2E_SECRETS,
        PORT: String(E2E.apiPort),
        CONTROL_PORT: String(E2E.controlPort),
        DATABASE_URL: 'memory://',
        NODE_ENV: 'test',
        SEED_ORDERS: '300',
        SEED_PARCELS: '30',
        SEED_MEMBERS: '50',
        SEED_BIKERS: '10',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...instances.map((port, i) => ({
      // The first instance builds the portal when no build exists; the second waits for it and reuses it.
      command:
        i === 0
          ? `bash scripts/e2e-portal.sh ${port}`
          : `bash -c 'until [ -f .next/BUILD_ID ]; do sleep 2; done; E2E_SKIP_BUILD=1 bash scripts/e2e-portal.sh ${port}'`,
      url: `http://127.0.0.1:${port}/auth/login`,
      env: { ...E2E_SECRETS, E2E_SKIP_BUILD: '1', UPSTREAM_API_URL: apiUrl, REDIS_URL: noRedis ? '' : (redis ?? ''), PORTAL_INSTANCE: `portal-${i + 1}` },
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: `npx tsx scripts/round-robin-proxy.ts ${proxyPort} ${instances.join(' ')}`,
      url: `http://127.0.0.1:${proxyPort}/auth/login`,
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
