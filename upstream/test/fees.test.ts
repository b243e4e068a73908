import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { orderWorld, parcelOrder, placeOrder, appPost, listOf, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let w: OrderWorld;
const SR = '/api/admin/Delivery/ShippingRate';
const MF = '/api/admin/Delivery/Messenger';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const band = (s: number, e: number, price: number) => ({ s_distance: s, e_distance: e, price, freeDelivery: false, estimateTime: 20 });

describe('Delivery fee tables (ShippingRate)', () => {
  it("lists the seeded table of the staff member's own area only", async () => {
    const res = await api.get(SR, bkk.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ unit: 'Kilometer', deliveryDistance: 15, areaId: bkk.userData.area });
    expect(res.body.data[0].bands).toHaveLength(4);
    const all = await api.get(SR, admin.accessToken);
    expect(all.body.total).toBeGreaterThan(1);
    const other = all.body.data.find((r: Loose) => r.areaId !== bkk.userData.area);
    expect((await api.get(`${SR}/${other.id}`, bkk.accessToken)).status).toBe(404);
  });

  it('answers the band rules with their codes, per band', async () => {
    const bad = await api.post(SR, { unit: 'Mile', deliveryDistance: 10, bands: [band(0, 3, 1000), band(4, 4, 1000), band(4, 12, 2000)] }, bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'bands.1.e_distance': ['distanceError'],
      'bands.2.e_distance': ['distanceOverLimit'],
      'bands.2.s_distance': ['bandGap'],
    });
    const overlap = await api.post(SR, { unit: 'Mile', deliveryDistance: 10, bands: [band(0, 5, 1000), band(4, 10, 2000)] }, bkk.accessToken);
    expect(overlap.body.errors).toEqual({ 'bands.1.s_distance': ['bandOverlap'] });
  });

  it('keeps one table per area and unit: a second Kilometer table is taken, a Mile one is not', async () => {
    const taken = await api.post(SR, { unit: 'Kilometer', deliveryDistance: 5, bands: [band(0, 5, 1000)] }, bkk.accessToken);
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ unit: ['taken'] });
    const mile = await api.post(SR, { unit: 'Mile', deliveryDistance: 10, bands: [band(0, 4, 1000), band(4, 10, 2500)] }, bkk.accessToken);
    expect(mile.status, JSON.stringify(mile.body)).toBe(201);
    expect(mile.body.data.bands[1]).toEqual(band(4, 10, 2500));
    // Deleted, another Mile table may be made; the first then cannot come back beside it.
    expect((await send('DELETE', `${SR}/${mile.body.data.id}`, bkk.accessToken)).status).toBe(403); // staff.bkk has no delete flag
    expect((await send('DELETE', `${SR}/${mile.body.data.id}`, admin.accessToken)).status).toBe(200);
    const again = await api.post(SR, { unit: 'Mile', deliveryDistance: 4, bands: [band(0, 4, 900)] }, bkk.accessToken);
    expect(again.status).toBe(201);
    const restore = await send('POST', `${SR}/${mile.body.data.id}/restore`, admin.accessToken);
    expect(restore.status).toBe(400);
    expect(restore.body.errors).toEqual({ unit: ['taken'] });
  });

  it('exports the bands as JSON in the CSV', async () => {
    const res = await fetch(`${api.url}${SR}/export`, { headers: { authorization: `Bearer ${bkk.accessToken}` } });
    const [header, first] = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('id,unit,deliveryDistance,bands,area,createdAt');
    expect(first).toContain('""s_distance"":0');
  });

  it('refuses staff.cnx (dashboards only) every operation', async () => {
    const row = (await api.get(SR, bkk.accessToken)).body.data[0];
    for (const [method, path, body] of [
      ['GET', SR],
      ['GET', `${SR}/${row.id}`],
      ['POST', SR, { unit: 'Mile', deliveryDistance: 1, bands: [band(0, 1, 1)] }],
      ['PUT', `${SR}/${row.id}`, { ...row, version: row.version }],
      ['GET', MF],
      ['POST', MF, { maxWeight: 100, bands: [{ s_weight: 0, e_weight: 100, price: 1 }] }],
    ] as const) {
      expect((await send(method, path, cnx.accessToken, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('Messenger fee tables and parcel orders', () => {
  // The order world gives staff.cnx the Delivery flags, so it is made after the refusals above.
  beforeAll(async () => {
    w = await orderWorld(api, 'Fees');
  });
  const weightBands = (low: number, high: number) => [
    { s_weight: 0, e_weight: 3000, price: low },
    { s_weight: 3000, e_weight: 20000, price: high },
  ];

  it('keeps one table per area', async () => {
    const taken = await api.post(MF, { maxWeight: 1000, bands: [{ s_weight: 0, e_weight: 1000, price: 1 }] }, bkk.accessToken);
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ areaId: ['taken'] });
  });

  it("charges a parcel by the area's table when it is placed; a later change leaves it and prices the next one", async () => {
    const before = await placeOrder(api, w.bkk.accessToken, 'parcel', parcelOrder(w.members.bkk2, { deliveryFee: 1, weightGram: 2500 }));
    expect(before).toMatchObject({ deliveryFee: 4_500, total: 4_500 });

    const table = (await api.get(MF, bkk.accessToken)).body.data[0];
    const changed = await send('PUT', `${MF}/${table.id}`, bkk.accessToken, { maxWeight: 20000, bands: weightBands(5_000, 9_900), version: table.version });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const after = await placeOrder(api, w.bkk.accessToken, 'parcel', parcelOrder(w.members.bkk2, { weightGram: 2500 }));
    expect(after).toMatchObject({ deliveryFee: 5_000, total: 5_000 });
    const heavy = await placeOrder(api, w.bkk.accessToken, 'parcel', parcelOrder(w.members.bkk2, { weightGram: 20000 }));
    expect(heavy.deliveryFee).toBe(9_900);
    expect((await api.get(`${listOf('parcel')}/${before.id}`, bkk.accessToken)).body.data.deliveryFee).toBe(4_500);

    const tooHeavy = await appPost(api, listOf('parcel'), parcelOrder(w.members.bkk2, { weightGram: 20001 }), w.bkk.accessToken);
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.body.errors).toMatchObject({ weightGram: ['weightOverLimit'] });
  });
});
