import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer({ lockout: { maxFailures: 10, windowMs: 15 * 60_000 } });
});
afterAll(async () => {
  await api?.close();
});

const LOGIN = '/api/admin/auth/login';

describe('POST /api/admin/auth/login', () => {
  it('answers the spec fields for the root admin', async () => {
    const res = await api.post(LOGIN, { ...DEMO.admin, remember: true });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ status: true, expiresIn: 3600, message: '' });
    expect(typeof body.accessToken).toBe('string');
    expect(typeof body.session).toBe('string');
    expect(body.userData).toMatchObject({
      username: 'admin',
      displayName: 'Demo Admin',
      userRole: 'admin',
      root: true,
      AppType: 'Delivery',
      area: '',
    });
    for (const key of ['uid', 'companies', 'office', 'appid']) expect(body.userData[key]).toMatch(/^\d+$/);
    expect(body.userData).not.toHaveProperty('province');
    const services = body.userData.permission.map((p: { services: string }) => p.services);
    expect(services).toEqual(['Admin', 'Delivery', 'Marketplace']);
    const flags = body.userData.permission.flatMap((p: { data: Record<string, boolean>[] }) => p.data);
    expect(flags.length).toBeGreaterThan(100);
    expect(flags.every((f: Record<string, boolean>) => f.read && f.write && f.create && f.delete)).toBe(true);
  });

  it('gives a Delivery staff member their app and area, and a Marketplace one the location fields', async () => {
    const bkk = await api.login(DEMO.bkk);
    expect(bkk.userData).toMatchObject({ userRole: 'staff', root: false, AppType: 'Delivery' });
    expect(bkk.userData.area).toMatch(/^\d+$/);
    expect(bkk.userData).not.toHaveProperty('province');
    const market = await api.login(DEMO.market);
    expect(market.userData).toMatchObject({ AppType: 'Marketplace', province: 'Bangkok', amphure: 'Pathum Wan', district: 'Lumphini' });
    expect(market.userData.appid).not.toBe(bkk.userData.appid);
  });

  it('accepts the e-mail address as the username', async () => {
    const res = await api.post(LOGIN, { username: 'STAFF.CNX@demo-company.example', password: 'Staff#2026' });
    expect(res.body.status).toBe(true);
    expect(res.body.userData.username).toBe('staff.cnx');
  });

  it('answers status:false with HTTP 200 for a wrong password and for an unknown user', async () => {
    const wrong = await api.post(LOGIN, { username: 'staff.cnx', password: 'nope' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ status: false, message: 'Wrong Email or Password' });
    const unknown = await api.post(LOGIN, { username: 'nobody.here', password: 'Staff#2026' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ status: false, message: 'Wrong Email or Password' });
  });

  it('rejects malformed bodies with 400 and field errors', async () => {
    const res = await api.post(LOGIN, { username: '', password: 5 });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('lockout', () => {
  it('answers 429 after ten failures within 15 minutes, until the window passes', async () => {
    const user = { username: 'staff.market', password: 'wrong-password' };
    for (let i = 0; i < 10; i++) {
      const res = await api.post(LOGIN, user);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(false);
    }
    const locked = await api.post(LOGIN, DEMO.market);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ status: false, message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    // other usernames are not affected
    expect((await api.post(LOGIN, DEMO.bkk)).body.status).toBe(true);
    api.advance(10 * 60_000);
    const later = await api.post(LOGIN, DEMO.market);
    expect(later.status).toBe(429);
    expect(later.body.message).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
    api.advance(5 * 60_000 + 1000);
    const open = await api.post(LOGIN, DEMO.market);
    expect(open.status).toBe(200);
    expect(open.body.status).toBe(true);
  });

  it('counts unknown usernames too, and a success clears the count', async () => {
    for (let i = 0; i < 9; i++) await api.post(LOGIN, { username: 'staff.bkk', password: 'bad' });
    expect((await api.post(LOGIN, DEMO.bkk)).body.status).toBe(true);
    for (let i = 0; i < 9; i++) await api.post(LOGIN, { username: 'staff.bkk', password: 'bad' });
    expect((await api.post(LOGIN, DEMO.bkk)).status).toBe(200);
    for (let i = 0; i < 10; i++) await api.post(LOGIN, { username: 'ghost.user', password: 'bad' });
    expect((await api.post(LOGIN, { username: 'ghost.user', password: 'bad' })).status).toBe(429);
  });
});

describe('refresh-token', () => {
  const REFRESH = '/api/admin/auth/refresh-token';
  const PERMS = '/api/admin/Permission/getPermission';

  it('rotates: the new token works, the old one is 401, and refreshing it twice fails', async () => {
    const login = await api.login(DEMO.cnx);
    const old = login.accessToken;
    expect((await api.get(PERMS, old)).status).toBe(200);
    api.advance(1000);
    const first = await api.post(REFRESH, { accessToken: old });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, expiresIn: 3600 });
    expect(first.body.accessToken).not.toBe(old);
    expect((await api.get(PERMS, first.body.accessToken)).status).toBe(200);
    const oldAgain = await api.get(PERMS, old);
    expect(oldAgain.status).toBe(401);
    expect(oldAgain.body).toEqual({ status: false, message: 'Unauthorized' });
    const second = await api.post(REFRESH, { accessToken: old });
    expect(second.status).toBe(401);
    expect(second.body.status).toBe(false);
    // the session goes on with the new token
    const third = await api.post(REFRESH, { accessToken: first.body.accessToken });
    expect(third.body.status).toBe(true);
  });

  it('refreshes an expired token of a live session, but not past the refresh window', async () => {
    const login = await api.login(DEMO.cnx);
    api.advance(3601 * 1000);
    expect((await api.get(PERMS, login.accessToken)).status).toBe(401);
    const refreshed = await api.post(REFRESH, { accessToken: login.accessToken });
    expect(refreshed.body.status).toBe(true);
    expect((await api.get(PERMS, refreshed.body.accessToken)).status).toBe(200);
    api.advance(8 * 24 * 3600 * 1000);
    expect((await api.post(REFRESH, { accessToken: refreshed.body.accessToken })).status).toBe(401);
  });

  it('refuses forged and malformed tokens', async () => {
    const login = await api.login(DEMO.cnx);
    const [h, p, s] = login.accessToken.split('.');
    const forged = `${h}.${p}.${s.slice(0, -3)}abc`;
    expect((await api.post(REFRESH, { accessToken: forged })).status).toBe(401);
    expect((await api.post(REFRESH, { accessToken: 'not-a-token' })).status).toBe(401);
    expect((await api.post(REFRESH, {})).status).toBe(400);
  });
});

