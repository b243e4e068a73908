import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const D = '/api/admin/Delivery';
const M = '/api/admin/Marketplace';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
/** The CSV export as lines (BOM dropped), with its content type. */
async function csv(path: string, token: string): Promise<{ type: string | null; lines: string[] }> {
  const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return {
    type: res.headers.get('content-type'),
    lines: (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
  };
}
const ids = (rows: Loose[]) => rows.map((r: Loose) => r.id);

/**
 * The shared life cycle of a versioned, restorable catalogue row: update with the version, 409 with the current row
 * when stale, soft delete (gone from the list and GET), `?deleted=1`, restore.
 */
async function lifeCycle(base: string, row: Loose, sent: Record<string, unknown>, editor: Loose, deleter: Loose, editorName: string) {
  const first = await send('PUT', `${base}/${row.id}`, editor.accessToken, { ...sent, version: row.version });
  const { areaId: _ignored, ...body } = sent;
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data).toMatchObject({ id: row.id, ...body, areaId: row.areaId, version: row.version + 1, updatedBy: { displayName: editorName } });
  const stale = await send('PUT', `${base}/${row.id}`, deleter.accessToken, { ...body, name: 'Lost update', version: row.version });
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({
    status: false,
    message: 'CONFLICT',
    data: { id: row.id, name: body.name, version: row.version + 1, updatedBy: { displayName: editorName } },
  });
  expect(stale.body.data.updatedAt).toBe(first.body.data.updatedAt);
  expect((await api.get(`${base}/${row.id}`, editor.accessToken)).body.data).toMatchObject({ name: body.name, version: row.version + 1 });
  expect((await send('PUT', `${base}/${row.id}`, editor.accessToken, { ...body })).status).toBe(400);
  expect((await send('PUT', `${base}/999999`, editor.accessToken, { ...body, version: 1 })).status).toBe(404);

  const before = await api.get(`${base}?pageSize=100`, editor.accessToken);
  expect(ids(before.body.data)).toContain(row.id);
  expect((await send('DELETE', `${base}/${row.id}`, deleter.accessToken)).body).toEqual({ status: true });
  expect((await api.get(`${base}/${row.id}`, editor.accessToken)).status).toBe(404);
  expect((await api.get(`${base}/${row.id}`, deleter.accessToken)).status).toBe(404);
  const after = await api.get(`${base}?pageSize=100`, editor.accessToken);
  expect(after.body.total).toBe(before.body.total - 1);
  expect(ids(after.body.data)).not.toContain(row.id);
  const deleted = await api.get(`${base}?deleted=1`, editor.accessToken);
  expect(deleted.status).toBe(200);
  expect(ids(deleted.body.data)).toContain(row.id);
  expect(deleted.body.data.find((r: Loose) => r.id === row.id).deletedAt).toEqual(expect.any(String));
  expect((await send('PUT', `${base}/${row.id}`, editor.accessToken, { ...body, version: row.version + 2 })).status).toBe(404);
  expect((await send('DELETE', `${base}/${row.id}`, deleter.accessToken)).status).toBe(404);

  const back = await api.post(`${base}/${row.id}/restore`, undefined, deleter.accessToken);
  expect(back.status).toBe(200);
  expect(back.body.data).toMatchObject({ id: row.id, name: body.name, deletedAt: null, version: row.version + 3 });
  expect((await api.post(`${base}/${row.id}/restore`, undefined, deleter.accessToken)).status).toBe(404);
  expect((await api.get(`${base}/${row.id}`, editor.accessToken)).status).toBe(200);
  expect((await api.get(`${base}?pageSize=100`, editor.accessToken)).body.total).toBe(before.body.total);
  expect(ids((await api.get(`${base}?deleted=1`, editor.accessToken)).body.data)).not.toContain(row.id);
}

