import os from 'node:os';
import path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CLIENT_ADDRESS_SIG_HEADER, clientAddressText } from '@contract/client-address';
import pg from 'pg';
import sharp from 'sharp';
import { isPostgresUrl, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { truncateAllTables } from '../src/db/tables';
import { EventBus } from '../src/realtime/bus';
import { startServer, type RunningServer, type StartOptions } from '../src/server';
import type { ApiConfig } from '../src/config';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnop';
export const TEST_AUTOLOGIN_SECRET = 'test-autologin-secret-0123456789-abcdefghij';
export const TEST_APP_API_KEY = 'test-app-channel-key-0123456789abcdefghij';
export const TEST_SETTINGS_SECRET = 'test-settings-secret-0123456789-abcdefghijkl';
export const TEST_PAYMENT_WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789abcd';

/** The headers the portal sends with a browser's address (contract/client-address.ts), signed with the test secret. */
export function signedAddress(ip: string, secret = TEST_AUTOLOGIN_SECRET, nowMs = Date.now()): Record<string, string> {
  const seconds = Math.floor(nowMs / 1000);
  return {
    'x-forwarded-for': ip,
    [CLIENT_ADDRESS_SIG_HEADER]: `${seconds}.${createHmac('sha256', secret).update(clientAddressText(ip, seconds)).digest('hex')}`,
  };
}

/** A small order history for test servers (the demo volume takes seconds to write). */
export const TEST_SEED_VOLUME = { members: 40, bikers: 12, orders: 300, parcels: 40 };
/** Uploaded images of the API tests (content-addressed, so the test files share it safely). */
export const TEST_IMAGE_STORE = path.join(os.tmpdir(), 'platform-api-test-images');

export const DEMO = {
  admin: { username: 'admin', password: 'Admin#2026' },
  bkk: { username: 'staff.bkk', password: 'Staff#2026' },
  cnx: { username: 'staff.cnx', password: 'Staff#2026' },
  market: { username: 'staff.market', password: 'Staff#2026' },
} as const;

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

// Answers are JSON of many shapes; tests read them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface TestServer extends RunningServer {
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  logs: string[];
  bus: EventBus;
  request(method: string, path: string, options?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Answer<Loose>>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<Answer<Loose>>;
  post(path: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Answer<Loose>>;
  /** Signs in and answers the login body (throws if it fails). */
  login(user: { username: string; password: string }): Promise<Loose>;
}

/**
 * A fresh PostgreSQL database per server, so test files stay independent; dropped on close. Where the role may not
 * create databases, the given database is migrated and emptied instead (test files run one after another).
 */
async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    await admin.end();
    const handle = await openDatabase(baseUrl, { poolSize: 1 });
    await runMigrations(handle);
    await handle.db.execute(truncateAllTables());
    await handle.close();
    return { url: baseUrl, drop: async () => undefined };
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts the Platform API on an ephemeral port over real HTTP: on PostgreSQL (a fresh database) when DATABASE_URL
 * is a postgres URL, else on in-memory PGlite. Cheap scrypt, fixed secrets, a movable clock.
 */
export async function startTestServer(config: Partial<ApiConfig> = {}, options: Omit<StartOptions, 'config'> = {}): Promise<TestServer> {
  const base = process.env.DATABASE_URL;
  const pgDb = base && isPostgresUrl(base) ? await freshPostgres(base) : null;
  let offset = 0;
  const logs: string[] = [];
  const bus = new EventBus();
  const running = await startServer({
    config: {
      databaseUrl: pgDb?.url ?? 'memory://',
      port: 0,
      host: '127.0.0.1',
      jwtSecret: TEST_JWT_SECRET,
      autologinSecret: TEST_AUTOLOGIN_SECRET,
      appApiKey: TEST_APP_API_KEY,
      paymentWebhookSecret: TEST_PAYMENT_WEBHOOK_SECRET,
      settingsSecret: TEST_SETTINGS_SECRET,
      scrypt: { N: 1024, r: 8, p: 1, keyLength: 32 },
      devOutbox: true,
      logOtp: true,
      logRequests: false,
      seedVolume: TEST_SEED_VOLUME,
      // The suites move the clock by hours: the order deadlines are kept only where a test asks (order-deadlines.test.ts).
      orderDeadlineSweepMs: 0,
      imageStore: TEST_IMAGE_STORE,
      ...config,
    },
    now: () => new Date(Date.now() + offset),
    log: (line) => logs.push(line),
    bus,
    ...options,
  });

  const request: TestServer['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(running.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the raw text is kept
    }
    return { status: res.status, body: parsed as Loose, headers: res.headers };
  };

  const server: TestServer = {
    ...running,
    logs,
    bus,
    advance: (ms) => {
      offset += ms;
    },
    request,
    get: (path, token, headers) => request('GET', path, { token, headers }),
    post: (path, body, token, headers) => request('POST', path, { token, body, headers }),
    async login(user) {
      const res = await request('POST', '/api/admin/auth/login', { body: { ...user, remember: false } });
      if (res.status !== 200 || res.body.status !== true) throw new Error(`login of ${user.username} failed: ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async close(graceMs?: number) {
      await running.close(graceMs);
      await pgDb?.drop();
    },
  };
  return server;
}

/** The tenant headers the portal sends for a login answer. */
export function portalHeaders(login: Loose): Record<string, string> {
  const u = login.userData;
  const headers: Record<string, string> = {
    session: login.session,
    office: u.office,
    companies: u.companies,
    userrole: u.userRole,
    appid: u.appid,
  };
  if (u.userRole !== 'admin') Object.assign(headers, { area: u.area, apptype: u.AppType });
  return headers;
}

/** A small PNG of one colour; each `seed` makes other bytes, so another image key. */
export const testPicture = (seed: number, width = 60, height = 40): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 180 } } })
    .png()
    .toBuffer();

/**
 * Image keys that are no picture of the demo company: an upload of a newly registered company (`name`, its own
 * e-mail), and a well-formed key nobody uploaded. A row that names either must be refused.
 */
export async function foreignImageKeys(server: TestServer, name: string, seed: number): Promise<[theirs: string, unknown: string]> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const other = await server.post('/api/admin/auth/register', { displayName: name, email: `owner@${slug}.example`, password: 'Picture#2026x' });
  if (!other.body?.accessToken) throw new Error(`registering ${name}: HTTP ${other.status} ${JSON.stringify(other.body)}`);
  const theirs = await uploadImage(server, '/api/admin/Profile/Images', other.body.accessToken, await testPicture(seed));
  if (theirs.status !== 201) throw new Error(`uploading ${name}'s picture: HTTP ${theirs.status} ${JSON.stringify(theirs.body)}`);
  return [theirs.body.data.key as string, `${createHash('sha256').update(name).digest('hex')}.png`];
}

/** Uploads an image's bytes to an upload path (`/api/admin/{service}/{screen}/Images`, `/api/admin/Profile/Images`). */
export async function uploadImage(server: TestServer, path: string, token: string, bytes: Buffer): Promise<Answer<Loose>> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Loose, headers: res.headers };
}
