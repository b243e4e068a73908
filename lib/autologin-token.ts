import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Signed auto-login tokens (ARCHITECTURE.md section 5):
 * `T = base64url(JSON{uid, exp, nonce, author?}) + '.' + base64url(HMAC-SHA256(secret, purpose + '.' + firstPart))`.
 * Shared by the portal (first check) and the Platform API (second check and nonce record).
 */
export const AUTOLOGIN_PURPOSES = ['root', 'portal', 'shop'] as const;
export type AutologinPurpose = (typeof AUTOLOGIN_PURPOSES)[number];

/** How far in the future `exp` may lie. */
export const AUTOLOGIN_MAX_AHEAD_SECONDS = 300;

export const autologinPayloadSchema = z.object({
  uid: z.union([z.string().min(1), z.number().int()]).transform(String),
  exp: z.number().int(),
  nonce: z.string().min(8).max(128),
  author: z.string().max(200).optional(),
  shop: z.union([z.string(), z.number()]).transform(String).optional(),
});
export type AutologinPayload = z.infer<typeof autologinPayloadSchema>;

export type AutologinFailure = 'malformed' | 'signature' | 'expired' | 'future';
export type AutologinResult = { ok: true; payload: AutologinPayload } | { ok: false; reason: AutologinFailure };

function sign(secret: string, purpose: AutologinPurpose, firstPart: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}.${firstPart}`).digest();
}

export function signAutologinToken(
  secret: string,
  purpose: AutologinPurpose,
  payload: { uid: string; exp?: number; nonce?: string; author?: string; shop?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const body = {
    uid: payload.uid,
    exp: payload.exp ?? nowSeconds + 120,
    nonce: payload.nonce ?? randomBytes(16).toString('base64url'),
    ...(payload.author ? { author: payload.author } : {}),
    ...(payload.shop ? { shop: payload.shop } : {}),
  };
  const first = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${first}.${sign(secret, purpose, first).toString('base64url')}`;
}

/**
 * Checks signature (constant time), purpose (through the signature), and the time window. The nonce is returned
 * for the caller to record: replay protection needs shared state and lives with the caller.
 */
export function verifyAutologinToken(
  secret: string,
  purpose: AutologinPurpose,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AutologinResult {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [first, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(first) || !/^[A-Za-z0-9_-]+$/.test(signature)) return { ok: false, reason: 'malformed' };
  const expected = sign(secret, purpose, first);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(first, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = autologinPayloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (parsed.data.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (parsed.data.exp > nowSeconds + AUTOLOGIN_MAX_AHEAD_SECONDS) return { ok: false, reason: 'future' };
  return { ok: true, payload: parsed.data };
}
