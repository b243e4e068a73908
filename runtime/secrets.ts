/** Node-only helpers for the processes of this repository (portal, Platform API, scripts); imports neither side. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets shared by the portal and the Platform API. From the environment when set; in development generated once
 * into `.data/secrets.json`; in production a missing secret stops start-up with a clear message.
 */
export type SecretName = 'SESSION_SECRET' | 'AUTOLOGIN_SECRET' | 'JWT_SECRET' | 'APP_API_KEY' | 'PAYMENT_WEBHOOK_SECRET' | 'SETTINGS_SECRET';

const MIN_LENGTH = 32;

function dataDir(): string {
  return process.env.DATA_DIR ?? path.join(process.cwd(), '.data');
}

function readStore(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export function getSecret(name: SecretName): string {
  const fromEnv = process.env[name];
  if (fromEnv) {
    if (fromEnv.length < MIN_LENGTH) throw new Error(`${name} must be at least ${MIN_LENGTH} characters long.`);
    return fromEnv;
  }
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_DEV_SECRETS !== '1') {
    throw new Error(`${name} is not set. Set ${name} (at least ${MIN_LENGTH} characters) before starting in production.`);
  }
  const file = path.join(dataDir(), 'secrets.json');
  const store = readStore(file);
  if (!store[name]) {
    store[name] = randomBytes(32).toString('base64url');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(store, null, 2), { mode: 0o600 });
  }
  process.env[name] = store[name];
  return store[name]!;
}
