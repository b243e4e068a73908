import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Login = any;
let api: TestServer;
let admin: Login;
let bkk: Login;
let cnx: Login;
const ADMINS = '/api/admin/Users/Admin';
const STAFF = '/api/admin/Users/Staff';
const PERMISSION = (uid: string) => `${STAFF}/${uid}/permission`;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const newAdmin = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `admin.${n}`,
  password: 'Second#2026',
  displayName: `Admin ${n}`,
  email: `admin.${n}@demo-company.example`,
  ...extra,
});

/** The flag of one entry in a permission list. */
const flagOf = (list: { services: string; data: { name: string; read: boolean }[] }[], services: string, name: string) =>
  list.find((g) => g.services === services)?.data.find((i) => i.name === name);

describe('administrators', () => {
  it('lists the company administrators with root and the last sign-in', async () => {
    const res = await api.get(ADMINS, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ username: 'admin', root: true, status: 'active' })]);
    expect(Date.parse(res.body.data[0].lastSignInAt)).not.toBeNaN();
    const staff = await api.get(`${STAFF}?q=staff.cnx`, admin.accessToken);
    expect(Date.parse(staff.body.data[0].lastSignInAt)).not.toBeNaN();
  });

  it('lets only a root administrator add, edit or delete administrators', async () => {
    const created = await api.post(ADMINS, newAdmin('two'), admin.accessToken);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ username: 'admin.two', root: false, lastSignInAt: null });
    const two = await api.login({ username: 'admin.two', password: 'Second#2026' });
    // A non-root administrator reads the list but changes nobody in it.
    expect((await api.get(ADMINS, two.accessToken)).body.total).toBe(2);
    expect((await api.post(ADMINS, newAdmin('three'), two.accessToken)).status).toBe(403);
    const me = (await api.get(`${ADMINS}/${admin.userData.uid}`, two.accessToken)).body.data;
    const edit = await api.request('PUT', `${ADMINS}/${me.id}`, {
      token: two.accessToken,
      body: { displayName: 'Taken over', email: me.email, phone: '', status: 'suspended', root: false, version: me.version },
    });
    expect(edit.status).toBe(403);
    expect((await api.request('DELETE', `${ADMINS}/${me.id}`, { token: two.accessToken })).status).toBe(403);
    expect((await api.post(`${ADMINS}/${me.id}/reset-password`, undefined, two.accessToken)).status).toBe(403);
    expect((await api.get(`${ADMINS}/${me.id}`, admin.accessToken)).body.data).toMatchObject({ displayName: 'Demo Admin', status: 'active' });
    // Staff never reach the administrators.
    expect((await api.get(ADMINS, bkk.accessToken)).status).toBe(403);
  });

  it('keeps one active root: the last root is not demoted, suspended or deleted', async () => {
    const me = (await api.get(`${ADMINS}/${admin.userData.uid}`, admin.accessToken)).body.data;
    const demote = await api.request('PUT', `${ADMINS}/${me.id}`, {
      token: admin.accessToken,
      body: { displayName: me.displayName, email: me.email, phone: '', status: 'active', root: false, version: me.version },
    });
    expect(demote.status).toBe(400);
    expect(demote.body.errors).toEqual({ root: ['lastRoot'] });
    const del = await api.request('DELETE', `${ADMINS}/${me.id}`, { token: admin.accessToken });
    expect(del.status).toBe(403);
  });

  it('suspends an administrator: their sessions end and they cannot sign in', async () => {
    const created = (await api.post(ADMINS, newAdmin('four'), admin.accessToken)).body.data;
    const four = await api.login({ username: 'admin.four', password: 'Second#2026' });
    const res = await api.request('PUT', `${ADMINS}/${created.id}`, {
      token: admin.accessToken,
      body: { displayName: created.displayName, email: created.email, phone: '', status: 'suspended', root: false, version: created.version },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('suspended');
    expect((await api.get('/api/admin/Permission/getPermission', four.accessToken)).status).toBe(401);
    expect((await api.post('/api/admin/auth/login', { username: 'admin.four', password: 'Second#2026' })).body.status).toBe(false);
  });

  it('sends a reset code as the forgot-password flow does, and ends the sessions', async () => {
    const created = (await api.post(ADMINS, newAdmin('five'), admin.accessToken)).body.data;
    const five = await api.login({ username: 'admin.five', password: 'Second#2026' });
    const res = await api.post(`${ADMINS}/${created.id}/reset-password`, undefined, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sentTo: 'admin.five@demo-company.example' });
    expect((await api.get('/api/admin/Permission/getPermission', five.accessToken)).status).toBe(401);
    const mail = await api.get(`/api/dev/outbox?recipient=${encodeURIComponent('admin.five@demo-company.example')}`);
    expect(mail.status).toBe(200);
    expect(mail.body.data.otp).toMatch(/^\d{6}$/);
  });
});

