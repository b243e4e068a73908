import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedClientAddress } from '../src/kit/client';
import { DEMO, signedAddress, startTestServer, TEST_AUTOLOGIN_SECRET, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
const S = '/api/admin/DeviceSession';
const PERM = '/api/admin/Permission/getPermission';

beforeAll(async () => {
  api = await startTestServer();
  admin = await api.login(DEMO.admin);
});
afterAll(async () => {
  await api?.close();
});

const sessionsOf = async (username: string, token = admin.accessToken) => (await api.get(`${S}?q=${username}&pageSize=100`, token)).body.data as Loose[];

describe('Device sessions', () => {
  it("lists the company's sessions with person, browser, IP and times; the caller's own is marked", async () => {
    await api.request('POST', '/api/admin/auth/login', {
      body: DEMO.bkk,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1', ...signedAddress('203.0.113.9') },
    });
    const res = await api.get(`${S}?pageSize=100`, admin.accessToken);
    expect(res.status).toBe(200);
    const mine = res.body.data.filter((s: Loose) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ username: 'admin', live: true, role: 'admin', root: true });
    const bkk = await sessionsOf('staff.bkk');
    expect(bkk.length).toBeGreaterThan(0);
    expect(bkk[0]).toMatchObject({ username: 'staff.bkk', live: true, current: false });
    expect(bkk[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/"sid"/);
  });

  it("records only the portal's signed address: a caller's own X-Forwarded-For, a forged or a stale signature give none", async () => {
    const login = (headers: Record<string, string>) => api.request('POST', '/api/admin/auth/login', { body: DEMO.market, headers });
    const ips = async () => (await sessionsOf('staff.market')).map((s) => s.ip);
    await login({ 'x-forwarded-for': '6.6.6.6' });
    await login({ ...signedAddress('6.6.6.7'), 'x-forwarded-for': '6.6.6.8' });
    await login(signedAddress('6.6.6.9', 'another-secret-0123456789-abcdefghijklmnop'));
    await login(signedAddress('6.6.6.10', TEST_AUTOLOGIN_SECRET, Date.now() - 10 * 60_000));
    expect((await ips()).filter((ip) => ip.startsWith('6.6.6.'))).toEqual([]);
    await login(signedAddress('192.0.2.44'));
    expect(await ips()).toContain('192.0.2.44');
    const at = Date.now();
    const signed = signedAddress('192.0.2.45', TEST_AUTOLOGIN_SECRET, at);
    const read = (forwarded: string) => signedClientAddress({ forwarded, signature: signed['x-client-address-sig'] }, TEST_AUTOLOGIN_SECRET, at);
    expect([read('192.0.2.45'), read('192.0.2.46'), read('192.0.2.45, 10.0.0.1')]).toEqual(['192.0.2.45', null, null]);
  });

  it('revokes one session: its token stops working at once; other sessions of the person go on', async () => {
    const first = await api.login(DEMO.cnx);
    const second = await api.login(DEMO.cnx);
    const rows = await sessionsOf('staff.cnx');
    expect(rows.filter((r) => r.live).length).toBeGreaterThanOrEqual(2);
    const target = rows.find((r) => r.live)!;
    const res = await api.request('DELETE', `${S}/${target.id}`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: 1 });
    const statuses = await Promise.all([api.get(PERM, first.accessToken), api.get(PERM, second.accessToken)]);
    expect(statuses.map((s) => s.status).sort()).toEqual([200, 401]);
    expect((await api.request('DELETE', `${S}/${target.id}`, { token: admin.accessToken })).body.data).toEqual({ revoked: 0 });
    expect((await sessionsOf('staff.cnx')).find((r) => r.id === target.id)).toMatchObject({ live: false });
  });

  it("revokes all of a person's sessions", async () => {
    const a = await api.login(DEMO.market);
    const b = await api.login(DEMO.market);
    const res = await api.post(`${S}/user/${a.userData.uid}/revoke`, undefined, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.revoked).toBeGreaterThanOrEqual(2);
    expect((await api.get(PERM, a.accessToken)).status).toBe(401);
    expect((await api.get(PERM, b.accessToken)).status).toBe(401);
    expect((await sessionsOf('staff.market')).every((r) => !r.live)).toBe(true);
  });

  it("keeps a root administrator's sessions from other administrators, and the sessions of other companies out of sight", async () => {
    await api.post(
      '/api/admin/Users/Admin',
      { username: 'admin.plain', password: 'Plain#2026', displayName: 'Plain Admin', email: 'plain@demo-company.example' },
      admin.accessToken,
    );
    const plain = await api.login({ username: 'admin.plain', password: 'Plain#2026' });
    const rootRow = (await sessionsOf('admin', plain.accessToken)).find((r) => r.username === 'admin' && r.live)!;
    expect((await api.request('DELETE', `${S}/${rootRow.id}`, { token: plain.accessToken })).status).toBe(403);
    expect((await api.post(`${S}/user/${admin.userData.uid}/revoke`, undefined, plain.accessToken)).status).toBe(403);
    expect((await api.get(PERM, admin.accessToken)).status).toBe(200);
    expect((await api.request('DELETE', `${S}/00000000-0000-4000-8000-000000000000`, { token: admin.accessToken })).status).toBe(404);
    expect((await api.post(`${S}/user/999999/revoke`, undefined, admin.accessToken)).status).toBe(404);
  });

  it('keeps "last seen" within five minutes of the last use, writing it at most that often', async () => {
    const user = await api.login(DEMO.bkk);
    const seen = async () =>
      (await sessionsOf('staff.bkk')).find(
        (r) => r.live && r.current === false && r.lastSeenAt === r.createdAt && r.createdAt >= new Date(api.deps.now().getTime() - 60_000).toISOString(),
      );
    const row = await seen();
    expect(row).toBeTruthy();
    api.advance(2 * 60_000);
    await api.get(PERM, user.accessToken);
    expect((await sessionsOf('staff.bkk')).find((r) => r.id === row!.id)!.lastSeenAt).toBe(row!.lastSeenAt);
    api.advance(4 * 60_000);
    await api.get(PERM, user.accessToken);
    const later = (await sessionsOf('staff.bkk')).find((r) => r.id === row!.id)!;
    expect(Date.parse(later.lastSeenAt) - Date.parse(row!.lastSeenAt)).toBeGreaterThanOrEqual(6 * 60_000);
  });

  it('is for administrators only', async () => {
    const bkk = await api.login(DEMO.bkk);
    expect((await api.get(S, bkk.accessToken)).status).toBe(403);
    expect((await api.post(`${S}/user/${bkk.userData.uid}/revoke`, undefined, bkk.accessToken)).status).toBe(403);
    expect((await api.get(S)).status).toBe(401);
  });
});
