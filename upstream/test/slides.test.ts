import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, foreignImageKeys, startTestServer, testPicture, uploadImage, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const S = '/api/admin/Delivery/Slide';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const slide = (extra: Record<string, unknown> = {}) => ({ title: 'Rainy season promo', imageUrl: 'https://cdn.example.com/rain.png', active: true, ...extra });

/** The kit checks every picture a row names, in any resource it mounts: a slide has no prepare step of its own. */
describe("a slide's picture", () => {
  it("is the company's own upload or a web address: another company's upload and an unknown key are refused", async () => {
    const ours = await uploadImage(api, `${S}/Images`, bkk.accessToken, await testPicture(211));
    expect(ours.status).toBe(201);
    const made = await api.post(S, slide({ imageUrl: ours.body.data.key }), bkk.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.imageUrl).toBe(ours.body.data.key);

    for (const foreign of await foreignImageKeys(api, 'Slide Picture Co', 212)) {
      const res = await api.post(S, slide({ imageUrl: foreign }), bkk.accessToken);
      expect(res.status, foreign).toBe(400);
      expect(res.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
      const edit = await send('PUT', `${S}/${made.body.data.id}`, bkk.accessToken, slide({ imageUrl: foreign, version: 1 }));
      expect(edit.status, foreign).toBe(400);
      expect(edit.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
    }
    // An edit that keeps the picture, or changes it to a web address, passes.
    const kept = await send('PUT', `${S}/${made.body.data.id}`, bkk.accessToken, slide({ title: 'Kept', imageUrl: ours.body.data.key, version: 1 }));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const web = await send('PUT', `${S}/${made.body.data.id}`, bkk.accessToken, slide({ imageUrl: 'https://cdn.example.com/web.png', version: 2 }));
    expect(web.status, JSON.stringify(web.body)).toBe(200);
  });
});

/** Slide is mounted by the generic CRUD layer from contract/resources/slide.ts: this pins what that layer gives. */
describe('Slide (generic CRUD layer)', () => {
  it("creates with the contract's defaults, in the staff member's own area", async () => {
    const res = await api.post(S, slide({ areaId: '999' }), bkk.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      ...slide(),
      linkUrl: '',
      sortOrder: 0,
      startsOn: '',
      endsOn: '',
      version: 1,
      areaId: bkk.userData.area,
      updatedBy: { displayName: expect.any(String) },
    });
  });

  it('answers each bad field with its code, and a period that ends before it starts', async () => {
    const bad = await api.post(S, { title: '', imageUrl: 'javascript:alert(1)', linkUrl: 'x', sortOrder: -1, startsOn: '2026-13-01' }, bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      title: ['required'],
      imageUrl: ['invalidUrl'],
      linkUrl: ['invalidUrl'],
      sortOrder: ['notNegative'],
      active: ['required'],
      startsOn: ['invalidDate'],
    });
    const period = await api.post(S, slide({ startsOn: '2026-12-10', endsOn: '2026-12-01' }), bkk.accessToken);
    expect(period.body.errors).toEqual({ endsOn: ['endBeforeStart'] });
  });

  it('makes an admin name the area', async () => {
    expect((await api.post(S, slide(), admin.accessToken)).body.errors).toEqual({ areaId: ['required'] });
    const res = await api.post(S, slide({ areaId: bkk.userData.area }), admin.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data.areaId).toBe(bkk.userData.area);
  });

  it('updates with the version, 409 with the row as it is now when stale, and keeps areas apart', async () => {
    const row = (await api.post(S, slide({ title: 'Versioned' }), bkk.accessToken)).body.data;
    const first = await send('PUT', `${S}/${row.id}`, bkk.accessToken, slide({ title: 'Versioned 2', version: row.version }));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ title: 'Versioned 2', version: 2 });
    const stale = await send('PUT', `${S}/${row.id}`, admin.accessToken, slide({ title: 'Lost', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: 'CONFLICT', data: { title: 'Versioned 2', version: 2 } });
    expect((await send('PUT', `${S}/${row.id}`, bkk.accessToken, slide())).body.errors).toEqual({ version: ['required'] });
    // Chiang Mai's staff and the Marketplace app never see a Bangkok Delivery slide.
    expect((await api.get(`${S}/${row.id}`, cnx.accessToken)).status).toBe(403);
    expect((await api.get(`/api/admin/Marketplace/Slide/${row.id}`, market.accessToken)).status).toBe(404);
  });

  it('lists with sort, search and filters, deletes, lists the deleted and restores', async () => {
    await api.post(S, slide({ title: 'Zeta hidden', active: false }), bkk.accessToken);
    const inactive = await api.get(`${S}?active=false&q=zeta`, bkk.accessToken);
    expect(inactive.body.data.map((r: Loose) => r.title)).toEqual(['Zeta hidden']);
    const byTitle = await api.get(`${S}?sort=title&order=desc&pageSize=10`, bkk.accessToken);
    const titles = byTitle.body.data.map((r: Loose) => r.title);
    expect(titles).toEqual([...titles].sort().reverse());
    expect((await api.get(`${S}?colour=red`, bkk.accessToken)).status).toBe(400);

    const row = inactive.body.data[0];
    expect((await send('DELETE', `${S}/${row.id}`, admin.accessToken)).body).toEqual({ status: true });
    expect((await api.get(`${S}/${row.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${S}?deleted=1`, bkk.accessToken)).body.data.map((r: Loose) => r.id)).toContain(row.id);
    const back = await api.post(`${S}/${row.id}/restore`, undefined, admin.accessToken);
    expect(back.body.data).toMatchObject({ id: row.id, deletedAt: null });
    expect((await api.post(`${S}/${row.id}/restore`, undefined, admin.accessToken)).status).toBe(404);
  });

  it('orders by hand: ids numbered 1…n in one go, unknown ids refused', async () => {
    const list = (await api.get(`${S}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    const reversed = list.map((r) => r.id).reverse();
    const sorted = await send('PUT', `${S}/Sort`, bkk.accessToken, { ids: reversed });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body.data.map((r: Loose) => [r.id, r.sortOrder])).toEqual(reversed.map((id, i) => [id, i + 1]));
    const after = (await api.get(`${S}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(after.map((r) => r.id)).toEqual(reversed);
    expect((await send('PUT', `${S}/Sort`, bkk.accessToken, { ids: [...reversed, '999999'] })).body.errors).toEqual({ ids: ['unknownReference'] });
  });

  it('bulk-deletes in scope only and exports the matching rows as CSV', async () => {
    const a = (await api.post(S, slide({ title: 'Bulk A' }), bkk.accessToken)).body.data;
    const b = (await api.post(S, slide({ title: '=HYPERLINK("x")' }), bkk.accessToken)).body.data;
    const res = await fetch(`${api.url}${S}/export?q=HYPERLINK`, { headers: { authorization: `Bearer ${bkk.accessToken}` } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,title,imageUrl,linkUrl,sortOrder,active,startsOn,endsOn,area,createdAt');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const gone = await send('DELETE', `${S}?ids=${a.id},${b.id},999999`, admin.accessToken);
    expect(gone.body).toEqual({ status: true, data: { deleted: 2 } });
  });

  it('refuses a staff member without the flag: staff.cnx has only the dashboard', async () => {
    for (const [method, path] of [
      ['GET', S],
      ['POST', S],
      ['PUT', `${S}/Sort`],
      ['DELETE', `${S}?ids=1`],
      ['GET', `${S}/export`],
    ] as const) {
      const res = await send(method, path, cnx.accessToken, method === 'GET' ? undefined : { ids: ['1'] });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // staff.bkk has every flag but delete.
    const row = (await api.post(S, slide(), bkk.accessToken)).body.data;
    expect((await send('DELETE', `${S}/${row.id}`, bkk.accessToken)).status).toBe(403);
  });

  it('documents every operation with an id and a description', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, Loose>>)
      // The generic layer's operations; the image upload beside them is the Images tag's (upstream/test/images.test.ts).
      .filter(([path]) => path.startsWith('/api/admin/{service}/Slide') && !path.endsWith('/Images'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(ops).toHaveLength(9);
    for (const op of ops) expect(op).toMatchObject({ operationId: expect.any(String), description: expect.any(String), tags: ['Slide'] });
  });
});
