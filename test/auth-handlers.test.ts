import { beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/admin/auth/login/route';
import { POST as register } from '@/app/api/admin/auth/register/route';
import { POST as logout } from '@/app/api/admin/auth/logout/route';
import { GET as clearcookies } from '@/app/clearcookies/route';
import { readSession } from '@/lib/server/session';
import { SESSION_COOKIE, unsealSession } from '@/lib/server/session-codec';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest, sessionCookie } from './next-request';
import { makeSession } from './session-fixtures';
import { ADMIN_USER, STAFF_USER, fullPermissionList, loginAnswer, scriptPermissions } from './upstream-script';

const fake = withFakeUpstream();
let permissions = fullPermissionList();

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('POST', '/api/admin/auth/login', (req, res) => {
    const { username, password } = JSON.parse(req.body) as { username: string; password: string };
    if (username === 'locked') return sendJson(res, 429, { status: false, message: 'Too many attempts. Try again in 15 minutes.' });
    if (password !== 'right') return sendJson(res, 200, { status: false, message: 'Wrong Email or Password' });
    if (username === 'no-office') return sendJson(res, 200, loginAnswer({ ...ADMIN_USER, office: null }));
    sendJson(res, 200, loginAnswer(username === 'staff.bkk' ? STAFF_USER : ADMIN_USER));
  });
});

const loginWith = (body: object, init: { cookies?: Record<string, string>; sameOrigin?: boolean } = {}) =>
  login(portalRequest('/api/admin/auth/login', { body, ...init }));

describe('POST /api/admin/auth/login', () => {
  it('signs an admin in with a browser-session cookie and never answers the token', async () => {
    const response = await loginWith({ username: 'admin', password: 'right' });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: true, redirect: '/' });
    expect(text).not.toContain('jwt-token-value');
    const cookie = cookieNamed(response, SESSION_COOKIE)!;
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=lax/i);
    expect(cookie.attributes).not.toMatch(/Max-Age/i);
    const session = await unsealSession(cookie.value);
    expect(session).toMatchObject({ accessToken: 'jwt-token-value', UserRole: 'admin', companies: '1', office: '1', loggedIn: true });
    expect(session).not.toHaveProperty('Permission');
  });

  it("keeps the cookie with remember me until the session's absolute end, never longer", async () => {
    const response = await loginWith({ username: 'admin', password: 'right', remember: true });
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookieNamed(response, SESSION_COOKIE)!.attributes)?.[1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
  });

  it('sends staff to their dashboard and follows a safe `to` only', async () => {
    expect(await (await loginWith({ username: 'staff.bkk', password: 'right' })).json()).toMatchObject({ redirect: '/Service/Delivery/Dashboard' });
    for (const to of ['https://evil.example', '//evil.example', '/\\evil']) {
      expect(await (await loginWith({ username: 'admin', password: 'right', to })).json()).toMatchObject({ redirect: '/' });
    }
    expect(await (await loginWith({ username: 'admin', password: 'right', to: '/Users/Staff?page=2' })).json()).toMatchObject({
      redirect: '/Users/Staff?page=2',
    });
  });

  it("answers 'Wrong Email or Password' for a false status and leaves no session", async () => {
    const old = await sessionCookie(makeSession());
    const response = await loginWith({ username: 'admin', password: 'wrong' }, { cookies: old });
    expect(await response.json()).toMatchObject({ status: false, message: 'Wrong Email or Password' });
    expect(cookieNamed(response, SESSION_COOKIE)?.value).toBe('');
    // Every session item is cleared before a login: the previous cookie no longer works.
    expect(await readSession(old[SESSION_COOKIE])).toBeNull();
  });

  it('stores no session when the answer lacks office', async () => {
    const response = await loginWith({ username: 'no-office', password: 'right' });
    expect(await response.json()).toMatchObject({ status: false, message: 'Wrong Email or Password' });
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
  });

  it("passes the upstream's lockout message with 429", async () => {
    const response = await loginWith({ username: 'locked', password: 'x' });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ status: false, message: 'Too many attempts. Try again in 15 minutes.' });
  });

  it('answers 400 with the empty fields', async () => {
    const response = await loginWith({ username: ' ', password: '' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(['password', 'username']);
  });

  it('refuses a cross-site login', async () => {
    const response = await login(
      portalRequest('/api/admin/auth/login', {
        body: { username: 'admin', password: 'right' },
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      }),
    );
    expect(response.status).toBe(403);
    expect(fake.count('POST', '/api/admin/auth/login')).toBe(0);
  });

  it('sends the menu catalogue with setMenu only when the server list lacks entries', async () => {
    await loginWith({ username: 'admin', password: 'right' });
    expect(fake.count('POST', '/api/admin/Menu/setMenu')).toBe(0);
    permissions = fullPermissionList().map((entry) => ({ ...entry, data: entry.data.slice(1) }));
    await loginWith({ username: 'admin', password: 'right' });
    expect(fake.count('POST', '/api/admin/Menu/setMenu')).toBe(1);
    const sent = JSON.parse(fake.requests.find((r) => r.path === '/api/admin/Menu/setMenu')!.body);
    const names = sent.menuName.flatMap((e: { data: { name: string }[] }) => e.data.map((i) => i.name));
    expect(names).toContain('Company Dashboard');
    expect(names).toContain('Service Marketplace Dashboard');
  });

  it('answers 502 with a clear message when the Platform API is down', async () => {
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    const response = await loginWith({ username: 'admin', password: 'right' });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ status: false, message: 'The Platform API cannot be reached. Try again in a moment.' });
  });
});

