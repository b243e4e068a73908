import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const SHOP = '/api/admin/Delivery/Shop';
let pkg: Loose;
let type: Loose;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
  pkg = (await api.get('/api/admin/Delivery/ShopPackage?sort=name', bkk.accessToken)).body.data[0];
  type = (await api.get('/api/admin/Delivery/TypeShop', bkk.accessToken)).body.data[0];
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const newShop = (extra: Record<string, unknown> = {}) => ({
  name: 'Test Shop',
  owner: 'Test Owner',
  email: 'test.shop@shops.example',
  phone: '0812340000',
  public: true,
  openTime: '09:00',
  closeTime: '18:00',
  lat: '13.7563000',
  lng: '100.5018',
  packageId: pkg.id,
  typeId: type.id,
  permissionEdit: false,
  orderShowPrice: true,
  showDistanceShopOnHome: true,
  showPersonDetailOnShop: false,
  Limit_post: 1,
  Limit_product: 2,
  ...extra,
});

describe('list', () => {
  it('pages, sorts, filters and keeps staff in their area', async () => {
    const mine = await api.get(`${SHOP}?pageSize=10&page=2&sort=name&order=desc`, bkk.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: true, total: 52, page: 2, pageSize: 10 });
    expect(mine.body.data).toHaveLength(10);
    expect(new Set(mine.body.data.map((s: Loose) => s.areaName))).toEqual(new Set(['Bangkok']));
    const names = mine.body.data.map((s: Loose) => s.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(mine.body.data[0]).toMatchObject({ appId: expect.any(String), version: expect.any(Number), updatedBy: { uid: expect.any(String) } });
    const all = await api.get(SHOP, admin.accessToken);
    expect(all.body.total).toBe(151);
    const active = await api.get(`${SHOP}?status=active&public=true`, admin.accessToken);
    expect(active.body.data.every((s: Loose) => s.status === 'active' && s.public)).toBe(true);
    expect((await api.get(`${SHOP}?q=shop1@`, admin.accessToken)).body.data.map((s: Loose) => s.email)).toContain('shop1@shops.example');
    expect((await api.get(SHOP, cnx.accessToken)).status).toBe(403);
    const cnxShop = (await api.get(`${SHOP}?pageSize=10&areaId=${cnx.userData.area}`, admin.accessToken)).body.data[0];
    expect(cnxShop.areaName).toBe('Chiang Mai');
    expect((await api.get(`${SHOP}/${cnxShop.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${SHOP}?areaId=${cnxShop.areaId}`, bkk.accessToken)).body.total).toBe(0);
  });

  it('rejects unknown sort fields, filters and page sizes', async () => {
    const res = await api.get(`${SHOP}?sort=password&pageSize=30&color=red`, admin.accessToken);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['color', 'pageSize', 'sort']);
  });
});

