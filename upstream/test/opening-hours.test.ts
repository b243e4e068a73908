import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { areas, shops } from '../src/db/schema';
import { localClock } from '@contract/opening-hours';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { appPost, foodOrder, listOf, orderWorld, placeOrder, type OrderWorld } from './order-support';

/**
 * Opening hours when an order is placed (docs/orders.md section 4): a shop takes an order only while active, public
 * and open on the company's clock, by its TimeShop week when it has one, else its own times. The server's clock is
 * moved to the moment each test names (the company's zone, Setting/System).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let bkk: string;
let admin: string;
let offset = 0;
const SHOP = '/api/admin/Delivery/Shop';
const TIME = '/api/admin/Delivery/TimeShop';
const SYSTEM = '/api/admin/Delivery/Setting/System';
const FOOD = listOf('food');
const DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Hours');
  [bkk, admin] = [w.bkk.accessToken, admin];
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });

/**
 * Moves the server's clock forward to the next `day` `HH:mm` (plus 5 s) on the clock of `zone`, and signs in again
 * (the tokens signed before have expired by then).
 */
async function clockAt(day: keyof typeof DAYS, time: string, zone = 'Asia/Bangkok'): Promise<void> {
  const now = Date.now() + offset;
  const clock = localClock(new Date(now), zone);
  const target = DAYS[day] * 1_440 + Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  let minutes = target - (clock.day * 1_440 + clock.minute);
  if (minutes <= 0) minutes += 7 * 1_440;
  const ms = minutes * 60_000 - (now % 60_000) + 5_000;
  api.advance(ms);
  offset += ms;
  expect(localClock(new Date(Date.now() + offset), zone)).toEqual({ day: DAYS[day], minute: target % 1_440 });
  const [staff, root] = await Promise.all([api.login(DEMO.bkk), api.login(DEMO.admin)]);
  [bkk, admin] = [staff.accessToken, root.accessToken];
}

let serial = 0;
/** A new active, public shop at the Bangkok demo shop's spot, with its own opening and closing times. */
async function makeShop(openTime: string, closeTime: string): Promise<Loose> {
  const [pkg, type, near] = await Promise.all([
    api.get('/api/admin/Delivery/ShopPackage?sort=name', bkk).then((r) => r.body.data[0]),
    api.get('/api/admin/Delivery/TypeShop', bkk).then((r) => r.body.data[0]),
    api.get(`${SHOP}/${w.shops.bkk}`, bkk).then((r) => r.body.data),
  ]);
  const n = serial++;
  const res = await api.post(
    SHOP,
    {
      name: `Hours Shop ${n}`,
      owner: 'Hours Owner',
      email: `hours${n}.${process.pid}@shops.example`,
      phone: `0877${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(3, '0')}`,
      public: true,
      openTime,
      closeTime,
      lat: near.lat,
      lng: near.lng,
      packageId: pkg.id,
      typeId: type.id,
      permissionEdit: false,
      orderShowPrice: true,
      showDistanceShopOnHome: true,
      showPersonDetailOnShop: false,
      Limit_post: 1,
      Limit_product: 2,
      status: 'active',
    },
    bkk,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.status).toBe('active');
  return res.body.data;
}
const orderAt = (shopId: string) => appPost(api, FOOD, foodOrder(w.members.bkk, Number(shopId)), bkk);
const refusalOf = async (shopId: string) => (await orderAt(shopId)).body.errors;

describe("a shop's own opening and closing times", () => {
  it('takes an order between them and refuses one after closing (20:24 at a shop open 08:00–20:00)', async () => {
    const shop = await makeShop('08:00', '20:00');
    await clockAt('mon', '20:24');
    const late = await orderAt(shop.id);
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ shopId: ['shopClosed'] });
    await clockAt('tue', '07:59');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    await clockAt('tue', '08:00');
    expect((await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, Number(shop.id)))).shopId).toBe(shop.id);
    await clockAt('tue', '19:59');
    expect((await orderAt(shop.id)).status).toBe(201);
  });

  it('runs overnight hours into the next day (18:00–02:00)', async () => {
    const shop = await makeShop('18:00', '02:00');
    await clockAt('wed', '17:30');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    await clockAt('wed', '23:30');
    expect((await orderAt(shop.id)).status).toBe(201);
    await clockAt('thu', '01:30');
    expect((await orderAt(shop.id)).status).toBe(201);
    await clockAt('thu', '02:30');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
  });

  it('follows a change made through the admin API at once', async () => {
    const shop = await makeShop('08:00', '20:00');
    await clockAt('thu', '21:00');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    const now = (await api.get(`${SHOP}/${shop.id}`, bkk)).body.data;
    const { status: _status, packageName: _p, typeName: _t, id: _id, ...fields } = now;
    const saved = await send('PUT', `${SHOP}/${shop.id}`, bkk, { ...fields, closeTime: '23:00', version: now.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await orderAt(shop.id)).status).toBe(201);
  });
});

