import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, portalHeaders, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Login = any;
let api: TestServer;
let admin: Login;
let bkk: Login;
let cnx: Login;
let market: Login;
let areasByName: Record<string, string>;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  const list = await api.get('/api/admin/Delivery/Setting/ServiceArea?pageSize=100', admin.accessToken);
  areasByName = Object.fromEntries(list.body.data.map((a: { name: string; id: string }) => [a.name, a.id]));
});
afterAll(async () => {
  await api?.close();
});

const forbidden = { status: false, message: 'You are not authorized' };

describe('tenant headers must agree with the token', () => {
  it('accepts the headers the portal sends, and none at all', async () => {
    expect((await api.get('/api/admin/Delivery/Dashboard', bkk.accessToken, portalHeaders(bkk))).status).toBe(200);
    expect((await api.get('/api/admin/Delivery/Dashboard', bkk.accessToken)).status).toBe(200);
    expect((await api.get('/api/admin/Dashboard', admin.accessToken, portalHeaders(admin))).status).toBe(200);
  });

  it.each([
    ['office', '999'],
    ['companies', '999'],
    ['appid', '999'],
    ['area', '999'],
    ['apptype', 'Marketplace'],
    ['userrole', 'admin'],
    ['session', 'another-session'],
  ])('answers 403 when %s disagrees', async (header, value) => {
    const res = await api.get('/api/admin/Permission/getPermission', bkk.accessToken, { ...portalHeaders(bkk), [header]: value });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });

  it("lets an admin name any app of the company, but not another company's", async () => {
    const own = await api.get('/api/admin/Marketplace/Dashboard', admin.accessToken, { ...portalHeaders(admin), appid: market.userData.appid });
    expect(own.status).toBe(200);
    const other = await api.post('/api/admin/auth/register', { displayName: 'Other Co', email: 'owner@other.example', password: 'secret12' });
    const otherAdmin = other.body;
    expect((await api.get('/api/admin/Dashboard', otherAdmin.accessToken, { appid: admin.userData.appid })).status).toBe(403);
    expect((await api.get('/api/admin/Dashboard', otherAdmin.accessToken, { area: areasByName.Bangkok! })).status).toBe(403);
    expect((await api.get('/api/admin/Dashboard', otherAdmin.accessToken, { companies: admin.userData.companies })).status).toBe(403);
  });
});

describe('area scoping', () => {
  it('shows a staff member only their own area', async () => {
    const list = await api.get('/api/admin/Delivery/Setting/ServiceArea', bkk.accessToken);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ status: true, total: 1, page: 1, pageSize: 25 });
    expect(list.body.data[0]).toMatchObject({ id: bkk.userData.area, name: 'Bangkok', status: 'AreaReady' });
    expect((await api.get(`/api/admin/Delivery/Setting/ServiceArea/${bkk.userData.area}`, bkk.accessToken)).status).toBe(200);
    const other = await api.get(`/api/admin/Delivery/Setting/ServiceArea/${areasByName['Chiang Mai']}`, bkk.accessToken);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ status: false, message: 'NOT_FOUND_DATA' });
  });

  it('shows an admin every area of the app, with filters', async () => {
    const all = await api.get('/api/admin/Delivery/Setting/ServiceArea?sort=name&order=desc', admin.accessToken);
    expect(all.body.data.map((a: { name: string }) => a.name)).toEqual(['Phuket', 'Chiang Mai', 'Bangkok']);
    const closed = await api.get('/api/admin/Delivery/Setting/ServiceArea?status=AreaClose', admin.accessToken);
    expect(closed.body.data.map((a: { name: string }) => a.name)).toEqual(['Phuket']);
  });

  it("refuses another service's data to staff, and needs the permission", async () => {
    expect((await api.get('/api/admin/Marketplace/Setting/ServiceArea', bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Marketplace/Dashboard', bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/Setting/ServiceArea', cnx.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/Setting/ServiceArea', market.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Marketplace/Setting/ServiceArea', market.accessToken)).body.total).toBe(1);
    expect((await api.get('/api/admin/Nowhere/Dashboard', admin.accessToken)).status).toBe(404);
  });
});

describe('dashboards', () => {
  it('counts the whole company for an admin and one area for staff', async () => {
    const company = await api.get('/api/admin/Dashboard', admin.accessToken);
    expect(company.body).toMatchObject({ status: true, data: { apps: 2, areas: 6, staffUsers: 3 } });
    const staffView = await api.get('/api/admin/Dashboard', bkk.accessToken);
    expect(staffView.body.data).toMatchObject({ apps: 1, areas: 1, staffUsers: 1 });

    const delivery = await api.get('/api/admin/Delivery/Dashboard', admin.accessToken);
    expect(delivery.body.data).toMatchObject({ areas: 3, areasReady: 2, shops: 151, members: 27, bikers: 7, staffUsers: 2 });
    expect((await api.get('/api/admin/Delivery/Dashboard', bkk.accessToken)).body.data).toMatchObject({
      areas: 1,
      areasReady: 1,
      shops: 52,
      members: 18,
      bikers: 3,
      staffUsers: 1,
    });
    expect((await api.get('/api/admin/Delivery/Dashboard', cnx.accessToken)).body.data).toMatchObject({ shops: 50, members: 8, bikers: 3 });
    expect((await api.get('/api/admin/Marketplace/Dashboard', market.accessToken)).body.data).toMatchObject({ shops: 51, members: 8, bikers: 2 });
  });

  it("gives another company nothing of the demo company's", async () => {
    const other = await api.login({ username: 'owner@other.example', password: 'secret12' });
    expect((await api.get('/api/admin/Dashboard', other.accessToken)).body.data).toMatchObject({ apps: 0, areas: 0, staffUsers: 0, ordersMonth: 0 });
    expect((await api.get('/api/admin/Delivery/Dashboard', other.accessToken)).status).toBe(404);
    expect((await api.get(`/api/admin/AdminUser/view/${admin.userData.uid}`, other.accessToken)).status).toBe(404);
    expect((await api.get('/api/admin/Users/Staff', other.accessToken)).body.total).toBe(0);
    expect((await api.get(`/api/admin/Users/Staff/${bkk.userData.uid}`, other.accessToken)).status).toBe(404);
  });
});

describe('GET /api/admin/AdminUser/view/{uid}', () => {
  it('answers data.root; staff may read only themselves', async () => {
    const adminView = await api.get(`/api/admin/AdminUser/view/${admin.userData.uid}`, admin.accessToken);
    expect(adminView.body).toMatchObject({ status: true, data: { uid: admin.userData.uid, root: true, userRole: 'admin' } });
    expect((await api.get(`/api/admin/AdminUser/view/${bkk.userData.uid}`, admin.accessToken)).body.data).toMatchObject({
      root: false,
      area: bkk.userData.area,
    });
    expect((await api.get(`/api/admin/AdminUser/view/${bkk.userData.uid}`, bkk.accessToken)).body.data.username).toBe('staff.bkk');
    expect((await api.get(`/api/admin/AdminUser/view/${admin.userData.uid}`, bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/AdminUser/view/abc', admin.accessToken)).status).toBe(404);
    expect((await api.get('/api/admin/AdminUser/view/424242', admin.accessToken)).status).toBe(404);
  });
});
