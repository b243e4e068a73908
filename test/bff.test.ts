import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { revokeSession } from '@/lib/server/session';
import { SESSION_COOKIE, unsealSession } from '@/lib/server/session-codec';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

const fake = withFakeUpstream();
let permissions = fullPermissionList();

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', '/api/admin/Delivery/Shop', (_req, res) => sendJson(res, 200, { status: true, data: [{ id: 1 }], total: 1 }));
  fake.on('POST', '/api/admin/Delivery/Shop', (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('DELETE', '/api/admin/Delivery/Shop/4', (_req, res) => sendJson(res, 200, { status: true }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));

describe('BFF forwarding', () => {
  it('forwards an allowed call with the session headers and the query, and answers the upstream body and status', async () => {
    const session = staffSession({ accessToken: 'staff-token' });
    const response = await bff('/api/admin/Delivery/Shop?page=2&q=x', {
      cookies: { ...(await sessionCookie(session)), other: 'browser-cookie' },
      headers: { companies: '999', area: 'Elsewhere', authorization: 'Bearer forged', 'idempotency-key': 'k-1' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true, data: [{ id: 1 }], total: 1 });
    const forwarded = fake.requests.find((r) => r.path.startsWith('/api/admin/Delivery/Shop'))!;
    expect(forwarded.path).toBe('/api/admin/Delivery/Shop?page=2&q=x');
    expect(forwarded.headers).toMatchObject({ authorization: 'Bearer staff-token', companies: 'company-1', area: 'Bangkok', 'idempotency-key': 'k-1' });
    expect(forwarded.headers.cookie).toBeUndefined();
  });

  it('checks the flag of the method: 403 when it is off', async () => {
    permissions = fullPermissionList({ read: true, write: true, create: true, delete: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff('/api/admin/Delivery/Shop', { cookies })).status).toBe(200);
    const denied = await bff('/api/admin/Delivery/Shop/4', { method: 'DELETE', cookies });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ status: false, message: 'You are not authorized' });
    expect(fake.count('DELETE', '/api/admin/Delivery/Shop/4')).toBe(0);
  });

  it('reuses a just-fetched permission list for a burst of calls (PERMISSION_CACHE_MS)', async () => {
    const cookies = await sessionCookie(staffSession());
    for (let i = 0; i < 3; i++) expect((await bff('/api/admin/Delivery/Shop', { cookies })).status).toBe(200);
    expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(1);
    process.env.PERMISSION_CACHE_MS = '0';
    try {
      for (let i = 0; i < 2; i++) await bff('/api/admin/Delivery/Shop', { cookies });
      expect(fake.count('GET', '/api/admin/Permission/getPermission')).toBe(3);
    } finally {
      delete process.env.PERMISSION_CACHE_MS;
    }
  });

  it('forwards the new company calls only with their flag: users and the matrix, device sessions, the log, applications, my services, payment', async () => {
    const calls = [
      [
        'PUT',
        '/api/admin/Users/Staff/3/permission',
        [{ services: 'Delivery', data: [{ name: 'Service Delivery Orders', read: true, write: false, create: false, delete: false }] }],
      ],
      ['GET', '/api/admin/Users/Staff/3/permission/history', undefined],
      ['GET', '/api/admin/Users/Staff/available?field=username&value=someone', undefined],
      ['GET', '/api/admin/Users/Staff/areas', undefined],
      ['POST', '/api/admin/Users/Admin/1/reset-password', {}],
      ['GET', '/api/admin/DeviceSession', undefined],
      ['DELETE', '/api/admin/DeviceSession/0b6f1c1e-2f4e-4b5b-9a53-3f1f0b0f6c11', undefined],
      ['POST', '/api/admin/DeviceSession/user/3/revoke', {}],
      ['GET', '/api/admin/Log', undefined],
      ['GET', '/api/admin/Log/5', undefined],
      ['GET', '/api/admin/ApplicationManager', undefined],
      ['POST', '/api/admin/ApplicationManager', { name: 'Delivery North', appType: 'Delivery', defaultLanguage: 'en', supportPhone: '', supportEmail: '' }],
      ['PUT', '/api/admin/ApplicationManager/1', { name: 'Delivery', defaultLanguage: 'th', supportPhone: '', supportEmail: '', version: 1 }],
      ['GET', '/api/admin/MyService', undefined],
      ['GET', '/api/admin/Payment', undefined],
      ['GET', '/api/admin/Payment/1', undefined],
    ] as const;
    for (const [method, path] of calls) fake.on(method, path.split('?')[0]!, (_req, res) => sendJson(res, 200, { status: true, data: [] }));
    // Staff hold no company flag: every call is refused before it leaves the portal.
    permissions = fullPermissionList().map((g) =>
      g.services === 'Admin' ? { ...g, data: g.data.map((i) => ({ ...i, read: false, write: false, create: false, delete: false })) } : g,
    );
    const staff = await sessionCookie(staffSession());
    for (const [method, path, body] of calls) expect((await bff(path, { method, body, cookies: staff })).status, `${method} ${path}`).toBe(403);
    expect(fake.requests.filter((r) => !r.path.includes('getPermission'))).toHaveLength(0);
    // With the flags, each is forwarded; a malformed matrix body is refused with field errors first.
    permissions = fullPermissionList();
    const admin = await sessionCookie(makeSession());
    for (const [method, path, body] of calls) expect((await bff(path, { method, body, cookies: admin })).status, `${method} ${path}`).toBe(200);
    const bad = await bff('/api/admin/Users/Staff/3/permission', { method: 'PUT', body: [{ services: 'Delivery', data: [{ name: 'x' }] }], cookies: admin });
    expect(bad.status).toBe(400);
  });

  it("forwards each report, its export and the reconciliation only with that report's read flag", async () => {
    const calls = [
      ['/api/admin/Delivery/Report?period=month', 'Service Delivery Report'],
      ['/api/admin/Delivery/Report/reconcile?period=month', 'Service Delivery Report'],
      ['/api/admin/Delivery/Report/Admin', 'Service Delivery Report Admin'],
      ['/api/admin/Delivery/Report/Shop/export?format=xlsx', 'Service Delivery Report Shop'],
      ['/api/admin/Delivery/Report/Biker', 'Service Delivery Report Biker'],
      ['/api/admin/Delivery/Report/TopShop', 'Service Delivery Report TopShop'],
      ['/api/admin/Marketplace/Report/All', 'Service Marketplace Report All'],
    ] as const;
    for (const [path] of calls) fake.on('GET', path.split('?')[0]!, (_req, res) => sendJson(res, 200, { status: true, data: {} }));
    // A new sign-in for each list of flags (the portal caches a session's permissions for a moment).
    for (const [path, name] of calls) {
      permissions = fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, read: false } : i)) }));
      expect((await bff(path, { cookies: await sessionCookie(makeSession()) })).status, path).toBe(403);
    }
    expect(fake.requests.filter((r) => r.path.includes('/Report'))).toHaveLength(0);
    permissions = fullPermissionList();
    const cookies = await sessionCookie(makeSession());
    for (const [path] of calls) expect((await bff(path, { cookies })).status, path).toBe(200);
  });

  it("forwards the people calls (members, bikers, ratings) only with their list's flag (read to look, write to change)", async () => {
    const calls = [
      ['GET', '/api/admin/Delivery/Members', 'Service Delivery Members', 'read'],
      ['GET', '/api/admin/Delivery/Members/7', 'Service Delivery Members', 'read'],
      ['GET', '/api/admin/Delivery/Members/export', 'Service Delivery Members', 'read'],
      ['PATCH', '/api/admin/Delivery/Members/7/status', 'Service Delivery Members', 'write'],
      ['GET', '/api/admin/Delivery/Member/Biker/4', 'Service Delivery Member Biker', 'read'],
      ['PATCH', '/api/admin/Delivery/Member/Biker/4/status', 'Service Delivery Member Biker', 'write'],
      ['PUT', '/api/admin/Delivery/Member/Biker/4/package', 'Service Delivery Member Biker', 'write'],
      ['GET', '/api/admin/Delivery/Review/3', 'Service Delivery Review', 'read'],
      ['PATCH', '/api/admin/Delivery/Review/3/hide', 'Service Delivery Review', 'write'],
      ['PATCH', '/api/admin/Delivery/Review/Biker/3/unhide', 'Service Delivery Review Biker', 'write'],
      ['GET', '/api/admin/Marketplace/ShopRating', 'Service Marketplace ShopRating', 'read'],
    ] as const;
    for (const [method, path] of calls) fake.on(method, path, (_req, res) => sendJson(res, 200, { status: true, data: {} }));
    for (const [method, path, name, flag] of calls) {
      permissions = fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, [flag]: false } : i)) }));
      const body = method === 'GET' ? undefined : { status: 'suspended', reason: 'x', packageId: '1', version: 1 };
      expect((await bff(path, { method, body, cookies: await sessionCookie(makeSession()) })).status, `${method} ${path}`).toBe(403);
    }
    expect(fake.requests.filter((r) => /\/(Member|Review|ShopRating)/.test(r.path))).toHaveLength(0);
    permissions = fullPermissionList();
    const cookies = await sessionCookie(makeSession());
    for (const [method, path] of calls) {
      const body = method === 'GET' ? undefined : { status: 'suspended', reason: 'x', packageId: '1', version: 1 };
      expect((await bff(path, { method, body, cookies })).status, `${method} ${path}`).toBe(200);
    }
  });

  it('answers 401 without a valid session, and for a revoked (logged out) one', async () => {
    expect((await bff('/api/admin/Delivery/Shop')).status).toBe(401);
    const session = makeSession();
    const cookies = await sessionCookie(session);
    await revokeSession(session);
    const replayed = await bff('/api/admin/Delivery/Shop', { cookies });
    expect(replayed.status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses paths outside the allow-list and the auth calls', async () => {
    const cookies = await sessionCookie(makeSession());
    expect((await bff('/api/admin/Menu/setMenu', { method: 'POST', body: {}, cookies })).status).toBe(403);
    expect((await bff('/api/admin/auth/refresh-token', { method: 'POST', body: {}, cookies })).status).toBe(404);
    expect(fake.requests.filter((r) => !r.path.includes('getPermission'))).toHaveLength(0);
  });

  it("lets the user's own getPermission and AdminUser view through", async () => {
    fake.on('GET', '/api/admin/AdminUser/view/2', (_req, res) => sendJson(res, 200, { status: true, data: { root: false } }));
    const cookies = await sessionCookie(staffSession());
    expect((await bff('/api/admin/Permission/getPermission', { cookies })).status).toBe(200);
    expect(await (await bff('/api/admin/AdminUser/view/2', { cookies })).json()).toEqual({ status: true, data: { root: false } });
    expect((await bff('/api/admin/AdminUser/view/1', { cookies })).status).toBe(403);
  });

  it('refuses cross-site state changes, non-JSON bodies and bodies over 1 MB', async () => {
    const cookies = await sessionCookie(makeSession());
    const crossSite = await bff('/api/admin/Delivery/Shop', {
      method: 'POST',
      body: { name: 'x' },
      cookies,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const form = await bff('/api/admin/Delivery/Shop', {
      method: 'POST',
      body: 'name=x',
      cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const big = await bff('/api/admin/Delivery/Shop', { method: 'POST', body: { name: 'x'.repeat(1024 * 1024) }, cookies });
    expect(big.status).toBe(413);
    expect(fake.count('POST', '/api/admin/Delivery/Shop')).toBe(0);
    fake.on('POST', '/api/admin/Delivery/Food', (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
    const food = { shopId: '3', name: 'Noodles', price: 5000 };
    const created = await bff('/api/admin/Delivery/Food', { method: 'POST', body: food, cookies });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ status: true, data: food });
  });

  it('checks a resource write with the schema its form uses before forwarding it', async () => {
    const cookies = await sessionCookie(makeSession());
    const invalid = await bff('/api/admin/Delivery/Shop', { method: 'POST', body: { name: 'Noodles', email: 'not-an-email' }, cookies });
    expect(invalid.status).toBe(400);
    const answer = (await invalid.json()) as { status: boolean; errors: Record<string, string[]> };
    expect(answer.status).toBe(false);
    expect(answer.errors.email).toEqual(['invalidEmail']);
    expect(answer.errors.owner).toBeDefined();
    expect(fake.count('POST', '/api/admin/Delivery/Shop')).toBe(0);
  });

  it('streams CSV exports through and removes any token from JSON answers', async () => {
    fake.on('GET', '/api/admin/Delivery/Report/export', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="r.csv"' });
      res.write('a,b\n');
      res.end('1,2\n');
    });
    fake.on('GET', '/api/admin/Users/Admin/3', (_req, res) =>
      sendJson(res, 200, { status: true, data: { id: 3, accessToken: 'leak', nested: [{ refreshToken: 'x' }] } }),
    );
    const cookies = await sessionCookie(makeSession());
    const csv = await bff('/api/admin/Delivery/Report/export', { cookies });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="r.csv"');
    expect(await csv.text()).toBe('a,b\n1,2\n');
    const scrubbed = await (await bff('/api/admin/Users/Admin/3', { cookies })).text();
    expect(JSON.parse(scrubbed)).toEqual({ status: true, data: { id: 3, nested: [{}] } });
  });

  it("passes the request id to the Platform API and answers it: the caller's when valid, else a new one", async () => {
    fake.on('GET', '/api/admin/Delivery/Shop', (_req, res) => sendJson(res, 200, { status: true, data: [] }));
    const cookies = await sessionCookie(makeSession());
    const given = await bff('/api/admin/Delivery/Shop', { cookies, headers: { 'x-request-id': 'lb-4711' } });
    expect(given.headers.get('x-request-id')).toBe('lb-4711');
    const made = await bff('/api/admin/Delivery/Shop', { cookies, headers: { 'x-request-id': 'bad id!' } });
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = fake.requests.filter((r) => r.path === '/api/admin/Delivery/Shop').map((r) => r.headers['x-request-id']);
    expect(sent).toEqual(['lb-4711', id]);
  });

  it('keeps a saved display name in the session, so the navbar shows it', async () => {
    fake.on('PUT', '/api/admin/Profile', (_req, res) =>
      sendJson(res, 200, { status: true, data: { displayName: 'Somchai New', about: '', photoUrl: '', presence: 'online', version: 2 } }),
    );
    const session = makeSession();
    const body = { displayName: 'Somchai New', about: '', photoUrl: '', status: 'online', version: 1 };
    const response = await bff('/api/admin/Profile', { method: 'PUT', body, cookies: await sessionCookie(session) });
    expect(response.status).toBe(200);
    const stored = await unsealSession(cookieNamed(response, SESSION_COOKIE)!.value);
    expect(stored).toMatchObject({ sid: session.sid, UserData: { displayName: 'Somchai New' } });
    // A refused save changes nothing.
    fake.on('PUT', '/api/admin/Profile', (_req, res) => sendJson(res, 409, { status: false, message: 'CONFLICT' }));
    const refused = await bff('/api/admin/Profile', { method: 'PUT', body, cookies: await sessionCookie(makeSession()) });
    expect(refused.status).toBe(409);
    expect(cookieNamed(refused, SESSION_COOKIE)).toBeUndefined();
  });

  it('streams XLSX exports through as they are', async () => {
    const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]);
    fake.on('GET', '/api/admin/Delivery/Report/Shop/export', (_req, res) => {
      res.writeHead(200, { 'content-type': XLSX, 'content-disposition': 'attachment; filename="report-shop.xlsx"' });
      res.end(bytes);
    });
    const cookies = await sessionCookie(makeSession());
    const file = await bff('/api/admin/Delivery/Report/Shop/export?format=xlsx', { cookies });
    expect(file.headers.get('content-type')).toBe(XLSX);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="report-shop.xlsx"');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('refreshes an expired token once, retries, and stores the new token in the cookie', async () => {
    // The upstream accepts only `current`; the session's token has expired.
    let current = 'not-yet-issued';
    fake.on('GET', '/api/admin/Permission/getPermission', (req, res) => {
      if (req.headers.authorization !== `Bearer ${current}`) return sendJson(res, 401, { status: false });
      sendJson(res, 200, { status: true, data: permissions });
    });
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => {
      current = 'new-token';
      sendJson(res, 200, { status: true, accessToken: 'new-token', expiresIn: 3600 });
    });
    const session = makeSession({ accessToken: 'old-token' });
    const response = await bff('/api/admin/Delivery/Shop', { cookies: await sessionCookie(session) });
    expect(response.status).toBe(200);
    expect(fake.count('POST', '/api/admin/auth/refresh-token')).toBe(1);
    const stored = await unsealSession(cookieNamed(response, SESSION_COOKIE)!.value);
    expect(stored).toMatchObject({ accessToken: 'new-token', sid: session.sid });
    expect(fake.requests.find((r) => r.path === '/api/admin/Delivery/Shop')!.headers.authorization).toBe('Bearer new-token');
  });

  it('ends the session when the refresh fails: 401 and the cookie cleared', async () => {
    fake.on('GET', '/api/admin/Permission/getPermission', (_req, res) => sendJson(res, 401, { status: false }));
    fake.on('POST', '/api/admin/auth/refresh-token', (_req, res) => sendJson(res, 401, { status: false }));
    const response = await bff('/api/admin/Delivery/Shop', { cookies: await sessionCookie(makeSession()) });
    expect(response.status).toBe(401);
    expect(cookieNamed(response, SESSION_COOKIE)!.attributes).toMatch(/Max-Age=0/);
  });

  it('never relays an upstream failure verbatim: a 500 HTML page, a redirect, another type or broken JSON become a 502 JSON error', async () => {
    const cookies = await sessionCookie(staffSession());
    const cases: [string, number, string, string][] = [
      ['/api/admin/Delivery/Food', 500, 'text/html', '<html><script>alert(document.cookie)</script></html>'],
      ['/api/admin/Delivery/Members', 503, 'application/json', '{"status":false,"message":"Internal stack at db.ts:12"}'],
      ['/api/admin/Delivery/Review', 302, 'text/html', ''],
      ['/api/admin/Delivery/Voucher', 200, 'text/html', '<html>not an API answer</html>'],
      ['/api/admin/Delivery/Promotion', 200, 'application/json', '{"status":true,"data":['],
    ];
    for (const [path, status, type, body] of cases) {
      fake.on('GET', path, (_req, res) => {
        res.writeHead(status, { 'content-type': type, ...(status === 302 ? { location: 'https://evil.example/' } : {}) });
        res.end(body);
      });
      const response = await bff(path, { cookies });
      expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 502, expect.stringContaining('application/json')]);
      const answer = (await response.json()) as { status: boolean; message: string };
      expect(answer).toMatchObject({ status: false });
      expect(JSON.stringify(answer)).not.toMatch(/script|stack|evil/);
    }
  });

  it('answers 504 when the Platform API is too slow', async () => {
    fake.on('GET', '/api/admin/Delivery/Report', (_req, res) => void setTimeout(() => sendJson(res, 200, { status: true }), 400));
    const cookies = await sessionCookie(makeSession());
    await bff('/api/admin/Delivery/Shop', { cookies });
    process.env.UPSTREAM_TIMEOUT_MS = '100';
    try {
      const response = await bff('/api/admin/Delivery/Report', { cookies });
      expect(response.status).toBe(504);
      expect(await response.json()).toMatchObject({ message: 'The Platform API took too long to answer.' });
    } finally {
      delete process.env.UPSTREAM_TIMEOUT_MS;
    }
  });

  it('answers 502 when the Platform API is down', async () => {
    const cookies = await sessionCookie(makeSession());
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    const response = await bff('/api/admin/Delivery/Shop', { cookies });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ message: 'The Platform API cannot be reached. Try again in a moment.' });
  });
});