describe('ShopPackage', () => {
  const P = `${D}/ShopPackage`;
  const pkg = (extra: Record<string, unknown> = {}) => ({
    name: 'Test Package',
    price: 9900,
    duration: 90,
    Limit_post: 20,
    Limit_product: 100,
    status: 'active',
    ...extra,
  });
  let mine: Loose;

  it('validates every field with message codes', async () => {
    const bad = await api.post(P, { name: 'x'.repeat(51), price: 1.5, duration: 3651, Limit_post: -1, Limit_product: 'ten', status: 'open' }, bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false });
    expect(bad.body.errors).toEqual({
      name: ['tooLong50'],
      price: ['integer'],
      duration: ['outOfRange'],
      Limit_post: ['notNegative'],
      Limit_product: ['integer'],
      status: ['required'],
    });
    const missing = await api.post(P, {}, bkk.accessToken);
    expect(missing.body.errors).toEqual({
      name: ['required'],
      price: ['required'],
      duration: ['required'],
      Limit_post: ['required'],
      Limit_product: ['required'],
      status: ['required'],
    });
    expect((await api.post(P, pkg({ name: '   ' }), bkk.accessToken)).body.errors).toEqual({ name: ['required'] });
    expect((await api.post(P, pkg({ duration: 0 }), bkk.accessToken)).body.errors).toEqual({ duration: ['outOfRange'] });
  });

  it('puts staff in their own area whatever they ask, admins in the area they name', async () => {
    const staff = await api.post(P, pkg({ areaId: cnx.userData.area }), bkk.accessToken);
    expect(staff.status).toBe(201);
    mine = staff.body.data;
    expect(mine).toMatchObject({
      ...pkg(),
      areaId: bkk.userData.area,
      areaName: 'Bangkok',
      version: 1,
      deletedAt: null,
      updatedBy: { displayName: 'Bangkok Staff' },
    });

    expect((await api.post(P, pkg(), admin.accessToken)).body.errors).toEqual({ areaId: ['required'] });
    expect((await api.post(P, pkg({ areaId: '999999' }), admin.accessToken)).body.errors).toEqual({ areaId: ['unknownReference'] });
    // An area of another app (Marketplace's Bangkok) is not one of Delivery's.
    expect((await api.post(P, pkg({ areaId: market.userData.area }), admin.accessToken)).body.errors).toEqual({ areaId: ['unknownReference'] });
    const chosen = await api.post(P, pkg({ name: 'Chiang Mai Package', areaId: Number(cnx.userData.area) }), admin.accessToken);
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toMatchObject({ areaId: cnx.userData.area, areaName: 'Chiang Mai', updatedBy: { displayName: 'Demo Admin' } });
    const id = chosen.body.data.id;
    expect(ids((await api.get(`${P}?areaId=${cnx.userData.area}&pageSize=100`, admin.accessToken)).body.data)).toContain(id);

    // Bangkok staff never see Chiang Mai's package.
    expect((await api.get(`${P}/${id}`, bkk.accessToken)).status).toBe(404);
    expect((await send('PUT', `${P}/${id}`, bkk.accessToken, { ...pkg(), version: 1 })).status).toBe(404);
    expect((await api.get(`${P}?areaId=${cnx.userData.area}`, bkk.accessToken)).body.total).toBe(0);
    const list = await api.get(`${P}?pageSize=100`, bkk.accessToken);
    expect(list.body.total).toBe(4);
    expect(new Set(list.body.data.map((p: Loose) => p.areaName))).toEqual(new Set(['Bangkok']));
    expect(ids(list.body.data)).toContain(mine.id);
    expect((await api.get(P, admin.accessToken)).body.total).toBe(11);
  });

  it('updates with the version, 409 when stale, soft-deletes and restores', async () => {
    expect((await send('DELETE', `${P}/${mine.id}`, bkk.accessToken)).status).toBe(403);
    await lifeCycle(P, mine, pkg({ name: 'Renamed Package', price: 19900, areaId: cnx.userData.area }), bkk, admin, 'Bangkok Staff');
    expect((await api.get(`${P}/${mine.id}`, bkk.accessToken)).body.data.areaName).toBe('Bangkok');
  });

  it('exports every matching row as CSV in the list order', async () => {
    const list = await api.get(`${P}?sort=price&order=desc&pageSize=100`, admin.accessToken);
    const out = await csv(`${P}/export?sort=price&order=desc`, admin.accessToken);
    expect(out.type).toBe('text/csv; charset=utf-8');
    expect(out.lines[0]).toBe('id,name,price,duration,Limit_post,Limit_product,status,area,createdAt');
    expect(out.lines).toHaveLength(list.body.total + 1);
    expect(out.lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids(list.body.data));
    const staff = await csv(`${P}/export`, bkk.accessToken);
    expect(staff.lines).toHaveLength((await api.get(P, bkk.accessToken)).body.total + 1);
    expect(staff.lines.slice(1).every((l) => l.split(',')[7] === 'Bangkok')).toBe(true);
    const active = await csv(`${P}/export?status=active&q=Renamed`, bkk.accessToken);
    expect(active.lines).toHaveLength(2);
    expect(active.lines[1]).toContain(`${mine.id},Renamed Package,19900,90,20,100,active,Bangkok,`);
    expect((await api.get(`${P}/export?sort=password`, admin.accessToken)).status).toBe(400);
  });
});