describe('availability as the admin types', () => {
  it('answers for usernames, e-mails and phone numbers across both lists', async () => {
    const ask = async (field: string, value: string, path = STAFF) =>
      (await api.get(`${path}/available?field=${field}&value=${encodeURIComponent(value)}`, admin.accessToken)).body.data.available;
    expect(await ask('username', 'staff.bkk')).toBe(false);
    expect(await ask('username', 'ADMIN', ADMINS)).toBe(false);
    expect(await ask('username', 'staff.new')).toBe(true);
    expect(await ask('email', 'admin@demo-company.example')).toBe(false);
    expect(await ask('phone', '081-111-2222')).toBe(true);
    const withPhone = await api.post(ADMINS, newAdmin('phone', { phone: '0811112222' }), admin.accessToken);
    expect(withPhone.status).toBe(201);
    expect(await ask('phone', '081-111-2222')).toBe(false);
    expect(await ask('phone', '0811112222', ADMINS)).toBe(false);
    const clash = await api.post(STAFF, { ...newAdmin('clash', { phone: '0811112222' }), area: bkk.userData.area }, admin.accessToken);
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ phone: ['taken'] });
    expect((await api.get(`${STAFF}/available?field=username&value=x`, bkk.accessToken)).status).toBe(403);
  });

  it('names the areas a staff member can be placed in, with their app', async () => {
    const res = await api.get(`${STAFF}/areas`, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: bkk.userData.area, name: expect.stringContaining('Bangkok') })]));
    expect((await api.get(`${STAFF}/areas`, bkk.accessToken)).status).toBe(403);
  });

  it('takes the app from the area, and refuses an app that is not the area’s', async () => {
    const res = await api.post(STAFF, { ...newAdmin('placed'), area: bkk.userData.area }, admin.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ appid: bkk.userData.appid, AppType: 'Delivery', areaName: 'Bangkok' });
    const market = await api.login(DEMO.market);
    const wrong = await api.post(STAFF, { ...newAdmin('wrong'), area: bkk.userData.area, appid: market.userData.appid }, admin.accessToken);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ area: ['unknownReference'] });
  });
});

describe('the permission matrix', () => {
  it('changes flags, takes effect on the next permission fetch, and records who changed which flag', async () => {
    const uid = cnx.userData.uid;
    const before = (await api.get(PERMISSION(uid), admin.accessToken)).body.data;
    expect(flagOf(before, 'Delivery', 'Service Delivery Orders')).toMatchObject({ read: false });
    const put = await api.request('PUT', PERMISSION(uid), {
      token: admin.accessToken,
      body: [{ services: 'Delivery', data: [{ name: 'Service Delivery Orders', read: true, write: false, create: false, delete: false }] }],
    });
    expect(put.status).toBe(200);
    const mine = (await api.get('/api/admin/Permission/getPermission', cnx.accessToken)).body.data;
    expect(flagOf(mine, 'Delivery', 'Service Delivery Orders')).toMatchObject({ read: true });
    expect((await api.get('/api/admin/Delivery/Orders', cnx.accessToken)).status).toBe(200);

    // The same save again changes nothing and records nothing.
    await api.request('PUT', PERMISSION(uid), { token: admin.accessToken, body: put.body.data.filter((g: { services: string }) => g.services === 'Delivery') });
    const history = await api.get(`${PERMISSION(uid)}/history`, admin.accessToken);
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        services: 'Delivery',
        name: 'Service Delivery Orders',
        flag: 'read',
        value: true,
        changedBy: { uid: admin.userData.uid, displayName: 'Demo Admin' },
      }),
    ]);
    expect((await api.get(`${PERMISSION(uid)}/history`, bkk.accessToken)).status).toBe(403);
  });

  it('never lets a staff member raise their own flags: not through the matrix, setMenu or the permission PUT', async () => {
    const everything = [{ services: 'Delivery', data: [{ name: 'Service Delivery Orders', read: true, write: true, create: true, delete: true }] }];
    expect((await api.request('PUT', PERMISSION(bkk.userData.uid), { token: bkk.accessToken, body: everything })).status).toBe(403);
    expect((await api.request('PUT', PERMISSION(cnx.userData.uid), { token: bkk.accessToken, body: everything })).status).toBe(403);
    expect((await api.post('/api/admin/Menu/setMenu', { menuName: everything }, bkk.accessToken)).status).toBe(403);
    const mine = (await api.get('/api/admin/Permission/getPermission', bkk.accessToken)).body.data;
    expect(flagOf(mine, 'Delivery', 'Service Delivery Orders')).toMatchObject({ delete: false });
    // An administrator's own entries are not edited through the staff matrix either.
    expect((await api.request('PUT', PERMISSION(admin.userData.uid), { token: admin.accessToken, body: everything })).status).toBe(404);
  });
});
