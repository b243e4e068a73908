import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { containsPoint, type Position } from '@contract/geo';
import { areas, orders, permissions, shops, subscriptions, users } from '../src/db/schema';
import { DEMO, TEST_APP_API_KEY, startTestServer, type TestServer } from './helpers';
import { DROPOFF, appPost, foodOrder, orderWorld, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
const AREAS = '/api/admin/Delivery/Setting/ServiceArea';
const polygon = (vertices: Position[]) => ({ type: 'Polygon', coordinates: [[...vertices, vertices[0]!]] });
const body = (name: string, vertices: Position[], extra: Record<string, unknown> = {}) => ({
  name,
  status: 'AreaReady',
  province: 'Test',
  boundary: polygon(vertices),
  ...extra,
});
/** East of Bangkok's seeded outline, along its edge (100.66, 13.63)–(100.70, 13.76). */
const EAST_OF_BANGKOK: Position[] = [
  [100.66, 13.63],
  [100.8, 13.6],
  [100.82, 13.75],
  [100.7, 13.76],
];
/** Over central Bangkok. */
const OVER_BANGKOK: Position[] = [
  [100.45, 13.7],
  [100.55, 13.7],
  [100.55, 13.8],
  [100.45, 13.8],
];

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Areas');
  // Room for this file's adds; the limit test sets the plan to what is there.
  await api.deps.db.update(subscriptions).set({ maxAreas: 50 }).where(eq(subscriptions.companyId, w.companyId));
});
afterAll(async () => {
  await api?.close();
});