describe('TypeShop (Delivery)', () => {
  const T = `${D}/TypeShop`;
  const type = (extra: Record<string, unknown> = {}) => ({ name: 'Test Type', description: 'For tests', status: 'active', ...extra });
  let mine: Loose;

  it('validates with message codes and numbers new types after the last', async () => {
    const bad = await api.post(T, { name: '', description: 'd'.repeat(201), status: 'open', sortOrder: -1 }, bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ name: ['required'], description: ['tooLong200'], status: ['required'], sortOrder: ['notNegative'] });
    expect((await api.post(T, { name: 'y'.repeat(51), status: 'close', sortOrder: 1.5 }, bkk.accessToken)).body.errors).toEqual({
      name: ['tooLong50'],
      sortOrder: ['integer'],
    });
    const created = await api.post(T, type({ areaId: cnx.userData.area }), bkk.accessToken);
    expect(created.status).toBe(201);
    mine = created.body.data;
    expect(mine).toMatchObject({ ...type(), areaName: 'Bangkok', sortOrder: 6, version: 1 });
    const bare = await api.post(T, { name: 'No description', status: 'close' }, bkk.accessToken);
    expect(bare.body.data).toMatchObject({ description: '', sortOrder: 7, status: 'close' });
  });

  it("admin picks the area; staff never see another area's types", async () => {
    expect((await api.post(T, type(), admin.accessToken)).body.errors).toEqual({ areaId: ['required'] });
    const chosen = await api.post(T, type({ name: 'Chiang Mai Type', areaId: cnx.userData.area }), admin.accessToken);
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toMatchObject({ areaName: 'Chiang Mai', sortOrder: 6 });
    expect((await api.get(`${T}/${chosen.body.data.id}`, bkk.accessToken)).status).toBe(404);
    const list = await api.get(`${T}?sort=sortOrder`, bkk.accessToken);
    expect(list.body.total).toBe(7);
    expect(list.body.data.map((t: Loose) => t.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(list.body.data.map((t: Loose) => t.areaName))).toEqual(new Set(['Bangkok']));
    // ShopType is the same resource under another name.
    expect(ids((await api.get(`${D}/ShopType?sort=sortOrder`, bkk.accessToken)).body.data)).toEqual(ids(list.body.data));
  });

  it('updates with the version, 409 when stale, soft-deletes and restores', async () => {
    expect((await send('DELETE', `${T}/${mine.id}`, bkk.accessToken)).status).toBe(403);
    await lifeCycle(T, mine, type({ name: 'Renamed Type', description: 'Changed', status: 'close', sortOrder: 9 }), bkk, admin, 'Bangkok Staff');
  });

  it('exports every matching row as CSV', async () => {
    const total = (await api.get(T, bkk.accessToken)).body.total;
    const out = await csv(`${T}/export?sort=sortOrder`, bkk.accessToken);
    expect(out.type).toBe('text/csv; charset=utf-8');
    expect(out.lines[0]).toBe('id,name,description,status,sortOrder,area,createdAt');
    expect(out.lines).toHaveLength(total + 1);
    expect(out.lines.slice(1).map((l) => Number(l.split(',')[4]))).toEqual([1, 2, 3, 4, 5, 7, 9]);
    const all = await csv(`${T}/export`, admin.accessToken);
    expect(all.lines).toHaveLength((await api.get(T, admin.accessToken)).body.total + 1);
    expect((await csv(`${T}/export?deleted=1`, admin.accessToken)).lines).toHaveLength(1);
  });
});

