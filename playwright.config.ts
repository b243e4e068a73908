import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/** The e2e stack: the Platform API on an in-memory database and the built portal, both on their own ports. */
export const E2E = {
  apiPort: Number(process.env.E2E_API_PORT ?? 4100),
  portalPort: Number(process.env.E2E_PORTAL_PORT ?? 3100),
  autologinSecret: 'e2e-autologin-secret-0123456789abcdefghij',
  sessionSecret: 'e2e-session-secret-0123456789abcdefghijklmn',
  jwtSecret: 'e2e-jwt-secret-0123456789abcdefghijklmnopqrs',
  appApiKey: 'e2e-app-channel-key-0123456789abcdefghijklm',
  paymentWebhookSecret: 'e2e-payment-webhook-secret-0123456789abcdef',
  settingsSecret: 'e2e-settings-secret-0123456789abcdefghijklmn',
  controlPort: Number(process.env.E2E_CONTROL_PORT ?? 4199),
};
export const CONTROL_URL = `http://127.0.0.1:${E2E.controlPort}`;
export const API_URL = `http://127.0.0.1:${E2E.apiPort}`;
export const PORTAL_URL = `http://127.0.0.1:${E2E.portalPort}`;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The secrets every e2e server shares (the portal instances and the Platform API). */
export const E2E_SECRETS = {
  AUTOLOGIN_SECRET: E2E.autologinSecret,
  SESSION_SECRET: E2E.sessionSecret,
  JWT_SECRET: E2E.jwtSecret,
  APP_API_KEY: E2E.appApiKey,
  PAYMENT_WEBHOOK_SECRET: E2E.paymentWebhookSecret,
  SETTINGS_SECRET: E2E.settingsSecret,
  NEXT_TELEMETRY_DISABLED: '1',
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: PORTAL_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: 'npx tsx scripts/e2e-upstream.ts',
      url: `${API_URL}/api/openapi.json`,
      env: {
        ...E2E_SECRETS,
        PORT: String(E2E.apiPort),
        CONTROL_PORT: String(E2E.controlPort),
        DATABASE_URL: 'memory://',
        ENABLE_DEV_OUTBOX: '1',
        NODE_ENV: 'test',
        // A smaller order history than the demo's, so the stack starts in seconds.
        SEED_MEMBERS: '400',
        SEED_BIKERS: '40',
        SEED_ORDERS: '3000',
        SEED_PARCELS: '300',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `bash scripts/e2e-portal.sh ${E2E.portalPort}`,
      url: `${PORTAL_URL}/auth/login`,
      env: { ...E2E_SECRETS, UPSTREAM_API_URL: API_URL },
      reuseExistingServer: false,
      timeout: 600_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
