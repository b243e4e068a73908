import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Login = any;
let api: TestServer;
let admin: Login;
let bkk: Login;
let market: Login;
const STAFF = '/api/admin/Users/Staff';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const newStaff = () => ({
  username: 'staff.pkt',
  password: 'Phuket#1',
  displayName: 'Phuket Staff',
  email: 'staff.pkt@demo-company.example',
  appid: bkk.userData.appid,
  area: bkk.userData.area,
});

describe('list', () => {
  it("pages, sorts and searches the company's staff", async () => {
    const all = await api.get(STAFF, admin.accessToken);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ status: true, total: 3, page: 1, pageSize: 25 });
    expect(all.body.data.map((s: { username: string }) => s.username)).toEqual(['staff.bkk', 'staff.cnx', 'staff.market']);
    expect(all.body.data[0]).toMatchObject({ AppType: 'Delivery', areaName: 'Bangkok', status: 'active', version: 1, deletedAt: null });

    const desc = await api.get(`${STAFF}?pageSize=10&sort=username&order=desc`, admin.accessToken);
    expect(desc.body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(desc.body.data.map((s: { username: string }) => s.username)).toEqual(['staff.market', 'staff.cnx', 'staff.bkk']);
    expect((await api.get(`${STAFF}?page=2&pageSize=10`, admin.accessToken)).body.data).toEqual([]);
    const q = await api.get(`${STAFF}?q=market`, admin.accessToken);
    expect(q.body.data.map((s: { username: string }) => s.username)).toEqual(['staff.market']);
    const byApp = await api.get(`${STAFF}?appid=${market.userData.appid}`, admin.accessToken);
    expect(byApp.body.total).toBe(1);
    expect((await api.get(`${STAFF}?q=%25`, admin.accessToken)).body.total).toBe(0);
  });

  it('rejects bad query values with field errors', async () => {
    const res = await api.get(`${STAFF}?page=0&pageSize=1000&sort=password&order=up`, admin.accessToken);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['order', 'page', 'pageSize', 'sort']);
  });

  it('is for admins only', async () => {
    const res = await api.get(STAFF, bkk.accessToken);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: false, message: 'You are not authorized' });
    expect((await api.post(STAFF, newStaff(), bkk.accessToken)).status).toBe(403);
    expect((await api.get(STAFF)).status).toBe(401);
  });
});

