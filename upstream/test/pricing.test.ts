import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { areas, carriers, messengerFees, products, shippingRates } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import { appPost, foodOrder, listOf, orderWorld, parcelOrder, placeOrder, type OrderWorld } from './order-support';

/**
 * Delivery pricing through the app channel (docs/orders.md section 4, "Delivery pricing"): an operator changes a
 * table through the admin API, the member app places an order, and the fee is the table's, never the app's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let admin: string;
let bkk: string;
let market: string;
const SR = '/api/admin/Delivery/ShippingRate';
const MF = '/api/admin/Delivery/Messenger';
const CARRIER = '/api/admin/Marketplace/Carrier';
const SYSTEM = '/api/admin/Delivery/Setting/System';
const FOOD = listOf('food');
const MARKET = '/api/admin/Marketplace/Orders';

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Pricing');
  [admin, bkk, market] = [w.admin.accessToken, w.bkk.accessToken, w.market.accessToken];
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const band = (s: number, e: number, price: number, extra: Record<string, unknown> = {}) => ({
  s_distance: s,
  e_distance: e,
  price,
  freeDelivery: false,
  estimateTime: 20,
  ...extra,
});
/** The Bangkok area's table in a unit (staff.bkk sees its own area's only). */
const tableOf = async (unit: 'Kilometer' | 'Mile') => (await api.get(`${SR}?unit=${unit}`, bkk)).body.data[0] as Loose;
async function saveTable(unit: 'Kilometer' | 'Mile', deliveryDistance: number, bands: unknown[]) {
  const table = await tableOf(unit);
  const res = table
    ? await send('PUT', `${SR}/${table.id}`, bkk, { unit, deliveryDistance, bands, version: table.version })
    : await send('POST', SR, bkk, { unit, deliveryDistance, bands });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data as Loose;
}
async function setUnit(distanceUnit: 'km' | 'mi') {
  const now = (await api.get(SYSTEM, admin)).body.data;
  const res = await send('PUT', SYSTEM, admin, { ...now, distanceUnit, version: now.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
/** A Bangkok food order at the demo shop, dropped off about 3.2 km away (`DROPOFF`). */
const order = (extra: Record<string, unknown> = {}) => foodOrder(w.members.bkk, w.shops.bkk, extra);
/** A drop-off east of the shop (same latitude), `km` away. */
const eastBy = async (km: number) => {
  const shop = (await api.get(`/api/admin/Delivery/Shop/${w.shops.bkk}`, admin)).body.data;
  const lat = Number(shop.lat);
  const lng = Number(shop.lng) + km / (111.195 * Math.cos((lat * Math.PI) / 180));
  return { address: `${km} km east`, lat: lat.toFixed(7), lng: lng.toFixed(7) };
};

describe('food orders: the delivery fee table (ShippingRate) prices the distance', () => {
  it("never takes the app's figure: 1 and 99999 satang sent, the band's fee stored for both", async () => {
    const low = await placeOrder(api, bkk, 'food', order({ deliveryFee: 1 }));
    const high = await placeOrder(api, bkk, 'food', order({ deliveryFee: 99_999 }));
    const none = await placeOrder(api, bkk, 'food', order({ deliveryFee: undefined }));
    for (const placed of [low, high, none]) {
      expect(placed).toMatchObject({ deliveryFee: 2_500, total: 12_000 + 2_500, delivery: { estimateMinutes: 30, carrierId: null } });
      expect(placed.delivery.distanceM).toBeGreaterThan(3_000);
      expect(placed.delivery.distanceM).toBeLessThan(5_000);
    }
    const stored = (await api.get(`${FOOD}/${high.id}`, bkk)).body.data;
    expect(stored).toMatchObject({ deliveryFee: 2_500, total: 14_500 });
  });

  it('charges the band an edit puts the distance in, with its estimate time; the order keeps its fee after', async () => {
    await saveTable('Kilometer', 12, [band(0, 4, 3_300, { estimateTime: 35 }), band(4, 12, 5_500, { estimateTime: 50 })]);
    const near = await placeOrder(api, bkk, 'food', order());
    expect(near).toMatchObject({ deliveryFee: 3_300, delivery: { estimateMinutes: 35 } });
    const far = await placeOrder(api, bkk, 'food', order({ dropoff: await eastBy(8) }));
    expect(far).toMatchObject({ deliveryFee: 5_500, delivery: { estimateMinutes: 50 } });
    expect(far.delivery.distanceM).toBeGreaterThanOrEqual(7_990);
    expect(far.delivery.distanceM).toBeLessThanOrEqual(8_010);

    await saveTable('Kilometer', 12, [band(0, 4, 3_900, { estimateTime: 35 }), band(4, 12, 5_500, { estimateTime: 50 })]);
    expect((await api.get(`${FOOD}/${near.id}`, bkk)).body.data.deliveryFee).toBe(3_300);
  });

  it('charges nothing in a free band and still keeps its estimate time', async () => {
    await saveTable('Kilometer', 12, [band(0, 4, 3_300, { freeDelivery: true, estimateTime: 25 }), band(4, 12, 5_500)]);
    const free = await placeOrder(api, bkk, 'food', order({ deliveryFee: 3_000 }));
    expect(free).toMatchObject({ deliveryFee: 0, total: 12_000, delivery: { estimateMinutes: 25 } });
  });

  it('refuses a drop-off past the distance it delivers, naming the limit', async () => {
    await saveTable('Kilometer', 12, [band(0, 4, 3_300), band(4, 12, 5_500)]);
    const past = await appPost(api, FOOD, order({ dropoff: await eastBy(12.5) }), bkk);
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ dropoff: ['distanceOverLimit'] });
    expect(past.body.data.params).toEqual({ dropoff: { limit: 12, unit: 'km' } });
  });

  it('refuses an order in an area without a table instead of taking the fee sent', async () => {
    const table = await tableOf('Kilometer');
    expect((await send('DELETE', `${SR}/${table.id}`, admin)).status).toBe(200);
    const none = await appPost(api, FOOD, order({ deliveryFee: 1 }), bkk);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ dropoff: ['noFeeTable'] });
    expect((await send('POST', `${SR}/${table.id}/restore`, admin)).status).toBe(200);
    expect((await placeOrder(api, bkk, 'food', order())).deliveryFee).toBe(3_300);
  });
});