describe('POST /api/admin/auth/register', () => {
  it('refuses mismatched passwords with the spec message', async () => {
    const response = await register(
      portalRequest('/api/admin/auth/register', { body: { displayName: 'N', email: 'n@example.com', password: 'a1', Cpassword: 'a2' } }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: false,
      code: 'passwordMismatch',
      message: "Password doesn't match. Please try again.",
      errors: { Cpassword: ["Password doesn't match. Please try again."] },
    });
  });

  it('signs the new user in', async () => {
    fake.on('POST', '/api/admin/auth/register', (req, res) => {
      expect(JSON.parse(req.body)).toEqual({ displayName: 'New', email: 'new@example.com', password: 'Secret#1' });
      sendJson(res, 200, { accessToken: 'reg-token', userData: { ...ADMIN_USER, uid: '9' } });
    });
    const response = await register(
      portalRequest('/api/admin/auth/register', { body: { displayName: 'New', email: 'new@example.com', password: 'Secret#1', Cpassword: 'Secret#1' } }),
    );
    expect(await response.json()).toEqual({ status: true, redirect: '/' });
    expect(await unsealSession(cookieNamed(response, SESSION_COOKIE)!.value)).toMatchObject({ accessToken: 'reg-token', expiresIn: 3600 });
  });
});

describe('logout and /clearcookies', () => {
  it('logout clears the cookie, revokes the session and ends it at the Platform API too (so no other instance takes it)', async () => {
    fake.on('POST', '/api/admin/auth/logout', (_req, res) => sendJson(res, 200, { status: true }));
    const cookies = await sessionCookie(makeSession({ accessToken: 'token-to-end' }));
    const response = await logout(portalRequest('/api/admin/auth/logout', { method: 'POST', cookies }));
    expect(await response.json()).toEqual({ status: true, redirect: '/auth/login' });
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
    expect(fake.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([['POST', '/api/admin/auth/logout', 'Bearer token-to-end']]);
  });

  it('logout still signs out when the Platform API is down', async () => {
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    const cookies = await sessionCookie(makeSession());
    const response = await logout(portalRequest('/api/admin/auth/logout', { method: 'POST', cookies }));
    expect(await response.json()).toEqual({ status: true, redirect: '/auth/login' });
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
  });

  it('clearcookies revokes, clears and goes to login keeping a safe `to` and the reason', async () => {
    const cookies = await sessionCookie(makeSession());
    const response = await clearcookies(portalRequest('/clearcookies?reason=not-authorized&to=%2FUsers%2FAdmin', { cookies }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth/login?reason=not-authorized&to=%2FUsers%2FAdmin');
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
    const evil = await clearcookies(portalRequest('/clearcookies?to=%2F%2Fevil.example&reason=<x>'));
    expect(evil.headers.get('location')).toBe('/auth/login');
  });

  it('a cross-site GET /clearcookies (a link, an image, a form on another site) signs nobody out', async () => {
    const cookies = await sessionCookie(makeSession());
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
      const response = await clearcookies(portalRequest('/clearcookies', { cookies, headers }));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    }
    // A browser without Sec-Fetch-Site: a foreign Referer or Origin says the same.
    const oldBrowser = await clearcookies(portalRequest('/clearcookies', { cookies, sameOrigin: false, headers: { referer: 'https://evil.example/page' } }));
    expect(cookieNamed(oldBrowser, SESSION_COOKIE)).toBeUndefined();
    expect(await readSession(cookies[SESSION_COOKIE])).not.toBeNull();
    // A typed address still signs out.
    const typed = await clearcookies(portalRequest('/clearcookies', { cookies, headers: { 'sec-fetch-site': 'none' } }));
    expect(typed.headers.get('location')).toBe('/auth/login');
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
  });

  it('clearcookies reached by a prefetch answers 204 and ends nothing', async () => {
    const cookies = await sessionCookie(makeSession());
    const response = await clearcookies(
      portalRequest('/clearcookies?reason=not-authorized&to=%2FPayment', { cookies, headers: { 'next-router-prefetch': '1' } }),
    );
    expect(response.status).toBe(204);
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    expect(await readSession(cookies[SESSION_COOKIE])).not.toBeNull();
  });
});