describe('create, get, update, delete, restore', () => {
  let id: string;

  it('creates with 201, default permissions, and a working sign-in', async () => {
    const res = await api.post(STAFF, newStaff(), admin.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ username: 'staff.pkt', areaName: 'Bangkok', version: 1, status: 'active' });
    id = res.body.data.id;
    expect((await api.get(`${STAFF}/${id}`, admin.accessToken)).body.data.username).toBe('staff.pkt');
    const login = await api.login({ username: 'staff.pkt', password: 'Phuket#1' });
    const perms = (await api.get(`${STAFF}/${id}/permission`, admin.accessToken)).body.data;
    const readable = perms.flatMap((e: { data: { name: string; read: boolean }[] }) => e.data.filter((i) => i.read).map((i) => i.name));
    expect(readable.sort()).toEqual(['Company Dashboard', 'Service Delivery Dashboard', 'Service Marketplace Dashboard']);
    expect(login.userData.permission).toEqual(perms);
  });

  it('answers 400 with field errors for bad input and clashes', async () => {
    const bad = await api.post(STAFF, { ...newStaff(), username: 'ab', email: 'nope', password: '1', area: '' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(false);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['area', 'email', 'password', 'username']);
    expect(bad.body.errors).toMatchObject({ username: ['moreThan4'], email: ['invalidEmail'], password: ['moreThan7'] });
    expect(bad.body.errors.area[0]).toBe('required');
    const dup = await api.post(STAFF, newStaff(), admin.accessToken);
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ username: ['taken'], email: ['taken'] });
    const wrongArea = await api.post(
      STAFF,
      { ...newStaff(), username: 'staff.x1', email: 'x1@demo-company.example', area: market.userData.area },
      admin.accessToken,
    );
    expect(wrongArea.status).toBe(400);
    expect(Object.keys(wrongArea.body.errors)).toEqual(['area']);
    const missing = await api.post(STAFF, {}, admin.accessToken);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['username', 'password', 'displayName', 'email', 'area']));
  });

  it('updates with the current version and answers 409 for a stale one', async () => {
    const current = (await api.get(`${STAFF}/${id}`, admin.accessToken)).body.data;
    const body = { displayName: 'Phuket Lead', email: current.email, appid: current.appid, area: current.area, status: 'active', version: current.version };
    const first = await api.request('PUT', `${STAFF}/${id}`, { token: admin.accessToken, body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ displayName: 'Phuket Lead', version: current.version + 1 });
    const stale = await api.request('PUT', `${STAFF}/${id}`, { token: admin.accessToken, body: { ...body, displayName: 'Lost update' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ status: false, message: 'CONFLICT' });
    expect((await api.get(`${STAFF}/${id}`, admin.accessToken)).body.data.displayName).toBe('Phuket Lead');
    const noVersion = await api.request('PUT', `${STAFF}/${id}`, { token: admin.accessToken, body: { ...body, version: undefined } });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors).toHaveProperty('version');
    expect((await api.request('PUT', `${STAFF}/777777`, { token: admin.accessToken, body })).status).toBe(404);
  });

  it('moving a staff member to another area ends their sessions', async () => {
    const login = await api.login({ username: 'staff.pkt', password: 'Phuket#1' });
    expect((await api.get('/api/admin/Permission/getPermission', login.accessToken)).status).toBe(200);
    const current = (await api.get(`${STAFF}/${id}`, admin.accessToken)).body.data;
    const areas = await api.get('/api/admin/Delivery/Setting/ServiceArea?status=AreaClose', admin.accessToken);
    const phuket = areas.body.data[0].id;
    const moved = await api.request('PUT', `${STAFF}/${id}`, {
      token: admin.accessToken,
      body: { displayName: current.displayName, email: current.email, appid: current.appid, area: phuket, status: 'active', version: current.version },
    });
    expect(moved.body.data.areaName).toBe('Phuket');
    expect((await api.get('/api/admin/Permission/getPermission', login.accessToken)).status).toBe(401);
    expect((await api.login({ username: 'staff.pkt', password: 'Phuket#1' })).userData.area).toBe(phuket);
  });

  it('deletes softly (404 afterwards, sign-in refused) and restores', async () => {
    const login = await api.login({ username: 'staff.pkt', password: 'Phuket#1' });
    const del = await api.request('DELETE', `${STAFF}/${id}`, { token: admin.accessToken });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ status: true });
    expect((await api.get(`${STAFF}/${id}`, admin.accessToken)).status).toBe(404);
    expect((await api.request('DELETE', `${STAFF}/${id}`, { token: admin.accessToken })).status).toBe(404);
    expect((await api.get('/api/admin/Permission/getPermission', login.accessToken)).status).toBe(401);
    expect((await api.post('/api/admin/auth/login', { username: 'staff.pkt', password: 'Phuket#1' })).body.status).toBe(false);
    const deleted = await api.get(`${STAFF}?deleted=1`, admin.accessToken);
    expect(deleted.body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(deleted.body.data[0].deletedAt).not.toBeNull();

    const restored = await api.post(`${STAFF}/${id}/restore`, undefined, admin.accessToken);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ id, deletedAt: null });
    expect((await api.post(`${STAFF}/${id}/restore`, undefined, admin.accessToken)).status).toBe(404);
    expect((await api.login({ username: 'staff.pkt', password: 'Phuket#1' })).status).toBe(true);
  });

  it('never touches admins through this resource', async () => {
    expect((await api.get(`${STAFF}/${admin.userData.uid}`, admin.accessToken)).status).toBe(404);
    expect((await api.request('DELETE', `${STAFF}/${admin.userData.uid}`, { token: admin.accessToken })).status).toBe(404);
    expect((await api.get(`${STAFF}/not-a-number`, admin.accessToken)).status).toBe(404);
  });
});