describe("the company's distance unit decides the table", () => {
  afterAll(async () => {
    await setUnit('km');
  });

  it("prices by the company unit's table when both exist", async () => {
    await saveTable('Kilometer', 12, [band(0, 4, 3_300), band(4, 12, 5_500)]);
    await saveTable('Mile', 5, [band(0, 1, 1_000, { estimateTime: 10 }), band(1, 5, 7_700, { estimateTime: 45 })]);
    expect((await placeOrder(api, bkk, 'food', order())).deliveryFee).toBe(3_300);
    await setUnit('mi');
    // About 3.2 km is about 2 mi: the Mile table's second band.
    expect(await placeOrder(api, bkk, 'food', order())).toMatchObject({ deliveryFee: 7_700, delivery: { estimateMinutes: 45 } });
    const past = await appPost(api, FOOD, order({ dropoff: await eastBy(8.1) }), bkk);
    expect(past.body.errors).toEqual({ dropoff: ['distanceOverLimit'] });
    expect(past.body.data.params).toEqual({ dropoff: { limit: 5, unit: 'mi' } });
  });

  it("without the company unit's table, converts the distance for the other unit's (1 mi = 1.609344 km)", async () => {
    // The company counts in miles and the area has a Kilometer table only: 8 km falls in its 4–12 km band.
    const mile = await tableOf('Mile');
    expect((await send('DELETE', `${SR}/${mile.id}`, admin)).status).toBe(200);
    expect((await placeOrder(api, bkk, 'food', order({ dropoff: await eastBy(8) }))).deliveryFee).toBe(5_500);
    const past = await appPost(api, FOOD, order({ dropoff: await eastBy(12.5) }), bkk);
    expect(past.body.data.params).toEqual({ dropoff: { limit: 7.46, unit: 'mi' } });
    // The other way: a company in km with a Mile table only; 8 km is 4.97 mi, the 1–5 mi band.
    expect((await send('POST', `${SR}/${mile.id}/restore`, admin)).status).toBe(200);
    const km = await tableOf('Kilometer');
    expect((await send('DELETE', `${SR}/${km.id}`, admin)).status).toBe(200);
    await setUnit('km');
    expect((await placeOrder(api, bkk, 'food', order({ dropoff: await eastBy(8) }))).deliveryFee).toBe(7_700);
    expect((await appPost(api, FOOD, order({ dropoff: await eastBy(8.1) }), bkk)).body.errors).toEqual({ dropoff: ['distanceOverLimit'] });
    expect((await send('POST', `${SR}/${km.id}/restore`, admin)).status).toBe(200);
    expect((await placeOrder(api, bkk, 'food', order())).deliveryFee).toBe(3_300);
  });
});

