import { z } from 'zod';

/**
 * Signed auto-login tokens (ARCHITECTURE.md section 5):
 * `T = base64url(JSON{uid, exp, nonce, author?, …}) + '.' + base64url(HMAC-SHA256(secret, purpose + '.' + firstPart))`.
 * The portal checks a token first; the Platform API checks it again and records its nonce. Web Crypto only, so the
 * same code runs in Node, the edge and the browser.
 *
 * Optional claims narrow a link further and are enforced when present: `iat` (issued at; not in the future, not
 * older than the longest lifetime), `company` (the user must belong to that company; checked by the Platform API)
 * and `shop` (the shop of a shop link).
 */
export const AUTOLOGIN_PURPOSES = ['root', 'portal', 'shop'] as const;
export type AutologinPurpose = (typeof AUTOLOGIN_PURPOSES)[number];

/** How far in the future `exp` may lie. */
export const AUTOLOGIN_MAX_AHEAD_SECONDS = 300;
/** Clock skew allowed for `iat`. */
const IAT_SKEW_SECONDS = 30;

const idClaim = z.union([z.string().min(1).max(64), z.number().int()]).transform(String);

export const autologinPayloadSchema = z.object({
  uid: idClaim,
  exp: z.number().int(),
  nonce: z.string().min(8).max(128),
  author: z.string().max(200).optional(),
  shop: idClaim.optional(),
  company: idClaim.optional(),
  iat: z.number().int().optional(),
});
export type AutologinPayload = z.infer<typeof autologinPayloadSchema>;

export type AutologinFailure = 'malformed' | 'signature' | 'expired' | 'future';
export type AutologinResult = { ok: true; payload: AutologinPayload } | { ok: false; reason: AutologinFailure };

const encoder = new TextEncoder();

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

const signedText = (purpose: AutologinPurpose, firstPart: string) => encoder.encode(`${purpose}.${firstPart}`);

export interface AutologinClaims {
  uid: string;
  exp?: number;
  nonce?: string;
  author?: string;
  shop?: string;
  company?: string;
}

export async function signAutologinToken(
  secret: string,
  purpose: AutologinPurpose,
  claims: AutologinClaims,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const body = {
    uid: claims.uid,
    exp: claims.exp ?? nowSeconds + 120,
    nonce: claims.nonce ?? toBase64url(crypto.getRandomValues(new Uint8Array(16))),
    iat: nowSeconds,
    ...(claims.author ? { author: claims.author } : {}),
    ...(claims.shop ? { shop: claims.shop } : {}),
    ...(claims.company ? { company: claims.company } : {}),
  };
  const first = toBase64url(encoder.encode(JSON.stringify(body)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await keyFor(secret), signedText(purpose, first)));
  return `${first}.${toBase64url(signature)}`;
}

/**
 * Checks the signature (constant time, through Web Crypto's verify), the purpose (through the signature) and the time
 * window. The nonce is returned for the caller to record: replay protection needs shared state and lives there.
 */
export async function verifyAutologinToken(
  secret: string,
  purpose: AutologinPurpose,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AutologinResult> {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [first, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(first) || !/^[A-Za-z0-9_-]+$/.test(signature)) return { ok: false, reason: 'malformed' };
  let given: Uint8Array<ArrayBuffer>;
  try {
    given = fromBase64url(signature);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!(await crypto.subtle.verify('HMAC', await keyFor(secret), given, signedText(purpose, first)))) return { ok: false, reason: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(fromBase64url(first)));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = autologinPayloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { exp, iat } = parsed.data;
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (exp > nowSeconds + AUTOLOGIN_MAX_AHEAD_SECONDS) return { ok: false, reason: 'future' };
  if (iat !== undefined) {
    if (iat > nowSeconds + IAT_SKEW_SECONDS) return { ok: false, reason: 'future' };
    if (iat < nowSeconds - AUTOLOGIN_MAX_AHEAD_SECONDS - IAT_SKEW_SECONDS || iat > exp) return { ok: false, reason: 'expired' };
  }
  return { ok: true, payload: parsed.data };
}
