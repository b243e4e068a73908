import { beforeAll, describe, expect, it } from 'vitest';
import { makeSession, useTestSecrets } from '@/test/session-fixtures';
import {
  COOKIE_LIMIT_BYTES,
  LIMITS,
  REMEMBER_MAX_AGE_SECONDS,
  RESET_COOKIE,
  SESSION_COOKIE,
  cookieName,
  cookieSecure,
  isSessionValid,
  sealSession,
  sealValue,
  sessionCookieAttributes,
  unsealSession,
  unsealValue,
  type PortalSession,
} from './session-codec';

beforeAll(useTestSecrets);

describe('session validity', () => {
  const now = 1_800_000_000_000;
  const base = makeSession({ loggedInTime: now - 1000, expiresIn: 60 });

  it('is valid while now < loggedInTime + expiresIn seconds', () => {
    expect(isSessionValid(base, now)).toBe(true);
    expect(isSessionValid(base, base.loggedInTime + 59_999)).toBe(true);
  });

  it('ends exactly when now reaches loggedInTime + expiresIn', () => {
    expect(isSessionValid(base, base.loggedInTime + 60_000)).toBe(false);
    expect(isSessionValid(base, base.loggedInTime + 3_600_000)).toBe(false);
  });

  it.each(['accessToken', 'UserRole', 'UserData', 'loggedInTime', 'expiresIn', 'loggedIn', 'office', 'companies'] as const)(
    'is not valid without %s',
    (item) => {
      const copy: Record<string, unknown> = { ...base };
      delete copy[item];
      expect(isSessionValid(copy, now)).toBe(false);
    },
  );

  it('is not valid with an empty office or companies, or loggedIn false', () => {
    expect(isSessionValid({ ...base, office: '' }, now)).toBe(false);
    expect(isSessionValid({ ...base, companies: '' }, now)).toBe(false);
    expect(isSessionValid({ ...base, loggedIn: false }, now)).toBe(false);
  });
});

describe('sealed cookie', () => {
  it('round-trips and refuses a tampered or foreign value', async () => {
    const session = makeSession();
    const sealed = await sealSession(session);
    expect(sealed).not.toContain(session.accessToken);
    expect(await unsealSession(sealed)).toEqual(session);
    const tampered = sealed.slice(0, 40) + (sealed[40] === 'A' ? 'B' : 'A') + sealed.slice(41);
    expect(await unsealSession(tampered)).toBeNull();
    expect(await unsealSession('not-a-seal')).toBeNull();
    expect(await unsealSession(undefined)).toBeNull();
  });

  it('refuses an expired session even when the seal itself is intact', async () => {
    const session = makeSession({ loggedInTime: Date.now() - 10_000, expiresIn: 5 });
    const sealed = await sealSession(session, session.loggedInTime);
    expect(await unsealSession(sealed)).toBeNull();
  });

  it('stays under 4 KB with every field at its limit', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const maximal: PortalSession = {
      sid: long(LIMITS.id),
      accessToken: long(LIMITS.token),
      session: long(LIMITS.session),
      UserRole: long(LIMITS.role),
      UserData: {
        uid: long(LIMITS.id),
        displayName: 'ไ'.repeat(LIMITS.text),
        email: long(LIMITS.email),
        username: long(LIMITS.text),
        userRole: long(LIMITS.role),
      },
      expiresIn: 2_592_000,
      loggedIn: true,
      loggedInTime: Date.now(),
      shop: long(LIMITS.id),
      appid: long(LIMITS.id),
      companies: long(LIMITS.id),
      office: long(LIMITS.id),
      root: true,
      author: 'ไ'.repeat(LIMITS.text),
      area: 'ไ'.repeat(LIMITS.text),
      AppType: long(LIMITS.role),
      remember: true,
    };
    const sealed = await sealSession(maximal);
    const attributes = '; Path=/; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax';
    const size = SESSION_COOKIE.length + 1 + sealed.length + attributes.length;
    expect(size).toBeLessThan(COOKIE_LIMIT_BYTES);
    expect(await unsealSession(sealed)).toEqual(maximal);
  });
});

describe('cookie attributes', () => {
  it("is persistent with remember until the session's absolute end (12 h by default), a browser-session cookie otherwise", () => {
    const now = 1_800_000_000_000;
    expect(sessionCookieAttributes({ remember: true, loggedInTime: now - 3600_000 }, true, now)).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 11 * 3600,
    });
    expect(sessionCookieAttributes({}, false)).not.toHaveProperty('maxAge');
    process.env.SESSION_ABSOLUTE_MAX_SECONDS = String(60 * 24 * 3600);
    try {
      expect(sessionCookieAttributes({ remember: true, loggedInTime: now }, true, now).maxAge).toBe(REMEMBER_MAX_AGE_SECONDS);
    } finally {
      delete process.env.SESSION_ABSOLUTE_MAX_SECONDS;
    }
  });

  it('ends a session at its absolute limit however often it was extended', () => {
    const now = 1_800_000_000_000;
    const session = { ...makeSession(), loggedInTime: now - 13 * 3600_000, expiresIn: 14 * 3600 };
    expect(isSessionValid(session, now)).toBe(false);
    expect(isSessionValid({ ...session, loggedInTime: now - 11 * 3600_000 }, now)).toBe(true);
  });

  it('is Secure from configuration alone: COOKIE_SECURE when set, else in production; Secure cookies take the __Host- prefix', () => {
    const prod = { NODE_ENV: 'production' } as NodeJS.ProcessEnv;
    expect(cookieSecure(prod)).toBe(true);
    expect(cookieSecure({ ...prod, COOKIE_SECURE: 'false' })).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'development', COOKIE_SECURE: 'true' } as NodeJS.ProcessEnv)).toBe(true);
    expect(cookieSecure({ NODE_ENV: 'development' } as NodeJS.ProcessEnv)).toBe(false);
    expect(cookieName(SESSION_COOKIE, prod)).toBe('__Host-bo_session');
    expect(cookieName(RESET_COOKIE, prod)).toBe('__Host-bo_reset');
    expect(cookieName(SESSION_COOKIE, { ...prod, COOKIE_SECURE: '0' })).toBe('bo_session');
  });
});

describe('the reset cookie key', () => {
  it('differs from the session key: a session seal never opens as reset state, nor the other way round', async () => {
    const session = makeSession();
    const sealedSession = await sealSession(session);
    const resetState = await unsealValue(sealedSession);
    expect(resetState === null || (typeof resetState === 'object' && Object.keys(resetState as object).length === 0)).toBe(true);
    const sealedReset = await sealValue({ ...session }, 600);
    expect(await unsealSession(sealedReset)).toBeNull();
    expect(await unsealValue(sealedReset)).toMatchObject({ sid: session.sid });
  });
});
