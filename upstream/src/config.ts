import path from 'node:path';
import { getSecret } from '../../runtime/secrets';

/** Everything the Platform API reads from the environment, resolved once and passed to `createApp`. */
export interface ApiConfig {
  /** `memory://`, `postgres://…`, or a PGlite data directory (`file://` or a path). */
  databaseUrl: string;
  port: number;
  host: string;
  jwtSecret: string;
  autologinSecret: string;
  /** The app channel's key (`x-app-key` on `/api/app/…`): the member, shop and biker apps' backends hold it. */
  appApiKey: string;
  /** Signs the payment provider's callbacks. */
  paymentWebhookSecret: string;
  /** Encrypts the payment providers' secret keys at rest. */
  settingsSecret: string;
  /** Access-token lifetime in seconds (`expiresIn` of the login answer). */
  tokenExpiresIn: number;
  /** How long after its expiry a token of a live session may still be refreshed, in seconds. */
  refreshWindowSeconds: number;
  lockout: { maxFailures: number; windowMs: number };
  otp: { ttlMs: number; maxTries: number };
  resetTokenTtlSeconds: number;
  /** scrypt cost parameters (N = 2^17, r = 8, p = 1: OWASP's minimum; 128 MiB a hash); tests lower `N`. */
  scrypt: { N: number; r: number; p: number; keyLength: number };
  heartbeatMs: number;
  /** How often the order deadlines of Config/App are kept (domain/order-deadlines.ts), in ms; 0: never (ORDER_DEADLINE_SWEEP_MS). */
  orderDeadlineSweepMs: number;
  /** Serves `GET /api/dev/outbox` to loopback clients, only when asked for by name (ENABLE_DEV_OUTBOX=1). */
  devOutbox: boolean;
  /** Logs one-time passwords to the console (development only). */
  logOtp: boolean;
  bodyLimitBytes: number;
  /** How long a verified access token is trusted without asking the database again, in ms (0 = always ask). */
  tokenCacheMs: number;
  /** Writes one line per request to stdout. */
  logRequests: boolean;
  /**
   * Chat sends (and audit rows) arriving within `ms` of a group's first are written together, at most `max` a group
   * (CHAT_GROUP_MS, CHAT_GROUP_MAX; domain/chat-send.ts, kit/group-commit.ts).
   */
  writeGroups: { ms: number; max: number };
  /** Where uploaded images live: a folder (default `{DATA_DIR}/images`) or an S3-compatible bucket (kit/image-store.ts). */
  imageStore: string;
  /** How much order history the demo seed writes on first start (SEED_MEMBERS, SEED_BIKERS, SEED_ORDERS, SEED_PARCELS). */
  seedVolume: SeedVolume;
}

export interface SeedVolume {
  members: number;
  bikers: number;
  orders: number;
  parcels: number;
}

/** The demo volume: 5,000 members, 300 bikers, 50,000 food orders and 5,000 parcel orders over 90 days. */
export const DEMO_SEED_VOLUME: SeedVolume = { members: 5000, bikers: 300, orders: 50_000, parcels: 5000 };

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer.`);
  return value;
}

export function defaultDatabaseUrl(): string {
  const dataDir = process.env.DATA_DIR ?? path.join(process.cwd(), '.data');
  return process.env.DATABASE_URL || path.join(dataDir, 'pglite');
}

/** Reads the environment; `overrides` win (tests pass their own secrets, clocks and short windows). */
export function loadConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  const production = process.env.NODE_ENV === 'production';
  return {
    databaseUrl: overrides.databaseUrl ?? defaultDatabaseUrl(),
    port: overrides.port ?? intFromEnv('PORT', 4000),
    // Loopback unless asked: the API trusts nothing on the network by default (the portal reaches it on this machine).
    host: overrides.host ?? process.env.HOST ?? '127.0.0.1',
    jwtSecret: overrides.jwtSecret ?? getSecret('JWT_SECRET'),
    autologinSecret: overrides.autologinSecret ?? getSecret('AUTOLOGIN_SECRET'),
    appApiKey: overrides.appApiKey ?? getSecret('APP_API_KEY'),
    paymentWebhookSecret: overrides.paymentWebhookSecret ?? getSecret('PAYMENT_WEBHOOK_SECRET'),
    settingsSecret: overrides.settingsSecret ?? getSecret('SETTINGS_SECRET'),
    tokenExpiresIn: overrides.tokenExpiresIn ?? intFromEnv('TOKEN_EXPIRES_IN', 3600),
    refreshWindowSeconds: overrides.refreshWindowSeconds ?? 7 * 24 * 3600,
    lockout: overrides.lockout ?? { maxFailures: 10, windowMs: 15 * 60_000 },
    otp: overrides.otp ?? { ttlMs: 10 * 60_000, maxTries: 5 },
    resetTokenTtlSeconds: overrides.resetTokenTtlSeconds ?? 600,
    scrypt: overrides.scrypt ?? { N: 131_072, r: 8, p: 1, keyLength: 32 },
    heartbeatMs: overrides.heartbeatMs ?? intFromEnv('WS_HEARTBEAT_MS', 15_000),
    orderDeadlineSweepMs: overrides.orderDeadlineSweepMs ?? intFromEnv('ORDER_DEADLINE_SWEEP_MS', 15_000),
    devOutbox: overrides.devOutbox ?? process.env.ENABLE_DEV_OUTBOX === '1',
    logOtp: overrides.logOtp ?? !production,
    bodyLimitBytes: overrides.bodyLimitBytes ?? 1024 * 1024,
    tokenCacheMs: overrides.tokenCacheMs ?? intFromEnv('TOKEN_CACHE_MS', 1000),
    logRequests: overrides.logRequests ?? process.env.LOG_REQUESTS === '1',
    writeGroups: overrides.writeGroups ?? { ms: intFromEnv('CHAT_GROUP_MS', 2), max: Math.max(1, intFromEnv('CHAT_GROUP_MAX', 100)) },
    imageStore: overrides.imageStore ?? (process.env.IMAGE_STORE || path.join(process.env.DATA_DIR ?? path.join(process.cwd(), '.data'), 'images')),
    seedVolume: overrides.seedVolume ?? {
      members: intFromEnv('SEED_MEMBERS', DEMO_SEED_VOLUME.members),
      bikers: intFromEnv('SEED_BIKERS', DEMO_SEED_VOLUME.bikers),
      orders: intFromEnv('SEED_ORDERS', DEMO_SEED_VOLUME.orders),
      parcels: intFromEnv('SEED_PARCELS', DEMO_SEED_VOLUME.parcels),
    },
  };
}
