import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { appPost, foodOrder, orderWorld, parcelOrder, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
const C = '/api/admin/Delivery/Config/App';
const appGet = (path: string, token: string, key = TEST_APP_API_KEY) => api.get(path, token, { [APP_KEY_HEADER]: key });
const put = (token: string, body: unknown) => api.request('PUT', C, { token, body });

/** The settings as last read, as a save's body (every group, the version). */
async function current(token: string): Promise<Loose> {
  const { id: _id, appId: _app, createdAt: _c, updatedAt: _u, updatedBy: _by, ...body } = (await api.get(C, token)).body.data;
  return body;
}

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'AppConfig');
});
afterAll(async () => {
  await api?.close();
});

describe('Config/App: who may', () => {
  it('is the admins’ alone: staff get 403 for the settings, their history and a save', async () => {
    for (const staff of [w.bkk, w.cnx]) {
      expect((await api.get(C, staff.accessToken)).status).toBe(403);
      expect((await api.get(`${C}/History`, staff.accessToken)).status).toBe(403);
      expect((await put(staff.accessToken, await current(w.admin.accessToken))).status).toBe(403);
    }
    expect((await api.get('/api/admin/Marketplace/Config/App', w.market.accessToken)).status).toBe(403);
  });
});

describe('Config/App: every group, validated with the spec’s bounds', () => {
  it('starts with the seeded contacts and the defaults of the other groups', async () => {
    const s = (await api.get(C, w.admin.accessToken)).body.data;
    expect(s).toMatchObject({ acceptTimeoutSeconds: 60, minimumOrder: 0, paymentWaitHours: 24, maintenance: false });
    expect(s.supportPhone).not.toBe('');
  });

  it('answers each bound with its code, at the edge and one past it', async () => {
    const body = await current(w.admin.accessToken);
    const errorsOf = async (change: Record<string, unknown>) => (await put(w.admin.accessToken, { ...body, ...change })).body.errors;
    expect(await errorsOf({ acceptTimeoutSeconds: 24 })).toEqual({ acceptTimeoutSeconds: ['gte25'] });
    expect(await errorsOf({ paymentWaitHours: 25 })).toEqual({ paymentWaitHours: ['thanMore24'] });
    expect(await errorsOf({ paymentWaitHours: 0 })).toEqual({ paymentWaitHours: ['outOfRange'] });
    expect(await errorsOf({ supportLineId: 'abcd' })).toEqual({ supportLineId: ['moreThan4'] });
    expect(await errorsOf({ maintenanceMessage: 'x'.repeat(51) })).toEqual({ maintenanceMessage: ['tooLong50'] });
    expect(await errorsOf({ supportPhone: '', supportEmail: '', supportLineId: '' })).toEqual({
      supportPhone: ['incompleteSettings'],
      supportEmail: ['incompleteSettings'],
      supportLineId: ['incompleteSettings'],
    });
    expect(await errorsOf({ maintenance: true, maintenanceMessage: '' })).toEqual({ maintenanceMessage: ['required'] });
    // Nothing refused was kept, and the edges themselves pass.
    expect((await api.get(C, w.admin.accessToken)).body.data.version).toBe(body.version);
    const edge = await put(w.admin.accessToken, { ...body, acceptTimeoutSeconds: 25, paymentWaitHours: 24, supportLineId: 'abcde' });
    expect(edge.status).toBe(200);
    expect(edge.body.data).toMatchObject({ acceptTimeoutSeconds: 25, paymentWaitHours: 24, supportLineId: 'abcde', version: body.version + 1 });
  });
});

describe('Config/App: saving', () => {
  it('records one history entry per changed field with who and when, and refuses a stale version keeping the other save', async () => {
    const body = await current(w.admin.accessToken);
    const before = (await api.get(`${C}/History`, w.admin.accessToken)).body.data as Loose[];
    const saved = await put(w.admin.accessToken, { ...body, acceptTimeoutSeconds: 90, supportEmail: 'help@bite.example', pointsPer100Baht: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ acceptTimeoutSeconds: 90, supportEmail: 'help@bite.example', updatedBy: { uid: String(w.admin.userData.uid) } });
    const history = (await api.get(`${C}/History`, w.admin.accessToken)).body.data as Loose[];
    const added = history.slice(0, history.length - before.length);
    const changed = Object.fromEntries(added.map((c) => [c.field, [c.before, c.after]]));
    const expected: Record<string, unknown[]> = {
      acceptTimeoutSeconds: [body.acceptTimeoutSeconds, 90],
      supportEmail: [body.supportEmail, 'help@bite.example'],
    };
    if (body.pointsPer100Baht !== 2) expected.pointsPer100Baht = [body.pointsPer100Baht, 2];
    expect(changed).toEqual(expected);
    for (const c of added) {
      expect(c.changedBy).toEqual({ uid: String(w.admin.userData.uid), displayName: expect.any(String) });
      expect(Date.parse(c.changedAt)).toBeGreaterThan(Date.parse(before[0]?.changedAt ?? '2000-01-01'));
    }
    const stale = await put(w.admin.accessToken, { ...body, acceptTimeoutSeconds: 120 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ acceptTimeoutSeconds: 90, version: body.version + 1 });
    // The refused save wrote no history.
    expect((await api.get(`${C}/History`, w.admin.accessToken)).body.data).toHaveLength(history.length);
  });

  it('saving the same values again records nothing', async () => {
    const body = await current(w.admin.accessToken);
    const count = (await api.get(`${C}/History`, w.admin.accessToken)).body.data.length;
    expect((await put(w.admin.accessToken, body)).status).toBe(200);
    expect((await api.get(`${C}/History`, w.admin.accessToken)).body.data).toHaveLength(count);
  });
});

