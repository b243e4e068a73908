import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { drive, DROPOFF_FEE, foodOrder, orderWorld, placeOrder, foodToSuccess } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let market: Loose;
const D = '/api/admin/Delivery';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });

describe('packages and types', () => {
  it('validates a package and orders the types', async () => {
    const bad = await api.post(`${D}/ShopPackage`, { name: '', price: -1, duration: 0, Limit_post: 1.5, status: 'open' }, bkk.accessToken);
    expect(bad.body.errors).toMatchObject({
      name: ['required'],
      price: ['notNegative'],
      duration: ['outOfRange'],
      Limit_post: ['integer'],
      Limit_product: ['required'],
      status: ['required'],
    });
    const types = (await api.get('/api/admin/Marketplace/ShopType?sort=sortOrder', market.accessToken)).body.data;
    expect(types).toHaveLength(5);
    const ids = types.map((t: Loose) => t.id).reverse();
    const sorted = await send('PUT', '/api/admin/Marketplace/ShopType/Sort', market.accessToken, { ids });
    expect(sorted.body.data.map((t: Loose) => [t.id, t.sortOrder])).toEqual(ids.map((id: string, i: number) => [id, i + 1]));
  });
});

describe('TimeShop', () => {
  it('rejects overlaps, an overnight range included, one record per shop', async () => {
    // The oldest shop: the named demo shops (the newest) stay open around the clock for the order suites.
    const shop = (await api.get(`${D}/Shop?sort=createdAt&order=asc&pageSize=10`, bkk.accessToken)).body.data[0];
    const existing = (await api.get(`${D}/TimeShop?shopId=${shop.id}`, bkk.accessToken)).body;
    expect(existing.data[0]?.shopName ?? shop.name).toBe(shop.name);
    const bad = await api.post(
      `${D}/TimeShop`,
      {
        shopId: shop.id,
        hours: [
          {
            day: 1,
            ranges: [
              { open: '10:00', close: '09:00' },
              { open: '08:00', close: '12:00' },
              { open: '11:00', close: '13:00' },
            ],
          },
        ],
      },
      bkk.accessToken,
    );
    // 10:00–09:00 runs overnight (23 hours): it opens while 08:00–12:00 is open, and 11:00–13:00 opens inside both.
    expect(bad.body.errors).toEqual({
      'hours.0.ranges.0.open': ['overlap'],
      'hours.0.ranges.2.open': ['overlap'],
    });
    const hours = [
      {
        day: 0,
        ranges: [
          { open: '09:00', close: '12:00' },
          { open: '13:00', close: '17:00' },
        ],
      },
    ];
    if (existing.total === 0) expect((await api.post(`${D}/TimeShop`, { shopId: shop.id, hours }, bkk.accessToken)).status).toBe(201);
    expect((await api.post(`${D}/TimeShop`, { shopId: shop.id, hours }, bkk.accessToken)).body.errors).toEqual({ shopId: ['taken'] });
  });
});

describe('Regis/Shop', () => {
  it('approves into an active shop, rejects with a reason, refuses a second decision', async () => {
    const waiting = await api.get(`${D}/Regis/Shop`, admin.accessToken);
    expect(waiting.body.total).toBe(10);
    const [a, b] = waiting.body.data;
    const approved = await api.post(`${D}/Regis/Shop/${a.id}/approve`, undefined, admin.accessToken);
    expect(approved.status).toBe(200);
    const shop = (await api.get(`${D}/Shop/${approved.body.data.shopId}`, admin.accessToken)).body.data;
    expect(shop).toMatchObject({ name: a.name, status: 'active', email: a.email });
    expect((await api.post(`${D}/Regis/Shop/${a.id}/approve`, undefined, admin.accessToken)).status).toBe(409);
    expect((await api.post(`${D}/Regis/Shop/${b.id}/reject`, { reason: '' }, admin.accessToken)).body.errors).toEqual({ reason: ['required'] });
    expect((await api.post(`${D}/Regis/Shop/${b.id}/reject`, { reason: 'Incomplete documents' }, admin.accessToken)).body.data.state).toBe('rejected');
    expect((await api.post(`${D}/Regis/Shop/${b.id}/reject`, { reason: 'again' }, admin.accessToken)).status).toBe(409);
    expect((await api.get(`${D}/Regis/Shop`, admin.accessToken)).body.total).toBe(8);
  });
});

describe('Config/Shop', () => {
  it('is for admins, versioned', async () => {
    expect((await api.get(`${D}/Config/Shop`, bkk.accessToken)).status).toBe(403);
    const config = (await api.get(`${D}/Config/Shop`, admin.accessToken)).body.data;
    expect(config).toMatchObject({ commissionRate: 1500, version: 1 });
    const body = {
      defaultPackageId: config.defaultPackageId,
      defaultTypeId: config.defaultTypeId,
      commissionRate: 1200,
      defaultOpenTime: '07:00',
      defaultCloseTime: '21:00',
      version: 1,
    };
    expect((await send('PUT', `${D}/Config/Shop`, admin.accessToken, { ...body, commissionRate: 10_001 })).body.errors).toEqual({
      commissionRate: ['outOfRange'],
    });
    expect((await send('PUT', `${D}/Config/Shop`, admin.accessToken, body)).body.data).toMatchObject({ commissionRate: 1200, version: 2 });
    const stale = await send('PUT', `${D}/Config/Shop`, admin.accessToken, body);
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ commissionRate: 1200, updatedBy: { displayName: 'Demo Admin' } });
  });

  it('splits the orders created after a change by the saved rate; earlier orders keep theirs', async () => {
    const world = await orderWorld(api, 'cfg');
    const before = await placeOrder(api, world.admin.accessToken, 'food', foodOrder(world.members.bkk, world.shops.bkk));
    const config = (await api.get(`${D}/Config/Shop`, admin.accessToken)).body.data;
    const saved = await send('PUT', `${D}/Config/Shop`, admin.accessToken, {
      defaultPackageId: config.defaultPackageId,
      defaultTypeId: config.defaultTypeId,
      commissionRate: 2500,
      defaultOpenTime: config.defaultOpenTime,
      defaultCloseTime: config.defaultCloseTime,
      version: config.version,
    });
    expect(saved.status).toBe(200);
    const after = await placeOrder(api, world.admin.accessToken, 'food', foodOrder(world.members.bkk, world.shops.bkk));
    // 120 baht of food and 25 baht of delivery (the seeded table's band for the drop-off): the shop keeps 75 % of the
    // food now, 88 % (the earlier 12 %) before; the biker 80 % of the fee.
    expect([before.deliveryFee, after.deliveryFee]).toEqual([DROPOFF_FEE, DROPOFF_FEE]);
    const deliver = (id: string) => drive(api, world.admin.accessToken, 'food', id, foodToSuccess(world.bikers.bkk));
    // Delivered after the change, both: each is split by the rate of the day it was created.
    expect((await deliver(after.id)).shares).toEqual({ shop: 9000, biker: 2000, app: 3500 });
    expect((await deliver(before.id)).shares).toEqual({ shop: 10560, biker: 2000, app: 1940 });
  });
});