describe('logout and protected calls', () => {
  it('ends the session; protected calls without a live token answer 401', async () => {
    const login = await api.login(DEMO.cnx);
    expect((await api.post('/api/admin/auth/logout', undefined, login.accessToken)).body).toEqual({ status: true });
    expect((await api.get('/api/admin/Permission/getPermission', login.accessToken)).status).toBe(401);
    expect((await api.post('/api/admin/auth/refresh-token', { accessToken: login.accessToken })).status).toBe(401);
    expect((await api.get('/api/admin/Permission/getPermission')).status).toBe(401);
    expect((await api.get('/api/admin/Permission/getPermission', 'garbage')).status).toBe(401);
  });
});

describe('register', () => {
  const REGISTER = '/api/admin/auth/register';

  it('creates a company, its Head Office and a root admin, answering as login', async () => {
    const res = await api.post(REGISTER, { displayName: 'Noodle Express', email: 'Owner@Noodle.example', password: 'secret12' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, expiresIn: 3600 });
    expect(res.body.userData).toMatchObject({ username: 'owner@noodle.example', userRole: 'admin', root: true, displayName: 'Noodle Express' });
    expect(res.body.userData.companies).not.toBe((await api.login(DEMO.admin)).userData.companies);
    const again = await api.login({ username: 'owner@noodle.example', password: 'secret12' });
    expect(again.userData.office).toBe(res.body.userData.office);
  });

  it('answers status:false for an e-mail in use, and 400 with field errors for bad input', async () => {
    const dup = await api.post(REGISTER, { displayName: 'Again', email: 'owner@noodle.example', password: 'secret12' });
    expect(dup.status).toBe(200);
    expect(dup.body.status).toBe(false);
    expect(typeof dup.body.message).toBe('string');
    const bad = await api.post(REGISTER, { displayName: '', email: 'not-an-email', password: '123' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['displayName', 'email', 'password']);
  });
});
