import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCatalogue } from '@contract/access';
import { SERVICE_ACTIONS, can, type PermissionList } from '@contract/access';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Login = any;
let api: TestServer;
let admin: Login;
let bkk: Login;
let cnx: Login;
let market: Login;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const GET = '/api/admin/Permission/getPermission';
const SET = '/api/admin/Menu/setMenu';
const list = async (token: string): Promise<PermissionList> => {
  const res = await api.get(GET, token);
  expect(res.status).toBe(200);
  expect(res.body.status).toBe(true);
  return res.body.data;
};
const items = (l: PermissionList, services: string) => l.find((e) => e.services === services)?.data ?? [];
const catalogueNames = (services: string) => permissionCatalogue().find((c) => c.services === services)!.names;
/** The action permissions (Wallet Adjust): the demo staff hold none of them, whatever their menus. */
const isAction = (name: string) => SERVICE_ACTIONS.some((a) => a.permission === name);

describe('getPermission: the demo users of ARCHITECTURE.md section 3', () => {
  it('admin: every flag on every registry entry', async () => {
    const l = await list(admin.accessToken);
    for (const services of ['Admin', 'Delivery', 'Marketplace']) {
      expect(
        items(l, services)
          .map((i) => i.name)
          .sort(),
      ).toEqual([...catalogueNames(services)].sort());
      expect(items(l, services).every((i) => i.read && i.write && i.create && i.delete)).toBe(true);
    }
  });

  it('staff.bkk: read, write and create on every Delivery menu, delete off, no Wallet Adjust; company entries default', async () => {
    const l = await list(bkk.accessToken);
    expect(items(l, 'Delivery').length).toBe(catalogueNames('Delivery').length);
    const [actions, menus] = [items(l, 'Delivery').filter((i) => isAction(i.name)), items(l, 'Delivery').filter((i) => !isAction(i.name))];
    expect(menus.every((i) => i.read && i.write && i.create && !i.delete)).toBe(true);
    expect(actions.map((i) => i.name)).toEqual(['Service Delivery Wallet Adjust']);
    expect(actions.every((i) => !i.read && !i.write && !i.create && !i.delete)).toBe(true);
    expect(can(l, 'Admin', 'Company Dashboard', 'read')).toBe(true);
    expect(can(l, 'Admin', 'Company Users Staff', 'read')).toBe(false);
    expect(can(l, 'Marketplace', 'Service Marketplace Shop', 'read')).toBe(false);
  });

  it('staff.cnx: the default set-up, only the dashboards readable', async () => {
    const l = await list(cnx.accessToken);
    const on = l.flatMap((e) =>
      e.data.filter((i) => i.read || i.write || i.create || i.delete).map((i) => `${e.services}|${i.name}|${i.read}${i.write}${i.create}${i.delete}`),
    );
    expect(on.sort()).toEqual([
      'Admin|Company Dashboard|truefalsefalsefalse',
      'Delivery|Service Delivery Dashboard|truefalsefalsefalse',
      'Marketplace|Service Marketplace Dashboard|truefalsefalsefalse',
    ]);
  });

  it('staff.market: every Marketplace menu flag on, no Wallet Adjust', async () => {
    const l = await list(market.accessToken);
    expect(items(l, 'Marketplace').every((i) => isAction(i.name) !== (i.read && i.write && i.create && i.delete))).toBe(true);
    expect(can(l, 'Marketplace', 'Service Marketplace Wallet Adjust', 'create')).toBe(false);
    expect(
      items(l, 'Delivery')
        .filter((i) => i.read)
        .map((i) => i.name),
    ).toEqual(['Service Delivery Dashboard']);
  });
});