describe('a TimeShop week', () => {
  it("overrides the shop's own times: open in its ranges only, overnight into the next day", async () => {
    // Its own times say around the clock; its week says Friday 10:00–11:00 and Friday night 22:00–01:00 only.
    const shop = await makeShop('00:00', '00:00');
    const week = await api.post(
      TIME,
      {
        shopId: shop.id,
        hours: [
          {
            day: 5,
            ranges: [
              { open: '10:00', close: '11:00' },
              { open: '22:00', close: '01:00' },
            ],
          },
        ],
      },
      bkk,
    );
    expect(week.status, JSON.stringify(week.body)).toBe(201);
    await clockAt('fri', '10:30');
    expect((await orderAt(shop.id)).status).toBe(201);
    await clockAt('fri', '12:00');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    await clockAt('sat', '00:30');
    expect((await orderAt(shop.id)).status).toBe(201);
    await clockAt('sat', '10:30');
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    // Deleted, the week no longer holds and the shop's own times do again.
    expect((await send('DELETE', `${TIME}/${week.body.data.id}`, admin)).status).toBe(200);
    expect((await orderAt(shop.id)).status).toBe(201);
  });
});

describe("the company's time zone", () => {
  afterAll(async () => {
    const now = (await api.get(SYSTEM, admin)).body.data;
    await send('PUT', SYSTEM, admin, { ...now, timeZone: 'Asia/Bangkok', version: now.version });
  });

  it("reads the shop's hours on the clock of the zone Setting/System names", async () => {
    const shop = await makeShop('08:00', '20:00');
    // 09:00 in Bangkok is 21:00 the day before in New York.
    await clockAt('sun', '09:00');
    expect((await orderAt(shop.id)).status).toBe(201);
    const now = (await api.get(SYSTEM, admin)).body.data;
    expect((await send('PUT', SYSTEM, admin, { ...now, timeZone: 'America/New_York', version: now.version })).status).toBe(200);
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopClosed'] });
    await clockAt('sun', '10:00', 'America/New_York');
    expect((await orderAt(shop.id)).status).toBe(201);
  });
});

describe('shops that are not public or not active', () => {
  it('refuses a shop taken off public view, and one that is not active, open or not', async () => {
    const shop = await makeShop('00:00', '00:00');
    const now = (await api.get(`${SHOP}/${shop.id}`, bkk)).body.data;
    const { status: _status, packageName: _p, typeName: _t, id: _id, ...fields } = now;
    expect((await send('PUT', `${SHOP}/${shop.id}`, bkk, { ...fields, public: false, version: now.version })).status).toBe(200);
    expect(await refusalOf(shop.id)).toEqual({ shopId: ['shopNotPublic'] });

    const other = await makeShop('00:00', '00:00');
    const moved = await send('PATCH', `${SHOP}/${other.id}/status`, bkk, { status: 'suspended', reason: 'hours test', version: other.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await refusalOf(other.id)).toEqual({ shopId: ['shopNotActive'] });
  });
});

describe('the demo seed', () => {
  it('keeps in every area of every app a shop that takes orders at any hour', async () => {
    const db = api.deps.db;
    const all = await db.select({ id: areas.id }).from(areas).where(eq(areas.companyId, w.companyId));
    const open = await db
      .select({ areaId: shops.areaId, name: shops.name })
      .from(shops)
      .where(
        and(
          eq(shops.companyId, w.companyId),
          eq(shops.status, 'active'),
          eq(shops.public, true),
          eq(shops.openTime, '00:00'),
          eq(shops.closeTime, '00:00'),
          isNull(shops.deletedAt),
          sql`NOT EXISTS (SELECT 1 FROM shop_hours h WHERE h.shop_id = ${shops.id} AND h.deleted_at IS NULL)`,
        ),
      );
    expect(all).toHaveLength(6);
    for (const area of all)
      expect(
        open.some((s) => s.areaId === area.id),
        `area ${area.id}`,
      ).toBe(true);
    expect(open.map((s) => s.name)).toEqual(expect.arrayContaining(['Siam Noodle House', 'Chatuchak Coffee', 'Nimman Kitchen', 'Bangkok Craft Market']));
  });
});
