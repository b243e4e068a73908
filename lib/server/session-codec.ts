import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { getSecret } from '@/runtime/secrets';
import { processSingleton } from './process-state';
import { cookieSecure } from '@/lib/transport-security';

/**
 * The session cookie (ARCHITECTURE.md section 5): the spec's session items except the permission list, sealed with
 * iron-session. Works on any cookie value, so proxy.ts, route handlers and server components share it.
 */
export const SESSION_COOKIE = 'bo_session';
export const RESET_COOKIE = 'bo_reset';
/** `remember` keeps the cookie for 30 days; otherwise it is a browser-session cookie. */
export const REMEMBER_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** The browser's limit for one cookie (name, value and attributes). */
export const COOKIE_LIMIT_BYTES = 4096;

export const LIMITS = { token: 1024, session: 128, id: 64, text: 64, email: 128, role: 32 } as const;

export const userDataSchema = z.object({
  uid: z.string().min(1).max(LIMITS.id),
  displayName: z.string().max(LIMITS.text).optional(),
  email: z.string().max(LIMITS.email).optional(),
  username: z.string().max(LIMITS.text).optional(),
  userRole: z.string().min(1).max(LIMITS.role),
});

export const portalSessionSchema = z.object({
  /** The portal's own id of this sign-in: the revocation key. */
  sid: z.string().min(16).max(LIMITS.id),
  accessToken: z.string().min(1).max(LIMITS.token),
  session: z.string().max(LIMITS.session),
  UserRole: z.string().min(1).max(LIMITS.role),
  UserData: userDataSchema,
  expiresIn: z.number().int().positive(),
  loggedIn: z.literal(true),
  loggedInTime: z.number().int().positive(),
  shop: z.string().max(LIMITS.id).optional(),
  appid: z.string().max(LIMITS.id),
  companies: z.string().min(1).max(LIMITS.id),
  office: z.string().min(1).max(LIMITS.id),
  root: z.boolean(),
  author: z.string().max(LIMITS.text).optional(),
  area: z.string().max(LIMITS.text),
  AppType: z.string().max(LIMITS.role),
  remember: z.boolean().optional(),
});

export type PortalSession = z.infer<typeof portalSessionSchema>;

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * However active a session, it ends this long after its sign-in (`SESSION_ABSOLUTE_MAX_SECONDS`, 12 hours by default):
 * token refreshes extend it up to here, never past.
 */
export function absoluteMaxSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SESSION_ABSOLUTE_MAX_SECONDS);
  return Number.isInteger(value) && value > 0 ? value : 12 * 60 * 60;
}

/** Milliseconds epoch at which the session ends: loggedInTime + expiresIn seconds, and never past the absolute limit. */
export function sessionExpiresAt(session: Pick<PortalSession, 'loggedInTime' | 'expiresIn'>): number {
  return session.loggedInTime + Math.min(session.expiresIn, absoluteMaxSeconds()) * 1000;
}

/**
 * Signed in only when every item the spec lists is present (token, role, user data, sign-in time, expiry,
 * logged-in flag, office, companies) and now < loggedInTime + expiresIn.
 */
export function isSessionValid(value: unknown, now = Date.now()): value is PortalSession {
  const parsed = portalSessionSchema.safeParse(value);
  if (!parsed.success) return false;
  return now < sessionExpiresAt(parsed.data);
}

function password(): string {
  return getSecret('SESSION_SECRET');
}

export async function sealSession(session: PortalSession, now = Date.now()): Promise<string> {
  const remainingSeconds = Math.ceil((sessionExpiresAt(session) - now) / 1000);
  return sealData(session, { password: password(), ttl: Math.max(60, remainingSeconds + 60) });
}

/** Recently opened cookies: a browser sends the same sealed value with every request. */
const UNSEALED_CACHE_SIZE = 1000;
const unsealed = () => processSingleton('unsealed-sessions', () => new Map<string, PortalSession>());

/** The valid session a cookie value holds, or null (tampered, expired, incomplete). Revocation is checked elsewhere. */
export async function unsealSession(value: string | undefined | null, now = Date.now()): Promise<PortalSession | null> {
  if (!value || value.length > COOKIE_LIMIT_BYTES) return null;
  const cache = unsealed();
  let session = cache.get(value);
  if (!session) {
    let data: unknown;
    try {
      data = await unsealData<unknown>(value, { password: password() });
    } catch {
      return null;
    }
    const parsed = portalSessionSchema.safeParse(data);
    if (!parsed.success) return null;
    session = parsed.data;
    if (cache.size >= UNSEALED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(value, session);
  }
  if (now >= sessionExpiresAt(session)) {
    cache.delete(value);
    return null;
  }
  return { ...session, UserData: { ...session.UserData } };
}

/** The reset cookie's own key, derived from SESSION_SECRET: a value sealed for one cookie never opens as the other. */
export function resetKey(): string {
  return createHmac('sha256', password()).update('bo_reset sealing key').digest('base64url');
}

/** Seals the forgot-password flow's state (the reset cookie), with the reset key. */
export async function sealValue(data: object, ttlSeconds: number): Promise<string> {
  return sealData(data, { password: resetKey(), ttl: ttlSeconds });
}

export async function unsealValue(value: string | undefined | null): Promise<unknown> {
  if (!value || value.length > COOKIE_LIMIT_BYTES) return null;
  try {
    return await unsealData<unknown>(value, { password: resetKey() });
  } catch {
    return null;
  }
}

export { cookieSecure } from '@/lib/transport-security';

/**
 * A cookie's name as set and read: Secure cookies take the `__Host-` prefix, so the browser keeps them only from this
 * origin over a secure connection, for path `/` and no Domain (a sibling subdomain or a plain-http page cannot plant or
 * overwrite them).
 */
export function cookieName(base: typeof SESSION_COOKIE | typeof RESET_COOKIE, env: NodeJS.ProcessEnv = process.env): string {
  return cookieSecure(env) ? `__Host-${base}` : base;
}

export interface CookieAttributes {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
  maxAge?: number;
}

/** A remembered session's cookie lives until the session's absolute end (at most 30 days), never longer. */
export function sessionCookieAttributes(
  session: Pick<PortalSession, 'remember'> & Partial<Pick<PortalSession, 'loggedInTime'>>,
  secure: boolean,
  now = Date.now(),
): CookieAttributes {
  const absoluteEnd = (session.loggedInTime ?? now) + absoluteMaxSeconds() * 1000;
  const maxAge = Math.max(0, Math.min(REMEMBER_MAX_AGE_SECONDS, Math.floor((absoluteEnd - now) / 1000)));
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    ...(session.remember ? { maxAge } : {}),
  };
}