describe("Marketplace orders: the chosen carrier's weight table prices the shipment", () => {
  let skus: { light: string; heavy: string };
  beforeAll(async () => {
    const [row] = await api.deps.db
      .insert(products)
      .values({
        companyId: w.companyId,
        appId: w.marketApp,
        areaId: w.marketBangkok,
        shopId: w.shops.market,
        name: 'Pricing tee',
        variants: [
          { sku: 'PRICE-LIGHT', name: 'Tee', price: 25_000, stock: 50, weightGram: 400 },
          { sku: 'PRICE-HEAVY', name: 'Boots', price: 90_000, stock: 50, weightGram: 2_600 },
        ],
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    skus = { light: row!.variants[0]!.sku, heavy: row!.variants[1]!.sku };
  });
  const marketOrder = (items: unknown[], extra: Record<string, unknown> = {}) =>
    foodOrder(w.members.market, w.shops.market, { items, carrierId: String(w.carriers.market), deliveryFee: 1, ...extra });

  it('charges the band of the weight of the items, by the table as an edit leaves it', async () => {
    const carrier = (await api.get(`${CARRIER}/${w.carriers.market}`, market)).body.data;
    const saved = await send('PUT', `${CARRIER}/${carrier.id}`, market, {
      name: carrier.name,
      status: 'active',
      maxWeight: 5_000,
      bands: [
        { s_weight: 0, e_weight: 1_000, price: 4_100 },
        { s_weight: 1_000, e_weight: 5_000, price: 8_200 },
      ],
      version: carrier.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const light = await placeOrder(api, market, 'food', marketOrder([{ sku: skus.light, qty: 2 }]), 'Marketplace');
    expect(light).toMatchObject({ deliveryFee: 4_100, weightGram: 800, total: 50_000 + 4_100, delivery: { carrierId: carrier.id, carrierName: carrier.name } });
    const heavy = await placeOrder(
      api,
      market,
      'food',
      marketOrder([
        { sku: skus.light, qty: 1 },
        { sku: skus.heavy, qty: 1 },
      ]),
      'Marketplace',
    );
    expect(heavy).toMatchObject({ deliveryFee: 8_200, weightGram: 3_000 });
  });

  it("refuses a shipment past the carrier's heaviest, a closed or unknown carrier, and none", async () => {
    const over = await appPost(api, MARKET, marketOrder([{ sku: skus.heavy, qty: 2 }]), market);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ carrierId: ['weightOverLimit'] });
    expect(over.body.data.params).toEqual({ carrierId: { limit: 5_000 } });
    const closed = (await api.get(`${CARRIER}?status=close`, market)).body.data[0];
    expect((await appPost(api, MARKET, marketOrder([{ sku: skus.light, qty: 1 }], { carrierId: closed.id }), market)).body.errors).toEqual({
      carrierId: ['unknownReference'],
    });
    expect((await appPost(api, MARKET, marketOrder([{ sku: skus.light, qty: 1 }], { carrierId: undefined }), market)).body.errors).toEqual({
      carrierId: ['required'],
    });
    // A Delivery app's order takes no carrier.
    expect((await appPost(api, FOOD, order({ carrierId: String(w.carriers.market) }), bkk)).body.errors).toEqual({ carrierId: ['unknownReference'] });
  });
});

describe('parcels: the messenger fee table prices the weight', () => {
  it("charges the weight's band whatever fee is sent, and refuses an area without a table", async () => {
    const placed = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk, { deliveryFee: 1, weightGram: 2_500 }));
    expect(placed).toMatchObject({ deliveryFee: 4_500, total: 4_500, weightGram: 2_500 });
    expect(placed.delivery.distanceM).toBeGreaterThan(1_000);
    const table = (await api.get(MF, bkk)).body.data[0];
    expect((await send('DELETE', `${MF}/${table.id}`, admin)).status).toBe(200);
    const none = await appPost(api, listOf('parcel'), parcelOrder(w.members.bkk, { deliveryFee: 4_500 }), bkk);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ weightGram: ['noFeeTable'] });
    expect((await send('POST', `${MF}/${table.id}/restore`, admin)).status).toBe(200);
  });
});

describe('the seeded tables', () => {
  it('give every area of every app a delivery fee and a messenger fee table, and every Marketplace area an open carrier', async () => {
    const db = api.deps.db;
    const all = await db.select({ id: areas.id, appId: areas.appId }).from(areas).where(eq(areas.companyId, w.companyId));
    const live = <T extends { areaId: number }>(rows: T[]) => new Set(rows.map((r) => r.areaId));
    const rated = live(await db.select({ areaId: shippingRates.areaId }).from(shippingRates).where(isNull(shippingRates.deletedAt)));
    const weighed = live(await db.select({ areaId: messengerFees.areaId }).from(messengerFees).where(isNull(messengerFees.deletedAt)));
    const carried = live(
      await db
        .select({ areaId: carriers.areaId })
        .from(carriers)
        .where(and(eq(carriers.status, 'active'), isNull(carriers.deletedAt))),
    );
    expect(all.length).toBe(6);
    for (const area of all) {
      expect(rated.has(area.id), `delivery fee table of area ${area.id}`).toBe(true);
      expect(weighed.has(area.id), `messenger fee table of area ${area.id}`).toBe(true);
      if (area.appId === w.marketApp) expect(carried.has(area.id), `open carrier of area ${area.id}`).toBe(true);
    }
  });
});
