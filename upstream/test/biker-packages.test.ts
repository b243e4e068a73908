import { DEMO_BIKER_CONFIG } from '../src/seed/biker-packages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const D = '/api/admin/Delivery';
const P = `${D}/Package/Biker`;
const C = `${D}/Config/Biker`;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const query = async (text: string): Promise<Loose[]> => ((await api.db.db.execute(sql.raw(text))) as unknown as { rows: Loose[] }).rows;
const pkg = (extra: Record<string, unknown> = {}) => ({ name: 'Weekend Rider', fee: 25_000, commissionRate: 1250, duration: 30, status: 'active', ...extra });
const settings = (extra: Record<string, unknown> = {}) => ({
  maxTasks: 3,
  acceptTimeoutSec: 40,
  searchRadiusKm: 8,
  maxOnlineHours: 10,
  commissionRate: 1800,
  ...extra,
});

describe('Package/Biker', () => {
  it('adds, reads, edits, deletes and restores a package in the staff member’s own area', async () => {
    const created = await api.post(P, pkg({ areaId: '999' }), bkk.accessToken);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = created.body.data;
    expect(row).toMatchObject({ ...pkg(), version: 1, areaId: bkk.userData.area, updatedBy: { displayName: 'Bangkok Staff' } });

    expect((await api.get(`${P}/${row.id}`, bkk.accessToken)).body.data).toMatchObject({ id: row.id, fee: 25_000, commissionRate: 1250 });
    const edited = await send('PUT', `${P}/${row.id}`, bkk.accessToken, pkg({ name: 'Weekend Rider Plus', fee: 30_000, version: 1 }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Weekend Rider Plus', fee: 30_000, version: 2 });
    const stale = await send('PUT', `${P}/${row.id}`, admin.accessToken, pkg({ version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ name: 'Weekend Rider Plus', version: 2 });

    const found = await api.get(`${P}?q=weekend&sort=fee&order=desc`, bkk.accessToken);
    expect(found.body.data.map((r: Loose) => r.name)).toEqual(['Weekend Rider Plus']);

    expect((await send('DELETE', `${P}/${row.id}`, admin.accessToken)).body).toEqual({ status: true });
    expect((await api.get(`${P}/${row.id}`, bkk.accessToken)).status).toBe(404);
    const back = await api.post(`${P}/${row.id}/restore`, undefined, admin.accessToken);
    expect(back.body.data).toMatchObject({ id: row.id, deletedAt: null });
  });

  it('answers each bad field with its code', async () => {
    const bad = await api.post(P, { name: '', fee: -1, commissionRate: 10_001, duration: 0, status: 'open' }, bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: ['required'],
      fee: ['notNegative'],
      commissionRate: ['outOfRange'],
      duration: ['outOfRange'],
      status: ['required'],
    });
    expect((await api.post(P, pkg({ fee: 10.5 }), bkk.accessToken)).body.errors).toEqual({ fee: ['integer'] });
    // An admin names the area of a new package.
    expect((await api.post(P, pkg(), admin.accessToken)).body.errors).toEqual({ areaId: ['required'] });
  });

  it('keeps staff to their own area and app; the seeded packages are three per open area', async () => {
    const all = (await api.get(`${P}?pageSize=100`, admin.accessToken)).body.data as Loose[];
    const seeded = all.filter((r) => r.name.startsWith('Rider '));
    expect(seeded).toHaveLength(6);
    const mine = (await api.get(`${P}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((r) => r.areaId === bkk.userData.area)).toBe(true);
    const elsewhere = seeded.find((r) => r.areaId !== bkk.userData.area)!;
    expect((await api.get(`${P}/${elsewhere.id}`, bkk.accessToken)).status).toBe(404);
    expect((await send('PUT', `${P}/${elsewhere.id}`, bkk.accessToken, pkg({ version: elsewhere.version }))).status).toBe(404);
    // The Marketplace app has packages of its own, which its staff read and Delivery's rows never show in.
    const marketRows = (await api.get('/api/admin/Marketplace/Package/Biker?pageSize=100', market.accessToken)).body.data as Loose[];
    expect(marketRows.length).toBeGreaterThanOrEqual(3);
    expect(marketRows.map((r) => r.id)).not.toContain(mine[0].id);
  });

  it('refuses to delete a package bikers are on; half the seeded bikers of the open areas have one of their area', async () => {
    const [used] = await query(`SELECT p.id::text AS id FROM biker_packages p JOIN bikers b ON b.package_id = p.id AND b.deleted_at IS NULL
      JOIN apps a ON a.id = p.app_id WHERE a.app_type = 'Delivery' LIMIT 1`);
    expect(used).toBeDefined();
    const refused = await send('DELETE', `${P}/${used.id}`, admin.accessToken);
    expect(refused.status).toBe(409);
    const [mismatch] = await query(`SELECT count(*)::int AS n FROM bikers b JOIN biker_packages p ON p.id = b.package_id
      WHERE p.area_id <> b.area_id OR p.app_id <> b.app_id OR p.status <> 'active'`);
    expect(mismatch.n).toBe(0);
    const [share] = await query(`SELECT count(*) FILTER (WHERE b.package_id IS NOT NULL)::int AS on_package, count(*)::int AS n
      FROM bikers b JOIN areas a ON a.id = b.area_id WHERE a.status = 'AreaReady'`);
    expect(share.n).toBeGreaterThan(4);
    expect(share.on_package).toBeGreaterThanOrEqual(Math.floor(share.n / 2) - 1);
    expect(share.on_package).toBeLessThanOrEqual(Math.ceil(share.n / 2) + 1);
  });

  it('refuses a staff member without the flag: staff.cnx has only the dashboard; staff.bkk cannot delete', async () => {
    for (const [method, path] of [
      ['GET', P],
      ['POST', P],
      ['GET', `${P}/1`],
      ['PUT', `${P}/1`],
      ['DELETE', `${P}?ids=1`],
      ['GET', `${P}/export`],
    ] as const) {
      const res = await send(method, path, cnx.accessToken, method === 'GET' ? undefined : pkg({ version: 1 }));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const row = (await api.post(P, pkg({ name: 'Not deletable' }), bkk.accessToken)).body.data;
    expect((await send('DELETE', `${P}/${row.id}`, bkk.accessToken)).status).toBe(403);
  });

  it('documents every operation with an id and a description', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, Loose>>)
      .filter(([path]) => path.startsWith('/api/admin/{service}/Package/Biker'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops.length).toBeGreaterThanOrEqual(8);
    for (const op of ops) expect(op).toMatchObject({ operationId: expect.any(String), description: expect.any(String), tags: ['BikerPackage'] });
  });
});

describe('Config/Biker', () => {
  it('is for admins only: staff are refused even with every flag of the service', async () => {
    expect((await api.get(C, bkk.accessToken)).status).toBe(403);
    expect((await send('PUT', C, bkk.accessToken, { ...settings(), version: 1 })).status).toBe(403);
    expect((await api.get('/api/admin/Marketplace/Config/Biker', market.accessToken)).status).toBe(403);
    expect((await api.get(C, cnx.accessToken)).status).toBe(403);
  });

  it('answers the seeded settings, checks the bounds, saves with the version and 409 when stale', async () => {
    const seeded = (await api.get(C, admin.accessToken)).body.data;
    expect(seeded).toMatchObject({ ...DEMO_BIKER_CONFIG.Delivery, commissionRate: 2000, version: 1 });

    const bad = await send('PUT', C, admin.accessToken, {
      maxTasks: 11,
      acceptTimeoutSec: 10,
      searchRadiusKm: 4,
      maxOnlineHours: 25,
      commissionRate: -1,
      version: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      maxTasks: ['outOfRange'],
      acceptTimeoutSec: ['outOfRange'],
      searchRadiusKm: ['outOfRange'],
      maxOnlineHours: ['outOfRange'],
      commissionRate: ['notNegative'],
    });
    expect((await send('PUT', C, admin.accessToken, settings())).body.errors).toEqual({ version: ['required'] });

    const saved = await send('PUT', C, admin.accessToken, { ...settings(), version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ...settings(), version: 2, updatedBy: { displayName: 'Demo Admin' } });
    const stale = await send('PUT', C, admin.accessToken, { ...settings({ maxTasks: 1 }), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ maxTasks: 3, version: 2, updatedBy: { displayName: 'Demo Admin' } });
    expect((await api.get(C, admin.accessToken)).body.data).toMatchObject({ ...settings(), version: 2 });

    // The commission is the rate the ledger splits the delivery fee of new orders by; the other app keeps its own.
    const rates = await query(`SELECT a.app_type, c.biker_commission, b.commission_rate FROM commission_configs c JOIN apps a ON a.id = c.app_id
      JOIN biker_configs b ON b.app_id = a.id ORDER BY a.id`);
    expect(rates.map((r) => [r.app_type, r.biker_commission, r.commission_rate])).toEqual([
      ['Delivery', 1800, 1800],
      ['Marketplace', 2000, 2000],
    ]);
  });

  it('reaches the biker app: the app channel answers what was last saved, and only with the app key', async () => {
    const app = (token: string, key?: string) => api.request('GET', '/api/app/Delivery/Config/Biker', { token, headers: key ? { [APP_KEY_HEADER]: key } : {} });
    const before = (await app(admin.accessToken, TEST_APP_API_KEY)).body.data;
    const saved = await send('PUT', C, admin.accessToken, { ...settings({ maxTasks: 4, acceptTimeoutSec: 40 }), version: before.version });
    expect(saved.status).toBe(200);
    const read = await app(admin.accessToken, TEST_APP_API_KEY);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ maxTasks: 4, acceptTimeoutSec: 40, version: before.version + 1 });
    expect((await app(admin.accessToken)).status).toBe(403);
    expect((await app(cnx.accessToken, TEST_APP_API_KEY)).status).toBe(403);
  });

  it('answers the defaults for an app that has none saved yet', async () => {
    await query(`DELETE FROM biker_configs WHERE app_id = (SELECT id FROM apps WHERE app_type = 'Marketplace')`);
    const fresh = await api.get('/api/admin/Marketplace/Config/Biker', admin.accessToken);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ maxTasks: 1, acceptTimeoutSec: 30, searchRadiusKm: 5, maxOnlineHours: 12, commissionRate: 2000, version: 1 });
    const saved = await send('PUT', '/api/admin/Marketplace/Config/Biker', admin.accessToken, { ...settings({ acceptTimeoutSec: 25 }), version: 1 });
    expect(saved.body.data).toMatchObject({ acceptTimeoutSec: 25, version: 2 });
  });
});