describe('setMenu', () => {
  const menu = {
    menuName: [
      {
        services: 'Delivery',
        data: [
          { name: 'Service Delivery Brand New', read: true, write: true, create: true, delete: true },
          { name: 'Service Delivery Shop', read: false, write: false, create: false, delete: false },
        ],
      },
      { services: 'Admin', data: [{ name: 'Company Audit', read: true, write: false, create: false, delete: false }] },
    ],
  };

  it("is an administrator's call: staff are refused and nothing is stored", async () => {
    for (const staff of [cnx, bkk]) expect((await api.post(SET, menu, staff.accessToken)).status).toBe(403);
    expect(items(await list(admin.accessToken), 'Delivery').some((i) => i.name === 'Service Delivery Brand New')).toBe(false);
  });

  it('adds the missing rows for every user with the default flags, keeping existing rows', async () => {
    const res = await api.post(SET, menu, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, data: { entries: 2, rows: 8 } });

    const staff = await list(cnx.accessToken);
    expect(items(staff, 'Delivery').find((i) => i.name === 'Service Delivery Brand New')).toEqual({
      name: 'Service Delivery Brand New',
      read: false,
      write: false,
      create: false,
      delete: false,
    });
    expect(items(staff, 'Admin').find((i) => i.name === 'Company Audit')).toMatchObject({ read: false });
    const bkkList = await list(bkk.accessToken);
    expect(can(bkkList, 'Delivery', 'Service Delivery Shop', 'write')).toBe(true);
    expect(can(bkkList, 'Delivery', 'Service Delivery Brand New', 'read')).toBe(false);
    const adminList = await list(admin.accessToken);
    expect(items(adminList, 'Delivery').find((i) => i.name === 'Service Delivery Brand New')).toEqual({
      name: 'Service Delivery Brand New',
      read: true,
      write: true,
      create: true,
      delete: true,
    });
    // the last entries keep catalogue order
    expect(items(adminList, 'Delivery').at(-1)!.name).toBe('Service Delivery Brand New');

    const again = await api.post(SET, menu, admin.accessToken);
    expect(again.body).toEqual({ status: true, data: { entries: 0, rows: 0 } });
  });

  it('makes a new dashboard entry readable by default', async () => {
    // Remove the row to simulate a user who never had it, then let setMenu restore the default.
    await api.db.db.execute(`DELETE FROM permissions WHERE name = 'Service Marketplace Dashboard' AND user_id = ${cnx.userData.uid}`);
    await api.post(
      SET,
      { menuName: [{ services: 'Marketplace', data: [{ name: 'Service Marketplace Dashboard', read: false, write: false, create: false, delete: false }] }] },
      cnx.accessToken,
    );
    expect(can(await list(cnx.accessToken), 'Marketplace', 'Service Marketplace Dashboard', 'read')).toBe(true);
  });

  it('rejects unknown services and malformed bodies', async () => {
    const res = await api.post(SET, { menuName: [{ services: 'Laundry', data: [] }] }, admin.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('menuName.0.services');
    expect((await api.post(SET, { menuName: [{ services: 'Admin', data: [{ name: 'X' }] }] }, admin.accessToken)).status).toBe(400);
    expect((await api.post(SET, menu)).status).toBe(401);
  });
});

describe("a staff member's permissions (Users/Staff screen)", () => {
  const path = () => `/api/admin/Users/Staff/${cnx.userData.uid}/permission`;

  it('reads and changes them (admin only), and the change takes effect', async () => {
    const before = await api.get(path(), admin.accessToken);
    expect(before.status).toBe(200);
    expect(can(before.body.data, 'Delivery', 'Service Delivery Setting ServiceArea', 'read')).toBe(false);
    expect((await api.get('/api/admin/Delivery/Setting/ServiceArea', cnx.accessToken)).status).toBe(403);

    const change = [{ services: 'Delivery', data: [{ name: 'Service Delivery Setting ServiceArea', read: true, write: false, create: false, delete: false }] }];
    const put = await api.request('PUT', path(), { token: admin.accessToken, body: change });
    expect(put.status).toBe(200);
    expect(can(put.body.data, 'Delivery', 'Service Delivery Setting ServiceArea', 'read')).toBe(true);
    expect(can(put.body.data, 'Delivery', 'Service Delivery Dashboard', 'read')).toBe(true);
    expect((await api.get('/api/admin/Delivery/Setting/ServiceArea', cnx.accessToken)).body.total).toBe(1);
  });

  it('refuses staff callers, admins, unknown ids and bad bodies', async () => {
    expect((await api.get(path(), bkk.accessToken)).status).toBe(403);
    expect((await api.request('PUT', path(), { token: bkk.accessToken, body: [] })).status).toBe(403);
    expect((await api.get(`/api/admin/Users/Staff/${admin.userData.uid}/permission`, admin.accessToken)).status).toBe(404);
    expect((await api.get('/api/admin/Users/Staff/987654/permission', admin.accessToken)).status).toBe(404);
    expect((await api.request('PUT', path(), { token: admin.accessToken, body: { services: 'Admin' } })).status).toBe(400);
  });
});
