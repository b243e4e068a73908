import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
const APPS = '/api/admin/ApplicationManager';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
});
afterAll(async () => {
  await api?.close();
});

describe('Application Manager', () => {
  it("lists the company's apps with their settings and areas", async () => {
    const res = await api.get(APPS, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: Loose) => [a.name, a.appType])).toEqual([
      ['Delivery', 'Delivery'],
      ['Marketplace', 'Marketplace'],
    ]);
    expect(res.body.data[0]).toMatchObject({ defaultLanguage: 'th', areas: 3, version: 1 });
  });

  it("adds one up to the plan's limit, then says 'Application limit reached', even to two adds at once", async () => {
    const body = (name: string) => ({ name, appType: 'Delivery', defaultLanguage: 'en', supportPhone: '021234567', supportEmail: 'help@demo-company.example' });
    // An admin's Delivery calls work in the company's first Delivery app until they name another (the `appid` header).
    const chats = (appid?: string) => api.get('/api/admin/Delivery/Chat?pageSize=10', admin.accessToken, appid ? { appid } : {});
    expect((await chats()).body.data.length).toBeGreaterThan(0);
    const [first, second] = await Promise.all([
      api.post(APPS, body('Delivery North'), admin.accessToken),
      api.post(APPS, body('Delivery South'), admin.accessToken),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    const refused = first.status === 400 ? first : second;
    expect(refused.body).toMatchObject({ status: false, message: 'Application limit reached', errors: { limit: ['applicationLimit'] } });
    // The new app is at once one the admin can name: its chat is empty, where the first app's is not.
    const made = first.status === 201 ? first : second;
    expect((await chats(String(made.body.data.id))).body.data).toEqual([]);
    expect((await chats()).body.data.length).toBeGreaterThan(0);
    expect((await api.get(APPS, admin.accessToken)).body.total).toBe(3);
    const plan = (await api.get('/api/admin/MyService', admin.accessToken)).body.data;
    expect(plan.limits.apps).toEqual({ used: 3, max: 3 });
  });

  it('edits an app with its version and refuses bad settings', async () => {
    const app = (await api.get(`${APPS}?q=Marketplace`, admin.accessToken)).body.data[0];
    const ok = await api.request('PUT', `${APPS}/${app.id}`, {
      token: admin.accessToken,
      body: { name: 'Marketplace', defaultLanguage: 'zh', supportPhone: '', supportEmail: '', version: app.version },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ defaultLanguage: 'zh', version: app.version + 1, updatedBy: { displayName: 'Demo Admin' } });
    const stale = await api.request('PUT', `${APPS}/${app.id}`, { token: admin.accessToken, body: { name: 'X', defaultLanguage: 'zh', version: app.version } });
    expect(stale.status).toBe(409);
    const bad = await api.request('PUT', `${APPS}/${app.id}`, {
      token: admin.accessToken,
      body: { name: '', defaultLanguage: 'fr', supportEmail: 'nope', version: ok.body.data.version },
    });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['defaultLanguage', 'name', 'supportEmail']);
  });

  it('is for administrators with the flag; staff are refused', async () => {
    expect((await api.get(APPS, bkk.accessToken)).status).toBe(403);
    expect((await api.post(APPS, { name: 'X', appType: 'Delivery' }, bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/MyService', bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Payment', bkk.accessToken)).status).toBe(403);
  });
});

describe('My services and Payment', () => {
  it('counts what the company uses against its plan', async () => {
    const res = await api.get('/api/admin/MyService', admin.accessToken);
    expect(res.body.data).toMatchObject({ plan: 'Business', services: ['Delivery', 'Marketplace'], monthlyFee: 499_000 });
    const staff = (await api.get('/api/admin/Users/Staff?pageSize=100', admin.accessToken)).body.total;
    expect(res.body.data.limits.staff).toEqual({ used: staff, max: 20 });
    expect(res.body.data.limits.areas.max).toBe(10);
    expect(res.body.data.limits.shops.used).toBeGreaterThan(0);
  });

  it('lists six months of invoices, the newest unpaid, the rest paid; an invoice shows its lines and payments', async () => {
    const list = (await api.get('/api/admin/Payment', admin.accessToken)).body.data as Loose[];
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({ state: 'unpaid', paid: 0 });
    expect(list.slice(1).every((i) => i.state === 'paid' && i.paid === i.amount)).toBe(true);
    const oldest = (await api.get(`/api/admin/Payment/${list[5].id}`, admin.accessToken)).body.data;
    expect(oldest.lines.reduce((s: number, l: Loose) => s + l.amount, 0)).toBe(oldest.amount);
    expect(oldest.payments).toHaveLength(2);
    expect(oldest.payments.reduce((s: number, p: Loose) => s + p.amount, 0)).toBe(oldest.amount);
    expect((await api.get('/api/admin/Payment/999999', admin.accessToken)).status).toBe(404);
  });

  it("keeps another company's plan and invoices apart", async () => {
    const other = await api.post('/api/admin/auth/register', { displayName: 'Other Co', email: 'owner@billing-other.example', password: 'Other#2026x' });
    const token = other.body.accessToken;
    expect((await api.get('/api/admin/Payment', token)).body.data).toEqual([]);
    const plan = (await api.get('/api/admin/MyService', token)).body.data;
    expect(plan).toMatchObject({ plan: '', limits: { apps: { max: 2 } } });
    const list = (await api.get('/api/admin/Payment', admin.accessToken)).body.data as Loose[];
    expect((await api.get(`/api/admin/Payment/${list[0].id}`, token)).status).toBe(404);
  });
});