describe('Config/App: what a saved setting does', () => {
  it('refuses a food order below the minimum order, with the minimum; parcels and orders at the minimum pass', async () => {
    const body = await current(w.admin.accessToken);
    expect((await put(w.admin.accessToken, { ...body, minimumOrder: 20_000 })).status).toBe(200);
    // Two dishes of 60 baht: 120 baht.
    const below = await appPost(api, '/api/admin/Delivery/Orders', foodOrder(w.members.bkk, w.shops.bkk), w.admin.accessToken);
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual({ items: ['belowMinimumOrder'] });
    expect(below.body.data.params.items.limit).toBe(20_000);
    expect((await appPost(api, '/api/admin/Delivery/OrdersMessenger', parcelOrder(w.members.bkk), w.admin.accessToken)).status).toBe(201);
    const next = await current(w.admin.accessToken);
    expect((await put(w.admin.accessToken, { ...next, minimumOrder: 12_000 })).status).toBe(200);
    expect((await appPost(api, '/api/admin/Delivery/Orders', foodOrder(w.members.bkk, w.shops.bkk), w.admin.accessToken)).status).toBe(201);
    // The Marketplace's own settings are untouched.
    expect((await api.get('/api/admin/Marketplace/Config/App', w.admin.accessToken)).body.data.minimumOrder).toBe(0);
  });

  it('in maintenance the app channel takes no new order (503 with the message), and takes them again after', async () => {
    const body = await current(w.admin.accessToken);
    expect((await put(w.admin.accessToken, { ...body, minimumOrder: 0, maintenance: true, maintenanceMessage: 'Back at 6 pm' })).status).toBe(200);
    const refused = await appPost(api, '/api/admin/Delivery/Orders', foodOrder(w.members.bkk, w.shops.bkk), w.admin.accessToken);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'UNDER_MAINTENANCE', data: { message: 'Back at 6 pm' } });
    const config = (await appGet('/api/app/Delivery/Config', w.bkk.accessToken)).body.data;
    expect(config).toMatchObject({ maintenance: true, maintenanceMessage: 'Back at 6 pm', minimumOrder: 0 });
    const off = await current(w.admin.accessToken);
    expect((await put(w.admin.accessToken, { ...off, maintenance: false })).status).toBe(200);
    expect((await appPost(api, '/api/admin/Delivery/Orders', foodOrder(w.members.bkk, w.shops.bkk), w.admin.accessToken)).status).toBe(201);
  });

  it('gives the apps their settings on the app channel only: with the key, never on the back-office path', async () => {
    const body = await current(w.admin.accessToken);
    const res = await appGet('/api/app/Delivery/Config', w.bkk.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      acceptTimeoutSeconds: body.acceptTimeoutSeconds,
      minimumOrder: body.minimumOrder,
      paymentWaitHours: body.paymentWaitHours,
      supportPhone: body.supportPhone,
      supportEmail: body.supportEmail,
      supportLineId: body.supportLineId,
      maintenance: body.maintenance,
      maintenanceMessage: body.maintenanceMessage,
      distanceUnit: 'km',
      timeZone: 'Asia/Bangkok',
      defaultLanguage: 'en',
      companyName: expect.any(String),
      logoUrl: expect.any(String),
    });
    expect((await appGet('/api/app/Delivery/Config', w.bkk.accessToken, 'wrong-key')).status).toBe(403);
    expect((await api.get('/api/app/Delivery/Config', w.bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/app/Delivery/Config')).status).toBe(401);
    expect((await api.get('/api/admin/Delivery/Config', w.admin.accessToken)).status).toBe(404);
  });
});

describe('Config/App: one login', () => {
  it('an admin signed in anew reads what was saved', async () => {
    const admin = await api.login(DEMO.admin);
    expect((await api.get(C, admin.accessToken)).body.data.supportEmail).toBe('help@bite.example');
  });
});
