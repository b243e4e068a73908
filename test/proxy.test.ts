import { beforeEach, describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { readSession, revokeSession } from '@/lib/server/session';
import { SESSION_COOKIE, unsealSession } from '@/lib/server/session-codec';
import { becomeAnotherInstance } from './another-instance';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest, sessionCookie } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';
import type { PermissionList } from '@/lib/permissions';

const fake = withFakeUpstream();
let permissions: PermissionList = fullPermissionList();

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
});

const visit = async (path: string, cookies?: Record<string, string>) => proxy(portalRequest(path, { cookies }));
const location = (response: Response) => {
  const value = response.headers.get('location');
  return value ? new URL(value).pathname + new URL(value).search : null;
};
const passes = (response: Response) => response.headers.get('x-middleware-next') === '1';

describe('proxy.ts', () => {
  it('sends unknown paths to the 404 page and lets public pages through', async () => {
    expect(location(await visit('/no/such/page'))).toBe('/pages/error-404');
    expect(location(await visit('/Users/Staff/View/%E0%A4%A'))).toBe('/pages/error-404');
    expect(passes(await visit('/auth/login'))).toBe(true);
    expect(passes(await visit('/pages/error-404'))).toBe(true);
  });

  it("renders pages with a fresh script nonce, the same in the browser's policy and the one Next renders with", async () => {
    const first = await visit('/auth/login');
    const policy = first.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect((await visit('/auth/login')).headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('sends Strict-Transport-Security on every answer when the cookies are Secure (HTTPS), and none otherwise', async () => {
    expect((await visit('/auth/login')).headers.get('strict-transport-security')).toBeNull();
    const before = process.env.COOKIE_SECURE;
    process.env.COOKIE_SECURE = 'true';
    try {
      expect((await visit('/auth/login')).headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await visit('/Users/Staff')).headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect((await visit('/no/such/page')).headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      if (before === undefined) delete process.env.COOKIE_SECURE;
      else process.env.COOKIE_SECURE = before;
    }
  });

  it('sends a visitor without a session to login with `to`', async () => {
    expect(location(await visit('/Users/Staff?page=2'))).toBe('/auth/login?to=%2FUsers%2FStaff%3Fpage%3D2');
    // The router's `_rsc` is left out of `to`.
    expect(location(await visit('/Users/Staff?_rsc=abc&page=2'))).toBe('/auth/login?to=%2FUsers%2FStaff%3Fpage%3D2');
    expect(location(await visit('/Users/Staff?page=2&_rsc=abc'))).toBe('/auth/login?to=%2FUsers%2FStaff%3Fpage%3D2');
    expect(location(await visit('/Users/Staff?_rsc=abc'))).toBe('/auth/login?to=%2FUsers%2FStaff');
  });

  it('clears an expired or revoked session and sends it to login', async () => {
    const expired = await sessionCookie(makeSession({ loggedInTime: Date.now() - 7_200_000, expiresIn: 3600 }));
    const response = await visit('/', expired);
    expect(location(response)).toBe('/auth/login?to=%2F');
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    const session = makeSession();
    const cookies = await sessionCookie(session);
    await revokeSession(session);
    expect(location(await visit('/', cookies))).toBe('/auth/login?to=%2F');
  });

  it('lets an admin through after refreshing the permission list', async () => {
    const response = await visit('/Users/Admin', await sessionCookie(makeSession()));
    expect(passes(response)).toBe(true);
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(1);
  });

  it('sends staff to /not-authorized on an admin page', async () => {
    const response = await visit('/Users/Admin', await sessionCookie(staffSession()));
    expect(location(response)).toBe('/not-authorized');
    expect(fake.requests).toHaveLength(0);
  });

  it('logs out a user whose read flag is off', async () => {
    permissions = fullPermissionList({ read: false, write: false, create: false, delete: false });
    const session = staffSession();
    const cookies = await sessionCookie(session);
    const response = await visit('/Service/Delivery/Shop', cookies);
    expect(location(response)).toBe('/auth/login?reason=not-authorized');
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
  });

  it('answers a prefetch of a page the user may not read with 204 and keeps the session; opening the page still signs out', async () => {
    // An admin whose list lacks the company dashboard's three shortcut pages, as any upstream may send.
    const narrowed = new Set(['Company MyService', 'Company Payment', 'Company Log']);
    permissions = fullPermissionList().map((item) => ({ ...item, data: item.data.filter((e) => !narrowed.has(e.name)) }));
    const cookies = await sessionCookie(makeSession());
    const prefetches: Record<string, string>[] = [{ 'next-router-prefetch': '1', rsc: '1' }, { purpose: 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }];
    for (const headers of prefetches) {
      for (const path of ['/MyService', '/Payment', '/Log']) {
        const response = await proxy(portalRequest(path, { cookies, headers }));
        expect(response.status).toBe(204);
        expect(response.headers.get('location')).toBeNull();
        expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
      }
    }
    expect(await readSession(cookies[SESSION_COOKIE])).not.toBeNull();
    expect(passes(await visit('/', cookies))).toBe(true);
    // A real navigation follows the spec: signed out, sent to sign in.
    const opened = await visit('/Payment', cookies);
    expect(location(opened)).toBe('/auth/login?reason=not-authorized');
    expect(await readSession(cookies[SESSION_COOKIE])).toBeNull();
  });

  it('a forced sign-out ends the session at the Platform API, so a copied cookie opens nothing on another instance without Redis', async () => {
    // The Platform API as it is: a token whose session ended answers 401 and cannot be refreshed.
    const ended = new Set<string>();
    fake.on('POST', '/api/admin/auth/logout', (req, res) => {
      ended.add(req.headers.authorization ?? '');
      sendJson(res, 200, { status: true });
    });
    fake.on('GET', '/api/admin/Permission/getPermission', (req, res) =>
      ended.has(req.headers.authorization ?? '') ? sendJson(res, 401, { status: false }) : sendJson(res, 200, { status: true, data: permissions }),
    );
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => sendJson(res, 401, { status: false }));
    const cookies = await sessionCookie(staffSession({ accessToken: 'copied-token' }));
    expect(passes(await visit('/Service/Delivery/Dashboard', cookies))).toBe(true);
    permissions = fullPermissionList({ read: false, write: false, create: false, delete: false });
    expect(location(await visit('/Service/Delivery/Shop', cookies))).toBe('/auth/login?reason=not-authorized');
    expect([...ended]).toEqual(['Bearer copied-token']);
    // Another instance, which never saw the revocation (no shared Redis), gets the copied cookie.
    becomeAnotherInstance();
    permissions = fullPermissionList();
    const copied = await visit('/Service/Delivery/Dashboard', cookies);
    expect(location(copied)).toBe('/auth/login?to=%2FService%2FDelivery%2FDashboard');
    expect(cookieNamed(copied, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
  });

  it('skips the flag check for personal pages', async () => {
    permissions = [];
    expect(passes(await visit('/Service/Delivery/Profile', await sessionCookie(staffSession())))).toBe(true);
  });

  it('clears the session when the permission refresh fails', async () => {
    fake.on('GET', '/api/admin/Permission/getPermission', (_req, res) => sendJson(res, 401, { status: false }));
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => sendJson(res, 401, { status: false }));
    const response = await visit('/Users/Admin', await sessionCookie(makeSession()));
    expect(location(response)).toBe('/auth/login?to=%2FUsers%2FAdmin');
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
  });

  it('keeps the session and lets the page show the error when the Platform API is down', async () => {
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    const response = await visit('/Users/Admin', await sessionCookie(makeSession()));
    expect(passes(response)).toBe(true);
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
  });

  it('keeps the session when the Platform API fails on its side (its database restarting)', async () => {
    fake.on('GET', '/api/admin/Permission/getPermission', (_req, res) => sendJson(res, 500, { status: false, message: 'INTERNAL_ERROR' }));
    const response = await visit('/Users/Admin', await sessionCookie(makeSession()));
    expect(passes(response)).toBe(true);
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
  });

  it('stores a refreshed token in the cookie', async () => {
    let accepted = 'none';
    fake.on('GET', '/api/admin/Permission/getPermission', (req, res) =>
      req.headers.authorization === `Bearer ${accepted}` ? sendJson(res, 200, { status: true, data: permissions }) : sendJson(res, 401, { status: false }),
    );
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => {
      accepted = 'renewed';
      sendJson(res, 200, { status: true, accessToken: 'renewed', expiresIn: 3600 });
    });
    const response = await visit('/Users/Admin', await sessionCookie(makeSession({ accessToken: 'stale' })));
    expect(passes(response)).toBe(true);
    expect(await unsealSession(cookieNamed(response, SESSION_COOKIE)!.value)).toMatchObject({ accessToken: 'renewed' });
  });

  it('sends a session revoked in the Platform API (Device Sessions) to login on its next navigation, whatever instance serves it', async () => {
    let revoked = false;
    fake.on('GET', '/api/admin/Permission/getPermission', (_req, res) =>
      revoked ? sendJson(res, 401, { status: false }) : sendJson(res, 200, { status: true, data: permissions }),
    );
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => sendJson(res, 401, { status: false, message: 'Unauthorized' }));
    const cookies = await sessionCookie(staffSession());
    expect(passes(await visit('/Service/Delivery/Shop', cookies))).toBe(true);
    // Nothing is told to this portal: the Platform API alone knows the session ended.
    revoked = true;
    expect(location(await visit('/Service/Delivery/Shop', cookies))).toMatch(/^\/auth\/login\?/);
  });

  it('sends a kit route typed in to the 404 page: only the registry paths next.config rewrites reach it', async () => {
    const cookies = await sessionCookie(staffSession());
    expect(passes(await visit('/Service/Delivery/Shop/Add', cookies))).toBe(true);
    expect(location(await visit('/Service/Delivery/kit-form/Shop/Add', cookies))).toBe('/pages/error-404');
    expect(location(await visit('/Service/Delivery/kit-sort/ShopType/Sort', cookies))).toBe('/pages/error-404');
  });

  it('sends a signed-in user away from the auth pages to their home', async () => {
    expect(location(await visit('/auth/login', await sessionCookie(makeSession())))).toBe('/');
    expect(location(await visit('/auth/register', await sessionCookie(staffSession())))).toBe('/Service/Delivery/Dashboard');
  });

  it('fetches the permission list afresh on every navigation, so a flag changed a moment ago counts; prefetches reuse it', async () => {
    const cookies = await sessionCookie(staffSession());
    expect(passes(await visit('/Service/Delivery/Shop', cookies))).toBe(true);
    permissions = fullPermissionList({ read: false, write: false, create: false, delete: false });
    // Within the cache window: a prefetch still passes on the list just fetched, a navigation sees the change.
    const prefetch = await proxy(portalRequest('/Service/Delivery/Shop', { cookies, headers: { 'next-router-prefetch': '1' } }));
    expect(passes(prefetch)).toBe(true);
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(1);
    expect(location(await visit('/Service/Delivery/Shop', cookies))).toBe('/auth/login?reason=not-authorized');
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(2);
  });
});
