import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
const O = '/api/admin/Information/Offices';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const office = (extra: Record<string, unknown> = {}) => ({ name: 'Phuket Branch', address: '1 Beach Road, Phuket 83000', ...extra });

/** Office is a company resource mounted by the generic CRUD layer (contract/resources/office.ts). */
describe('Information/Offices (a company resource of the generic CRUD layer)', () => {
  it("lists the company's offices, the seeded head office first by name", async () => {
    const res = await api.get(`${O}?sort=name&order=asc`, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: Loose) => r.name)).toEqual(['Chiang Mai Branch', 'Head Office']);
    expect(res.body.data[1]).toMatchObject({ taxId: '0105561000001', phone: '021234567', areaId: null, appId: null });
  });

  it("creates with the contract's defaults and normalises phone, tax id and e-mail", async () => {
    const res = await api.post(O, office({ phone: '081-234-5678', taxId: '0 1055 61000 00 2', email: ' Phuket@Demo.Example ' }), admin.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Phuket Branch',
      phone: '0812345678',
      taxId: '0105561000002',
      email: 'phuket@demo.example',
      contactName: '',
      version: 1,
    });
    expect(res.body.data.updatedBy).toMatchObject({ uid: String(admin.userData.uid) });
  });

  it('answers each bad field with its code', async () => {
    const bad = await api.post(O, { name: '', taxId: '12345', phone: '12', email: 'not-mail', address: 'x'.repeat(201) }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: ['required'], taxId: ['invalidTaxId'], phone: ['invalidPhone'], email: ['invalidEmail'], address: ['tooLong200'] });
  });

  it('updates with the version and answers 409 with the office as it is now when stale', async () => {
    const row = (await api.post(O, office({ name: 'Versioned office' }), admin.accessToken)).body.data;
    const first = await send('PUT', `${O}/${row.id}`, admin.accessToken, office({ name: 'Versioned office 2', version: row.version }));
    expect(first.status).toBe(200);
    const stale = await send('PUT', `${O}/${row.id}`, admin.accessToken, office({ name: 'Lost', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'CONFLICT', data: { name: 'Versioned office 2', version: 2 } });
  });

  it('refuses to delete an office people work at (IN_USE), alone or in bulk; deletes and restores an empty one', async () => {
    const list = (await api.get(`${O}?q=Head`, admin.accessToken)).body.data;
    const head = list.find((r: Loose) => r.name === 'Head Office');
    const used = await send('DELETE', `${O}/${head.id}`, admin.accessToken);
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('IN_USE');
    const empty = (await api.post(O, office({ name: 'Short-lived office' }), admin.accessToken)).body.data;
    expect((await send('DELETE', `${O}?ids=${empty.id},${head.id}`, admin.accessToken)).status).toBe(409);
    expect((await api.get(`${O}/${empty.id}`, admin.accessToken)).status).toBe(200);
    expect((await send('DELETE', `${O}/${empty.id}`, admin.accessToken)).status).toBe(200);
    expect((await api.get(`${O}?deleted=1`, admin.accessToken)).body.data.map((r: Loose) => r.name)).toContain('Short-lived office');
    expect((await send('POST', `${O}/${empty.id}/restore`, admin.accessToken)).status).toBe(200);
    expect((await api.get(`${O}/${empty.id}`, admin.accessToken)).body.data.deletedAt).toBeNull();
  });

  it('exports the list as CSV', async () => {
    const res = await fetch(`${api.url}${O}/export?sort=name&order=asc`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(res.status).toBe(200);
    const [header, ...lines] = (await res.text()).trim().split(/\r?\n/);
    expect(header).toBe('id,name,address,taxId,phone,email,contactName,createdAt');
    expect(lines.some((l) => l.includes('Head Office'))).toBe(true);
  });

  it('is for administrators: staff are refused every operation', async () => {
    const head = (await api.get(`${O}?q=Head`, admin.accessToken)).body.data[0];
    for (const [method, path, body] of [
      ['GET', O],
      ['GET', `${O}/${head.id}`],
      ['POST', O, office()],
      ['PUT', `${O}/${head.id}`, office({ version: head.version })],
      ['DELETE', `${O}/${head.id}`],
      ['GET', `${O}/export`],
    ] as const) {
      const res = await send(method, path, bkk.accessToken, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("keeps companies apart: another company's admin sees only its own head office", async () => {
    await api.post('/api/admin/auth/register', { displayName: 'Office Other Co', email: 'owner@offices-other.example', password: 'secret12' });
    const other = await api.login({ username: 'owner@offices-other.example', password: 'secret12' });
    const theirs = await api.get(O, other.accessToken);
    expect(theirs.body.data.map((r: Loose) => r.name)).toEqual(['Head Office']);
    const head = (await api.get(`${O}?q=Head`, admin.accessToken)).body.data[0];
    expect(head.id).not.toBe(theirs.body.data[0].id);
    expect((await api.get(`${O}/${head.id}`, other.accessToken)).status).toBe(404);
    expect((await send('DELETE', `${O}/${head.id}`, other.accessToken)).status).toBe(404);
  });
});

describe('Information/Company: the company itself', () => {
  const C = '/api/admin/Information/Company';
  it('reads and changes the particulars with the version; a stale save is 409 with the company as it is now', async () => {
    const company = (await api.get(C, admin.accessToken)).body.data;
    expect(company).toMatchObject({ name: expect.any(String), taxId: '', version: 1 });
    const bad = await send('PUT', C, admin.accessToken, { name: '', taxId: '123', logoUrl: 'ftp://x', version: 1 });
    expect(bad.body.errors).toEqual({ name: ['required'], taxId: ['invalidTaxId'], logoUrl: ['invalidUrl'] });
    const saved = await send('PUT', C, admin.accessToken, { name: 'Demo Delivery Co., Ltd.', taxId: '0105561000009', address: '99 Rama IV Road', version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Demo Delivery Co., Ltd.',
      taxId: '0105561000009',
      version: 2,
      updatedBy: { uid: String(admin.userData.uid) },
    });
    const stale = await send('PUT', C, admin.accessToken, { name: 'Lost', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ name: 'Demo Delivery Co., Ltd.', version: 2 });
  });

  it('is for administrators: staff are refused', async () => {
    expect((await api.get(C, bkk.accessToken)).status).toBe(403);
    expect((await send('PUT', C, bkk.accessToken, { name: 'X', version: 2 })).status).toBe(403);
  });
});