describe('Service areas: boundaries', () => {
  it('lists the seeded areas with their boundaries and centres, and every seeded point lies in its area', async () => {
    const res = await api.get(`${AREAS}?sort=name`, w.admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: Loose) => [a.name, a.status, a.hasBoundary])).toEqual([
      ['Bangkok', 'AreaReady', true],
      ['Chiang Mai', 'AreaReady', true],
      ['Phuket', 'AreaClose', true],
    ]);
    for (const area of res.body.data) expect(containsPoint(area.boundary, area.centerLng, area.centerLat)).toBe(true);

    const db = api.deps.db;
    const rows = await db.select({ id: areas.id, boundary: areas.boundary }).from(areas);
    const byId = new Map(rows.map((r) => [r.id, r.boundary!]));
    const seededOrders = await db.select({ areaId: orders.areaId, lat: orders.dropoffLat, lng: orders.dropoffLng }).from(orders);
    const seededShops = await db.select({ areaId: shops.areaId, lat: shops.lat, lng: shops.lng }).from(shops);
    expect(seededOrders.length).toBeGreaterThan(100);
    const outside = [...seededOrders, ...seededShops].filter((p) => !containsPoint(byId.get(p.areaId)!, Number(p.lng), Number(p.lat)));
    expect(outside).toEqual([]);
  });

  it("refuses a boundary overlapping another area of the app with 'This area is already in use', and takes one touching it", async () => {
    const over = await api.post(AREAS, body('Overlapping', OVER_BANGKOK), w.admin.accessToken);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: 'This area is already in use', errors: { boundary: ['areaInUse'] }, data: { areas: [{ name: 'Bangkok' }] } });

    const touching = await api.post(AREAS, body('Bang Kapi East', EAST_OF_BANGKOK), w.admin.accessToken);
    expect(touching.status).toBe(201);
    expect(touching.body.data).toMatchObject({ name: 'Bang Kapi East', hasBoundary: true, status: 'AreaReady' });
    expect(containsPoint(touching.body.data.boundary, touching.body.data.centerLng, touching.body.data.centerLat)).toBe(true);

    // Sharing only a vertex with both; a polygon inside the new one is an overlap.
    const corner = await api.post(
      AREAS,
      body('Corner', [
        [100.82, 13.75],
        [100.9, 13.75],
        [100.9, 13.85],
      ]),
      w.admin.accessToken,
    );
    expect(corner.status).toBe(201);
    const inside = await api.post(
      AREAS,
      body('Inside', [
        [100.72, 13.65],
        [100.75, 13.65],
        [100.75, 13.7],
      ]),
      w.admin.accessToken,
    );
    expect(inside.body.errors).toEqual({ boundary: ['areaInUse'] });

    // The same outline in the other app is not in use there.
    const market = await api.post('/api/admin/Marketplace/Setting/ServiceArea', body('Bang Kapi East', EAST_OF_BANGKOK), w.admin.accessToken);
    expect(market.status).toBe(201);
  });

  it('refuses a boundary that is not a polygon, and lets only one of two overlapping adds at once pass', async () => {
    const bowTie = await api.post(
      AREAS,
      body('Bow tie', [
        [101, 14],
        [101.1, 14.1],
        [101.1, 14],
        [101, 14.1],
      ]),
      w.admin.accessToken,
    );
    expect(bowTie.body.errors).toEqual({ boundary: ['invalidPolygon'] });
    const far: Position[] = [
      [101.2, 14.2],
      [101.3, 14.2],
      [101.3, 14.3],
    ];
    const [a, b] = await Promise.all([api.post(AREAS, body('Race A', far), w.admin.accessToken), api.post(AREAS, body('Race B', far), w.admin.accessToken)]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body.message).toBe('This area is already in use');
  });

  it('edits an area with its version (409 when stale) and checks its new boundary', async () => {
    const area = (await api.get(`${AREAS}?q=Corner`, w.admin.accessToken)).body.data[0];
    const fields = { name: 'Corner North', status: 'AreaClose', province: 'Test', amphure: '', district: '', boundary: area.boundary };
    const ok = await api.request('PUT', `${AREAS}/${area.id}`, { token: w.admin.accessToken, body: { ...fields, version: area.version } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Corner North', status: 'AreaClose', version: area.version + 1 });
    const stale = await api.request('PUT', `${AREAS}/${area.id}`, { token: w.admin.accessToken, body: { ...fields, version: area.version } });
    expect(stale.status).toBe(409);
    const onto = await api.request('PUT', `${AREAS}/${area.id}`, {
      token: w.admin.accessToken,
      body: { ...fields, boundary: polygon(OVER_BANGKOK), version: ok.body.data.version },
    });
    expect(onto.status).toBe(400);
    expect(onto.body.message).toBe('This area is already in use');
  });

  it('tells which area a point is in, on the admin path and the app channel', async () => {
    const at = (lat: string, lng: string) => `${AREAS}/lookup?lat=${lat}&lng=${lng}`;
    expect((await api.get(at(DROPOFF.lat, DROPOFF.lng), w.admin.accessToken)).body.data.area).toMatchObject({ name: 'Bangkok', status: 'AreaReady' });
    expect((await api.get(at('18.79', '98.98'), w.admin.accessToken)).body.data.area.name).toBe('Chiang Mai');
    expect((await api.get(at('12.5', '101.5'), w.admin.accessToken)).body.data.area).toBeNull();
    expect((await api.get(at('95', '100'), w.admin.accessToken)).status).toBe(400);
    // Staff look in their own area only.
    expect((await api.get(at('18.79', '98.98'), w.bkk.accessToken)).body.data.area).toBeNull();

    const app = '/api/app/Delivery/Area?lat=7.9&lng=98.4';
    const viaApp = await api.get(app, w.admin.accessToken, { [APP_KEY_HEADER]: TEST_APP_API_KEY });
    expect(viaApp.status).toBe(200);
    expect(viaApp.body.data.area).toMatchObject({ name: 'Phuket', status: 'AreaClose' });
    expect((await api.get(app, w.admin.accessToken)).status).toBe(403);
  });

  it('refuses an order delivered outside every service area, or into a closed one', async () => {
    const outside = await appPost(
      api,
      '/api/admin/Delivery/Orders',
      foodOrder(w.members.bkk, w.shops.bkk, { dropoff: { lat: '12.5', lng: '101.5' } }),
      w.admin.accessToken,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({ dropoff: ['outsideServiceArea'] });
    const closed = await appPost(
      api,
      '/api/admin/Delivery/Orders',
      foodOrder(w.members.bkk, w.shops.bkk, { dropoff: { lat: '7.9', lng: '98.4' } }),
      w.admin.accessToken,
    );
    expect(closed.body.errors).toEqual({ dropoff: ['areaClosed'] });
    const inside = await appPost(api, '/api/admin/Delivery/Orders', foodOrder(w.members.bkk, w.shops.bkk), w.admin.accessToken);
    expect(inside.status).toBe(201);
  });

  it('refuses staff without the flag, and stops at the plan with "Service area limit reached"', async () => {
    const db = api.deps.db;
    const [bkkUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.bkk.username));
    await db
      .update(permissions)
      .set({ create: false, write: false })
      .where(and(eq(permissions.userId, bkkUser!.id), eq(permissions.name, 'Service Delivery Setting ServiceArea')));
    api.deps.permissions.drop(bkkUser!.id);
    const staff = await api.login(DEMO.bkk);
    expect(
      (
        await api.post(
          AREAS,
          body('Staff add', [
            [102, 15],
            [102.1, 15],
            [102.1, 15.1],
          ]),
          staff.accessToken,
        )
      ).status,
    ).toBe(403);
    const own = (await api.get(AREAS, staff.accessToken)).body.data;
    expect(own.map((a: Loose) => a.name)).toEqual(['Bangkok']);
    expect((await api.request('PUT', `${AREAS}/${own[0].id}`, { token: staff.accessToken, body: { ...own[0], version: own[0].version } })).status).toBe(403);

    const companyId = w.companyId;
    const live = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.companyId, companyId), isNull(areas.deletedAt)));
    await db.update(subscriptions).set({ maxAreas: live.length }).where(eq(subscriptions.companyId, companyId));
    const full = await api.post(
      AREAS,
      body('One too many', [
        [103, 16],
        [103.1, 16],
        [103.1, 16.1],
      ]),
      w.admin.accessToken,
    );
    expect(full.status).toBe(400);
    expect(full.body).toMatchObject({ message: 'Service area limit reached', errors: { limit: ['serviceAreaLimit'] } });
    await db
      .update(subscriptions)
      .set({ maxAreas: live.length + 1 })
      .where(eq(subscriptions.companyId, companyId));
    expect(
      (
        await api.post(
          AREAS,
          body('One more', [
            [103, 16],
            [103.1, 16],
            [103.1, 16.1],
          ]),
          w.admin.accessToken,
        )
      ).status,
    ).toBe(201);
  });
});