describe('create, update, delete, restore', () => {
  let shop: Loose;

  it('validates every field with message codes', async () => {
    const bad = await api.post(
      SHOP,
      newShop({
        name: 'x'.repeat(51),
        owner: '',
        email: 'nope',
        phone: '12345',
        openTime: '25:00',
        lat: '91',
        lng: '1.123456789',
        packageId: '999999',
        typeId: 'abc',
        Limit_post: -1,
        Limit_product: 1.5,
        public: undefined,
      }),
      bkk.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['tooLong50'],
      owner: ['required'],
      email: ['invalidEmail'],
      phone: ['invalidPhone'],
      openTime: ['invalidTime'],
      lat: ['invalidLatLng'],
      lng: ['invalidLatLng'],
      typeId: ['unknownReference'],
      Limit_post: ['notNegative'],
      Limit_product: ['integer'],
      public: ['required'],
    });
    // Closing before opening is overnight (18:00–02:00), so only a time that is no time is refused.
    const order = await api.post(SHOP, newShop({ openTime: '18:00', closeTime: '9:00' }), bkk.accessToken);
    expect(order.body.errors).toEqual({ closeTime: ['invalidTime'] });
    const refs = await api.post(SHOP, newShop({ packageId: '999999', Limit_post: 100000 }), bkk.accessToken);
    expect(refs.body.errors).toEqual({ packageId: ['unknownReference'] });
    const limits = await api.post(SHOP, newShop({ Limit_post: pkg.Limit_post + 1, Limit_product: pkg.Limit_product + 1 }), bkk.accessToken);
    expect(limits.body.errors).toEqual({ Limit_post: ['exceedsPackageLimit'], Limit_product: ['exceedsPackageLimit'] });
    const admins = await api.post(SHOP, newShop(), admin.accessToken);
    expect(admins.body.errors).toEqual({ areaId: ['required'] });
  });

  it('creates in the staff area (201), pending unless active was asked', async () => {
    const res = await api.post(SHOP, newShop({ status: 'suspended', areaId: '999' }), bkk.accessToken);
    expect(res.status).toBe(201);
    shop = res.body.data;
    expect(shop).toMatchObject({
      status: 'pending',
      areaName: 'Bangkok',
      lat: '13.7563',
      lng: '100.5018',
      version: 1,
      packageName: pkg.name,
      updatedBy: { displayName: 'Bangkok Staff' },
    });
    const taken = await api.post(SHOP, newShop(), bkk.accessToken);
    expect(taken.body.errors).toEqual({ email: ['taken'], phone: ['taken'] });
    const free = await api.get(`${SHOP}/available?field=email&value=TEST.shop@shops.example`, bkk.accessToken);
    expect(free.body).toEqual({ status: true, data: { available: false } });
    expect((await api.get(`${SHOP}/available?field=phone&value=081-234-0000&exceptId=${shop.id}`, bkk.accessToken)).body.data.available).toBe(true);
  });

  it('updates with the version and answers 409 with the current row when stale', async () => {
    const first = await send('PUT', `${SHOP}/${shop.id}`, bkk.accessToken, { ...newShop({ name: 'Renamed' }), version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Renamed', version: 2 });
    const stale = await send('PUT', `${SHOP}/${shop.id}`, admin.accessToken, { ...newShop({ name: 'Lost' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      status: false,
      message: 'CONFLICT',
      data: { id: shop.id, name: 'Renamed', version: 2, updatedBy: { displayName: 'Bangkok Staff' } },
    });
    expect(stale.body.data.updatedAt).toEqual(first.body.data.updatedAt);
  });

  it('soft-deletes, lists deleted rows, restores', async () => {
    expect((await send('DELETE', `${SHOP}/${shop.id}`, admin.accessToken)).body).toEqual({ status: true });
    expect((await api.get(`${SHOP}/${shop.id}`, bkk.accessToken)).status).toBe(404);
    const deleted = await api.get(`${SHOP}?deleted=1`, bkk.accessToken);
    expect(deleted.body.data.map((s: Loose) => s.id)).toEqual([shop.id]);
    const back = await api.post(`${SHOP}/${shop.id}/restore`, undefined, bkk.accessToken);
    expect(back.body.data).toMatchObject({ id: shop.id, deletedAt: null });
    expect((await send('DELETE', `${SHOP}/${shop.id}`, bkk.accessToken)).status).toBe(403);
  });

  it('moves only along the allowed transitions and records each change', async () => {
    const move = async (status: string, reason?: string) => {
      const now = (await api.get(`${SHOP}/${shop.id}`, bkk.accessToken)).body.data;
      return send('PATCH', `${SHOP}/${shop.id}/status`, bkk.accessToken, { status, reason, version: now.version });
    };
    expect((await move('suspended')).body.errors).toEqual({ status: ['invalidTransition'] });
    expect((await move('active', 'documents checked')).body.data.status).toBe('active');
    expect((await move('pending')).body.errors).toEqual({ status: ['invalidTransition'] });
    expect((await move('active')).body.errors).toEqual({ status: ['invalidTransition'] });
    expect((await move('suspended')).body.data.status).toBe('suspended');
    expect((await move('active')).body.data.status).toBe('active');
    expect((await move('close', 'owner retired')).body.data.status).toBe('close');
    for (const to of ['pending', 'active', 'suspended']) expect((await move(to)).status).toBe(400);
    const stale = await send('PATCH', `${SHOP}/${shop.id}/status`, bkk.accessToken, { status: 'close', version: 1 });
    expect(stale.status).toBe(409);
    // A stale version is a conflict even when the move itself is not allowed: the rule is never skipped.
    const staleRefused = await send('PATCH', `${SHOP}/${shop.id}/status`, bkk.accessToken, { status: 'pending', version: 1 });
    expect([staleRefused.status, staleRefused.body.message]).toEqual([409, 'CONFLICT']);
    const history = await api.get(`${SHOP}/${shop.id}/history`, bkk.accessToken);
    expect(history.body.data.map((h: Loose) => `${h.from}>${h.to}`)).toEqual(['pending>active', 'active>suspended', 'suspended>active', 'active>close']);
    expect(history.body.data[0]).toMatchObject({ reason: 'documents checked', by: { displayName: 'Bangkok Staff' }, at: expect.any(String) });
  });
});

describe('bulk actions and CSV export', () => {
  it('changes status in bulk, refusing what may not move', async () => {
    const pending = (await api.get(`${SHOP}?status=pending&pageSize=10`, admin.accessToken)).body.data.slice(0, 2).map((s: Loose) => s.id);
    const closed = (await api.get(`${SHOP}?status=close&pageSize=10`, admin.accessToken)).body.data[0].id;
    const res = await send('PATCH', `${SHOP}/status`, admin.accessToken, { ids: [...pending, closed, '999999'], status: 'active' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.changed).toEqual(pending);
    expect(res.body.data.refused).toEqual([
      { id: closed, message: 'invalidTransition' },
      { id: '999999', message: 'NOT_FOUND_DATA' },
    ]);
    const history = await api.get(`${SHOP}/${pending[0]}/history`, admin.accessToken);
    expect(history.body.data, JSON.stringify(history.body)).toHaveLength(1);
  });

  it('deletes in bulk', async () => {
    const ids = (await api.get(`${SHOP}?status=suspended&pageSize=10`, admin.accessToken)).body.data.slice(0, 3).map((s: Loose) => s.id);
    const res = await send('DELETE', `${SHOP}?ids=${ids.join(',')}`, admin.accessToken);
    expect(res.body).toEqual({ status: true, data: { deleted: 3 } });
    expect((await api.get(`${SHOP}?deleted=1`, admin.accessToken)).body.total).toBe(3);
    expect((await send('DELETE', `${SHOP}?ids=`, admin.accessToken)).status).toBe(400);
  });

  it('streams every matching row as text/csv in the list order', async () => {
    const list = await api.get(`${SHOP}?status=active&sort=createdAt&order=desc`, admin.accessToken);
    const res = await fetch(`${api.url}${SHOP}/export?status=active&sort=createdAt&order=desc`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,owner,email,phone,status,public,openTime,closeTime,lat,lng,package,type,area,createdAt');
    expect(lines).toHaveLength(list.body.total + 1);
    expect(lines.slice(1, 26).map((l) => l.split(',')[0])).toEqual(list.body.data.map((s: Loose) => s.id));
    const mine = (await api.get(SHOP, bkk.accessToken)).body.total;
    const byName = await (await fetch(`${api.url}${SHOP}/export?sort=name`, { headers: { authorization: `Bearer ${bkk.accessToken}` } })).text();
    expect(byName.trim().split('\r\n')).toHaveLength(mine + 1);
  });
});
