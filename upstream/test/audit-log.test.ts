import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedAddress, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const LOG = '/api/admin/Log';
const STAFF = '/api/admin/Users/Staff';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const latest = async (q = '') => (await api.get(`${LOG}?pageSize=10${q}`, admin.accessToken)).body.data as Loose[];

describe('the audit log', () => {
  it('records an update with who, from where and the fields before → after', async () => {
    const current = (await api.get(`${STAFF}/${cnx.userData.uid}`, admin.accessToken)).body.data;
    const res = await api.request('PUT', `${STAFF}/${cnx.userData.uid}`, {
      token: admin.accessToken,
      headers: { ...signedAddress('198.51.100.7'), 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36' },
      body: { displayName: 'Chiang Mai Lead', email: current.email, phone: '', status: 'active', area: current.area, version: current.version },
    });
    expect(res.status).toBe(200);
    const [entry] = await latest();
    expect(entry).toMatchObject({
      username: 'admin',
      role: 'admin',
      method: 'PUT',
      path: `${STAFF}/${cnx.userData.uid}`,
      route: `${STAFF}/{id}`,
      status: 200,
      outcome: 'ok',
      ip: '198.51.100.7',
    });
    expect(entry.changes.diff).toEqual({ displayName: { before: 'Chiang Mai Staff', after: 'Chiang Mai Lead' } });
    expect((await api.get(`${LOG}/${entry.id}`, admin.accessToken)).body.data).toEqual(entry);
  });

  it('records a permission change and a refused call, never a GET, never a secret', async () => {
    const before = (await api.get(`${LOG}?pageSize=100`, admin.accessToken)).body.total;
    await api.get(`${STAFF}?pageSize=10`, admin.accessToken);
    expect((await api.get(`${LOG}?pageSize=100`, admin.accessToken)).body.total).toBe(before);
    await api.request('PUT', `${STAFF}/${cnx.userData.uid}/permission`, {
      token: admin.accessToken,
      body: [{ services: 'Delivery', data: [{ name: 'Service Delivery Orders', read: true, write: false, create: false, delete: false }] }],
    });
    const refused = await api.request('PUT', `${STAFF}/${bkk.userData.uid}/permission`, { token: bkk.accessToken, body: [] });
    expect(refused.status).toBe(403);
    await api.post(
      STAFF,
      { username: 'staff.audit', password: 'VerySecret#2026', displayName: 'Audit', email: 'audit@demo-company.example', area: bkk.userData.area },
      admin.accessToken,
    );
    const rows = await latest();
    expect(rows.slice(0, 3).map((r) => [r.method, r.route, r.outcome, r.username])).toEqual([
      ['POST', STAFF, 'ok', 'admin'],
      ['PUT', `${STAFF}/{uid}/permission`, 'refused', 'staff.bkk'],
      ['PUT', `${STAFF}/{uid}/permission`, 'ok', 'admin'],
    ]);
    expect(rows[0].changes.body).toMatchObject({ username: 'staff.audit', password: '[redacted]' });
    const all = JSON.stringify((await api.get(`${LOG}?pageSize=100`, admin.accessToken)).body);
    expect(all).not.toContain('VerySecret#2026');
    expect(all).not.toContain('Admin#2026');
  });

  it('never stores the passwords of a password change (`current` and `confirm` are passwords too)', async () => {
    const market = await api.login(DEMO.market);
    const change = { current: DEMO.market.password, password: 'Changed#2026x', confirm: 'Changed#2026x' };
    const res = await api.post('/api/admin/Profile/password', change, market.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await latest('&method=POST');
    expect(entry).toMatchObject({ path: '/api/admin/Profile/password', username: 'staff.market' });
    expect(entry.changes.body).toEqual({ current: '[redacted]', password: '[redacted]', confirm: '[redacted]' });
    const stored = JSON.stringify(await api.deps.db.execute(sql.raw('SELECT changes FROM audit_log')));
    expect(stored).not.toContain(DEMO.market.password);
    expect(stored).not.toContain('Changed#2026x');
  });

  it('filters by action, outcome, person and search; another company never sees it; staff are refused', async () => {
    expect((await latest('&outcome=refused')).every((r) => r.outcome === 'refused')).toBe(true);
    expect((await latest('&method=POST')).every((r) => r.method === 'POST')).toBe(true);
    expect((await latest(`&uid=${bkk.userData.uid}`)).every((r) => r.username === 'staff.bkk')).toBe(true);
    expect((await latest('&q=Chiang%20Mai%20Lead')).length).toBeGreaterThan(0);
    expect((await api.get(LOG, bkk.accessToken)).status).toBe(403);
    expect((await api.get(LOG)).status).toBe(401);
    const other = await api.post('/api/admin/auth/register', { displayName: 'Other Co', email: 'owner@other-company.example', password: 'Other#2026x' });
    expect(other.body.status).toBe(true);
    const otherLog = await api.get(LOG, other.body.accessToken);
    expect(otherLog.status).toBe(200);
    expect(otherLog.body.data.every((r: Loose) => r.username !== 'admin')).toBe(true);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const [entry] = await latest();
    const refusal = async (statement: string) => {
      try {
        await api.deps.db.execute(sql.raw(statement));
        return 'allowed';
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      }
    };
    expect(await refusal(`UPDATE audit_log SET username = 'someone' WHERE id = ${Number(entry.id)}`)).toMatch(/append-only/);
    expect(await refusal(`DELETE FROM audit_log WHERE id = ${Number(entry.id)}`)).toMatch(/append-only/);
    expect((await api.get(`${LOG}/${entry.id}`, admin.accessToken)).body.data.username).toBe(entry.username);
  });
});