describe('ShopType (Marketplace)', () => {
  const T = `${M}/ShopType`;
  let mine: Loose;

  it("is the Marketplace staff's own, validated, in their area", async () => {
    expect((await api.get(T, bkk.accessToken)).status).toBe(403);
    expect((await api.get(`${D}/TypeShop`, market.accessToken)).status).toBe(403);
    const bad = await api.post(T, { name: '', status: 'x' }, market.accessToken);
    expect(bad.body.errors).toEqual({ name: ['required'], status: ['required'] });
    const created = await api.post(T, { name: 'Handicraft', description: 'Local crafts', status: 'active', areaId: bkk.userData.area }, market.accessToken);
    expect(created.status).toBe(201);
    mine = created.body.data;
    expect(mine).toMatchObject({ areaId: market.userData.area, areaName: 'Bangkok', sortOrder: 6, appId: market.userData.appid });
    const list = await api.get(T, market.accessToken);
    expect(list.body.total).toBe(6);
    expect(list.body.data.every((t: Loose) => t.areaId === market.userData.area)).toBe(true);
    // Delivery's types are not Marketplace's.
    const deliveryType = (await api.get(`${D}/TypeShop`, bkk.accessToken)).body.data[0];
    expect((await api.get(`${T}/${deliveryType.id}`, market.accessToken)).status).toBe(404);
    expect((await api.get(`${T}/${mine.id}`, bkk.accessToken)).status).toBe(403);
    expect((await api.get(`${D}/TypeShop/${mine.id}`, admin.accessToken)).status).toBe(404);
    // The admin in Marketplace names one of its areas, not Delivery's.
    expect((await api.post(T, { name: 'Wrong area', status: 'active', areaId: bkk.userData.area }, admin.accessToken)).body.errors).toEqual({
      areaId: ['unknownReference'],
    });
  });

  it('updates with the version, 409 when stale, soft-deletes and restores', async () => {
    await lifeCycle(T, mine, { name: 'Handicraft & Art', description: 'Crafts and art', status: 'active' }, market, market, 'Marketplace Staff');
  });

  it('exports every matching row as CSV', async () => {
    const out = await csv(`${T}/export?sort=name`, market.accessToken);
    const list = await api.get(`${T}?sort=name`, market.accessToken);
    expect(out.lines[0]).toBe('id,name,description,status,sortOrder,area,createdAt');
    expect(out.lines).toHaveLength(list.body.total + 1);
    expect(out.lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids(list.body.data));
  });
});

describe('shop types: one data set on two paths (mounted from contract/resources/shop-type.ts)', () => {
  const db = () => api.deps.db;
  const setFlag = async (uid: string, name: string, flags: { read?: boolean; write?: boolean; create?: boolean; delete?: boolean }) => {
    await db()
      .update(permissions)
      .set(flags)
      .where(and(eq(permissions.userId, Number(uid)), eq(permissions.name, name)));
    api.deps.permissions.clear();
  };

  it('answers the same rows under TypeShop and ShopType: a row made on one is read, updated (409 when stale) and deleted on the other', async () => {
    const made = await api.post(`${M}/TypeShop`, { name: 'Both Paths', status: 'active' }, market.accessToken);
    expect(made.status).toBe(201);
    const row = made.body.data;
    expect((await api.get(`${M}/ShopType/${row.id}`, market.accessToken)).body.data).toMatchObject({ id: row.id, name: 'Both Paths', description: '' });
    const listed = await api.get(`${M}/ShopType?q=both%20paths`, market.accessToken);
    expect(ids(listed.body.data)).toEqual([row.id]);
    const changed = await send('PUT', `${M}/ShopType/${row.id}`, market.accessToken, { name: 'Both Paths 2', status: 'close', version: row.version });
    expect(changed.status).toBe(200);
    // An update without sortOrder keeps the row's place; without description it is emptied, as a replace does.
    expect(changed.body.data).toMatchObject({ sortOrder: row.sortOrder, status: 'close', version: row.version + 1 });
    const stale = await send('PUT', `${M}/TypeShop/${row.id}`, market.accessToken, { name: 'Lost', status: 'active', version: row.version });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ name: 'Both Paths 2', version: row.version + 1 });
    expect((await send('DELETE', `${M}/ShopType/${row.id}`, market.accessToken)).status).toBe(200);
    expect((await api.get(`${M}/TypeShop/${row.id}`, market.accessToken)).status).toBe(404);
    expect(ids((await api.get(`${M}/TypeShop?deleted=1`, market.accessToken)).body.data)).toContain(row.id);
    const back = await api.post(`${M}/TypeShop/${row.id}/restore`, undefined, market.accessToken);
    expect(back.body.data).toMatchObject({ id: row.id, deletedAt: null });
    expect((await api.get(`${M}/ShopType/${row.id}`, market.accessToken)).status).toBe(200);
  });

  it('orders the types by hand on either path, one transaction over live types of the caller’s area', async () => {
    for (const path of [`${D}/TypeShop`, `${D}/ShopType`]) {
      const before = (await api.get(`${path}?sort=sortOrder&pageSize=100`, bkk.accessToken)).body.data;
      const wanted = ids(before).reverse();
      const sorted = await send('PUT', `${path}/Sort`, bkk.accessToken, { ids: wanted });
      expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
      expect(sorted.body.data.map((t: Loose) => [t.id, t.sortOrder])).toEqual(wanted.map((id: string, i: number) => [id, i + 1]));
      expect(ids((await api.get(`${D}/TypeShop?sort=sortOrder&pageSize=100`, bkk.accessToken)).body.data)).toEqual(wanted);
      expect(ids((await api.get(`${D}/ShopType?sort=sortOrder&pageSize=100`, bkk.accessToken)).body.data)).toEqual(wanted);
    }
    const live = ids((await api.get(`${D}/TypeShop?sort=sortOrder`, bkk.accessToken)).body.data);
    expect((await send('PUT', `${D}/TypeShop/Sort`, bkk.accessToken, { ids: [live[0], live[0]] })).body.errors).toEqual({ ids: ['overlap'] });
    expect((await send('PUT', `${D}/TypeShop/Sort`, bkk.accessToken, { ids: [] })).body.errors).toEqual({ ids: ['required'] });
    const cnxType = (await api.get(`${D}/TypeShop?areaId=${cnx.userData.area}`, admin.accessToken)).body.data[0];
    const foreign = await send('PUT', `${D}/ShopType/Sort`, bkk.accessToken, { ids: [...live, cnxType.id] });
    expect([foreign.status, foreign.body.errors]).toEqual([400, { ids: ['unknownReference'] }]);
    expect(ids((await api.get(`${D}/TypeShop?sort=sortOrder`, bkk.accessToken)).body.data)).toEqual(live);
  });

  it('exports shop-types.csv on both paths', async () => {
    for (const path of [`${M}/TypeShop`, `${M}/ShopType`]) {
      const res = await fetch(`${api.url}${path}/export?sort=sortOrder`, { headers: { authorization: `Bearer ${market.accessToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('shop-types.csv');
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('id,name,description,status,sortOrder,area,createdAt');
      expect(lines).toHaveLength((await api.get(path, market.accessToken)).body.total + 1);
    }
  });

  it('refuses a role without the flag on both paths (403), and the alias answers to TypeShop too', async () => {
    const uid = market.userData.uid;
    const row = (await api.get(`${M}/ShopType?sort=sortOrder`, market.accessToken)).body.data[0];
    const order = ids((await api.get(`${M}/ShopType?sort=sortOrder&pageSize=100`, market.accessToken)).body.data);
    const writes = () =>
      Promise.all([
        send('PUT', `${M}/TypeShop/${row.id}`, market.accessToken, { name: row.name, status: row.status, version: row.version }),
        send('PUT', `${M}/ShopType/${row.id}`, market.accessToken, { name: row.name, status: row.status, version: row.version }),
        send('PUT', `${M}/TypeShop/Sort`, market.accessToken, { ids: order }),
        send('PUT', `${M}/ShopType/Sort`, market.accessToken, { ids: order }),
      ]).then((answers) => answers.map((a) => a.status));
    try {
      await setFlag(uid, 'Service Marketplace TypeShop', { write: false });
      expect(await writes()).toEqual([403, 403, 403, 403]);
      expect((await api.get(`${M}/ShopType`, market.accessToken)).status).toBe(200);
      await setFlag(uid, 'Service Marketplace TypeShop', { read: false, write: true });
      expect((await api.get(`${M}/TypeShop`, market.accessToken)).status).toBe(403);
      expect((await api.get(`${M}/ShopType/${row.id}`, market.accessToken)).status).toBe(403);
      expect((await api.get(`${M}/ShopType/export`, market.accessToken)).status).toBe(403);
      await setFlag(uid, 'Service Marketplace TypeShop', { read: true });
      await setFlag(uid, 'Service Marketplace ShopType Sort', { write: false });
      expect((await send('PUT', `${M}/ShopType/Sort`, market.accessToken, { ids: order })).status).toBe(403);
      expect((await send('PUT', `${M}/TypeShop/Sort`, market.accessToken, { ids: order })).status).toBe(200);
      // Delivery staff have no Marketplace flags at all.
      expect((await send('PUT', `${M}/ShopType/Sort`, bkk.accessToken, { ids: order })).status).toBe(403);
    } finally {
      await setFlag(uid, 'Service Marketplace TypeShop', { read: true, write: true });
      await setFlag(uid, 'Service Marketplace ShopType Sort', { write: true });
    }
  });
});

describe('TimeShop', () => {
  const H = `${D}/TimeShop`;
  const hours = [
    {
      day: 3,
      ranges: [
        { open: '14:00', close: '22:00' },
        { open: '07:30', close: '11:00' },
      ],
    },
    { day: 0, ranges: [{ open: '10:00', close: '16:00' }] },
  ];
  const tidy = [
    { day: 0, ranges: [{ open: '10:00', close: '16:00' }] },
    {
      day: 3,
      ranges: [
        { open: '07:30', close: '11:00' },
        { open: '14:00', close: '22:00' },
      ],
    },
  ];
  let row: Loose;

  it('changes the hours with the version, 409 with the current row when stale', async () => {
    row = (await api.get(`${H}?sort=shopName&pageSize=10`, bkk.accessToken)).body.data[0];
    expect(row).toMatchObject({ areaName: 'Bangkok', version: 1, hours: expect.any(Array) });
    const changed = await send('PUT', `${H}/${row.id}`, bkk.accessToken, { hours, version: 1 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: row.id,
      shopId: row.shopId,
      shopName: row.shopName,
      hours: tidy,
      version: 2,
      updatedBy: { displayName: 'Bangkok Staff' },
    });
    expect((await api.get(`${H}/${row.id}`, bkk.accessToken)).body.data.hours).toEqual(tidy);
    const stale = await send('PUT', `${H}/${row.id}`, admin.accessToken, { hours: [], version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      status: false,
      message: 'CONFLICT',
      data: { id: row.id, hours: tidy, version: 2, updatedBy: { displayName: 'Bangkok Staff' } },
    });
    const bad = await send('PUT', `${H}/${row.id}`, bkk.accessToken, { hours: [{ day: 7, ranges: [{ open: '9:00', close: '10:00' }] }], version: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'hours.0.day': ['integer'], 'hours.0.ranges.0.open': ['invalidTime'] });
    const twice = await send('PUT', `${H}/${row.id}`, bkk.accessToken, {
      hours: [
        { day: 1, ranges: [] },
        { day: 1, ranges: [] },
      ],
      version: 2,
    });
    expect(twice.body.errors).toEqual({ 'hours.1.day': ['overlap'] });
    expect((await api.get(`${H}/${row.id}`, bkk.accessToken)).body.data.version).toBe(2);
  });

  it('keeps staff to their area', async () => {
    const cnxShops = (await api.get(`${D}/Shop?areaId=${cnx.userData.area}&pageSize=10`, admin.accessToken)).body.data;
    let theirs: Loose;
    for (const shop of cnxShops) {
      theirs ??= (await api.get(`${H}?shopId=${shop.id}`, admin.accessToken)).body.data[0];
    }
    expect(theirs).toMatchObject({ areaName: 'Chiang Mai' });
    expect((await api.get(`${H}/${theirs.id}`, bkk.accessToken)).status).toBe(404);
    expect((await send('PUT', `${H}/${theirs.id}`, bkk.accessToken, { hours, version: theirs.version })).status).toBe(404);
    expect((await api.get(`${H}?shopId=${theirs.shopId}`, bkk.accessToken)).body.total).toBe(0);
    expect((await api.post(H, { shopId: theirs.shopId, hours }, bkk.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    const listed = await api.get(`${H}?pageSize=100`, bkk.accessToken);
    expect(new Set(listed.body.data.map((h: Loose) => h.areaName))).toEqual(new Set(['Bangkok']));
  });

  it('soft-deletes and restores, one live record per shop', async () => {
    expect((await send('DELETE', `${H}/${row.id}`, bkk.accessToken)).status).toBe(403);
    expect((await send('DELETE', `${H}/${row.id}`, admin.accessToken)).body).toEqual({ status: true });
    expect((await api.get(`${H}/${row.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${H}?shopId=${row.shopId}`, bkk.accessToken)).body.total).toBe(0);
    const deleted = await api.get(`${H}?deleted=1`, bkk.accessToken);
    expect(ids(deleted.body.data)).toEqual([row.id]);
    expect((await send('PUT', `${H}/${row.id}`, bkk.accessToken, { hours, version: 3 })).status).toBe(404);

    // The shop may get new hours meanwhile; then the old record cannot come back beside them.
    const fresh = await api.post(H, { shopId: row.shopId, hours }, bkk.accessToken);
    expect(fresh.status).toBe(201);
    const clash = await api.post(`${H}/${row.id}/restore`, undefined, admin.accessToken);
    expect(clash.status).toBe(400);
    expect(clash.body.errors).toEqual({ shopId: ['taken'] });
    expect((await send('DELETE', `${H}/${fresh.body.data.id}`, admin.accessToken)).status).toBe(200);

    const back = await api.post(`${H}/${row.id}/restore`, undefined, admin.accessToken);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: row.id, shopId: row.shopId, hours: tidy, deletedAt: null, version: 4 });
    expect((await api.post(`${H}/${row.id}/restore`, undefined, admin.accessToken)).status).toBe(404);
    expect(ids((await api.get(`${H}?shopId=${row.shopId}`, bkk.accessToken)).body.data)).toEqual([row.id]);
  });
});

describe('Marketplace Shop scope', () => {
  it('shows Marketplace staff only Marketplace shops of their area', async () => {
    const mine = await api.get(`${M}/Shop?pageSize=100`, market.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.data.every((s: Loose) => s.areaId === market.userData.area && s.areaName === 'Bangkok' && s.appId === market.userData.appid)).toBe(true);
    expect(mine.body.data.map((s: Loose) => s.name)).toContain('Bangkok Craft Market');
    const all = await api.get(`${M}/Shop`, admin.accessToken);
    expect(all.body.total).toBeGreaterThan(mine.body.total);
    expect((await api.get(`${M}/Shop?areaId=${market.userData.area}`, admin.accessToken)).body.total).toBe(mine.body.total);
    const elsewhere = (await api.get(`${M}/Shop?pageSize=100`, admin.accessToken)).body.data.find((s: Loose) => s.areaId !== market.userData.area);
    expect(elsewhere).toBeDefined();
    expect((await api.get(`${M}/Shop/${elsewhere.id}`, market.accessToken)).status).toBe(404);
    const out = await csv(`${M}/Shop/export`, market.accessToken);
    expect(out.lines).toHaveLength(mine.body.total + 1);
  });

  it('answers 404 for a Delivery shop id, and keeps Delivery staff out of Marketplace', async () => {
    const delivery = (await api.get(`${D}/Shop`, bkk.accessToken)).body.data[0];
    expect((await api.get(`${D}/Shop/${delivery.id}`, bkk.accessToken)).status).toBe(200);
    expect((await api.get(`${M}/Shop/${delivery.id}`, market.accessToken)).status).toBe(404);
    expect((await api.get(`${M}/Shop/${delivery.id}/history`, market.accessToken)).status).toBe(404);
    expect((await send('PATCH', `${M}/Shop/${delivery.id}/status`, market.accessToken, { status: 'close', version: delivery.version })).status).toBe(404);
    expect((await send('DELETE', `${M}/Shop/${delivery.id}`, market.accessToken)).status).toBe(404);
    expect((await api.get(`${D}/Shop/${delivery.id}`, bkk.accessToken)).body.data).toMatchObject({
      status: delivery.status,
      version: delivery.version,
      deletedAt: null,
    });

    const marketShop = (await api.get(`${M}/Shop`, market.accessToken)).body.data[0];
    expect((await api.get(`${M}/Shop`, bkk.accessToken)).status).toBe(403);
    expect((await api.get(`${M}/Shop/${marketShop.id}`, bkk.accessToken)).status).toBe(403);
    expect((await api.get(`${D}/Shop/${marketShop.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${D}/Shop`, market.accessToken)).status).toBe(403);
  });
});
