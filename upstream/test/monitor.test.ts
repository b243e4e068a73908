import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikers } from '../src/db/schema';
import type { BusEvent } from '../src/realtime/bus';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { drive, foodOrder, listOf, orderWorld, parcelOrder, placeOrder, type OrderWorld } from './order-support';

/** The biker app's report: the monitor's path on the app channel, with its key. */
const report = (path: string, options: { token: string; body: unknown }) =>
  api.request('PATCH', path.replace('/api/admin/', '/api/app/'), { ...options, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let bkk: string;
const MONITOR = '/api/admin/Delivery/Monitor/Biker';
const BIKERS = '/api/admin/Delivery/Member/Biker';

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Monitor');
  bkk = w.bkk.accessToken;
});
afterAll(async () => {
  await api?.close();
});

const board = async (query = '', token = bkk): Promise<Loose> => {
  const res = await api.get(`${MONITOR}${query}`, token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const bikerOn = (data: Loose, id: number) => data.bikers.find((b: Loose) => b.id === String(id));
const waitingIds = (data: Loose) => data.waiting.map((o: Loose) => o.id);

describe('the board', () => {
  it("lists the area's bikers with presence, position and tasks, and the orders waiting for one", async () => {
    const ready = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    await drive(api, bkk, 'food', ready.id, ['shop_receive_order']);
    const notYet = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    const parcel = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk));
    const unpaid = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'promptpay' }));

    const before = await board();
    expect(new Set(before.bikers.map((b: Loose) => b.areaName))).toEqual(new Set(['Bangkok']));
    expect(bikerOn(before, w.bikers.cnx)).toBeUndefined();
    expect(bikerOn(before, w.bikers.bkk)).toMatchObject({ presence: 'online', status: 'active', assigned: false, tasks: [] });
    const waiting = waitingIds(before);
    expect(waiting).toEqual(expect.arrayContaining([ready.id, parcel.id]));
    expect(waiting).not.toContain(notYet.id);
    expect(waiting).not.toContain(unpaid.id);
    expect(waiting.indexOf(parcel.id)).toBeLessThan(waiting.indexOf(ready.id));
    expect(before.waiting.find((o: Loose) => o.id === parcel.id)).toMatchObject({ kind: 'parcel', bikerId: null, pickup: { lat: '13.729', lng: '100.534' } });

    const assigned = await api.request('PATCH', `${MONITOR}/assign`, { token: bkk, body: { orderId: ready.id, bikerId: String(w.bikers.bkk) } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ id: ready.id, status: 'biker_receive_order', bikerId: String(w.bikers.bkk) });
    const after = await board();
    expect(waitingIds(after)).not.toContain(ready.id);
    const rider = bikerOn(after, w.bikers.bkk);
    expect(rider.assigned).toBe(true);
    expect(rider.tasks.map((t: Loose) => [t.id, t.status])).toEqual([[ready.id, 'biker_receive_order']]);
    await drive(api, bkk, 'food', ready.id, ['biker_to_shop', 'food_otw', 'biker_to_member', 'success']);
    expect(bikerOn(await board(), w.bikers.bkk)).toMatchObject({ assigned: false, tasks: [] });
  });

  it('flags each order from the lifecycle: waiting for a biker, or with a biker who can still be changed', async () => {
    const flagsOf = (o: Loose) => ({ status: o.status, waiting: o.waiting, changeable: o.changeable });
    const food = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    await drive(api, bkk, 'food', food.id, ['shop_receive_order']);
    const cash = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk));
    const paid = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'promptpay' }));
    await drive(api, bkk, 'parcel', paid.id, ['member_create_order_payment_success']);

    const waitingOf = (data: Loose, id: string) => flagsOf(data.waiting.find((o: Loose) => o.id === id));
    const before = await board();
    expect(waitingOf(before, food.id)).toEqual({ status: 'shop_receive_order', waiting: true, changeable: false });
    expect(waitingOf(before, cash.id)).toEqual({ status: 'member_create_order', waiting: true, changeable: false });
    expect(waitingOf(before, paid.id)).toEqual({ status: 'member_create_order_payment_success', waiting: true, changeable: false });
    expect(before.waiting.every((o: Loose) => o.waiting === true && o.changeable === false)).toBe(true);

    const taskOf = async (id: string) => flagsOf(bikerOn(await board(), w.bikers.bkk).tasks.find((t: Loose) => t.id === id));
    expect((await api.request('PATCH', `${MONITOR}/assign`, { token: bkk, body: { orderId: food.id, bikerId: String(w.bikers.bkk) } })).status).toBe(200);
    expect(await taskOf(food.id)).toEqual({ status: 'biker_receive_order', waiting: false, changeable: true });
    for (const [event, changeable] of [
      ['biker_to_shop', true],
      ['food_otw', true],
      ['biker_to_member', false],
    ] as const) {
      await drive(api, bkk, 'food', food.id, [event]);
      expect(await taskOf(food.id), event).toEqual({ status: event, waiting: false, changeable });
    }
    await drive(api, bkk, 'food', food.id, ['success']);
    expect(bikerOn(await board(), w.bikers.bkk).tasks).toEqual([]);
  });

  it('filters by presence and area, and keeps staff in theirs', async () => {
    const away = await board('?presence=away');
    expect(away.bikers.length).toBeGreaterThan(0);
    expect(away.bikers.every((b: Loose) => b.presence === 'away')).toBe(true);
    expect((await board(`?areaId=${w.chiangMai}`)).bikers).toEqual([]);
    const admin = await board(`?areaId=${w.chiangMai}`, w.admin.accessToken);
    expect(bikerOn(admin, w.bikers.cnx)).toMatchObject({ areaName: 'Chiang Mai' });
    expect(admin.bikers.every((b: Loose) => b.areaId === String(w.chiangMai))).toBe(true);
    expect((await api.get(`${MONITOR}?color=red`, bkk)).status).toBe(400);
    expect((await api.get(MONITOR, w.market.accessToken)).status).toBe(403);
  });

  it('assigns through the monitor with the same rules as the order', async () => {
    const order = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk));
    const assign = (bikerId: number, orderId = order.id, token = bkk) =>
      api.request('PATCH', `${MONITOR}/assign`, { token, body: { orderId, bikerId: String(bikerId) } });
    expect((await assign(w.bikers.bkkOffline)).body.message).toBe('BIKER_UNAVAILABLE');
    expect((await assign(w.bikers.cnx)).body.message).toBe('BIKER_UNAVAILABLE');
    expect((await assign(w.bikers.bkk, order.id, w.cnx.accessToken)).status).toBe(404);
    expect((await assign(w.bikers.bkk2)).body.data).toMatchObject({ status: 'biker_receive_order', bikerId: String(w.bikers.bkk2) });
    expect((await assign(w.bikers.bkk)).body.data.events.at(-1)).toMatchObject({ event: 'biker_change', bikerId: String(w.bikers.bkk) });
    const bad = await api.request('PATCH', `${MONITOR}/assign`, { token: bkk, body: { orderId: 'x' } });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['bikerId', 'orderId']);
  });
});

describe('what the biker app reports', () => {
  it('changes presence and position, answers the biker and publishes biker.presence in its area only', async () => {
    const got: Record<string, BusEvent[]> = { bkk: [], cnx: [] };
    const stops = [
      api.bus.subscribe({ companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok, deliver: (e) => got.bkk!.push(e) }),
      api.bus.subscribe({ companyId: w.companyId, appId: w.deliveryApp, areaId: w.chiangMai, deliver: (e) => got.cnx!.push(e) }),
    ];
    try {
      const res = await report(`${MONITOR}/${w.bikers.bkk2}`, { token: bkk, body: { presence: 'dnd', lat: '13.7563100', lng: 100.5018 } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: String(w.bikers.bkk2), presence: 'dnd', lat: '13.75631', lng: '100.5018', positionAt: expect.any(String) });
      expect(got.bkk).toEqual([
        {
          type: 'biker.presence',
          bikerId: String(w.bikers.bkk2),
          presence: 'dnd',
          lat: '13.75631',
          lng: '100.5018',
          areaId: String(w.bangkok),
          at: res.body.data.positionAt,
          scope: { companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok },
        },
      ]);
      expect(got.cnx).toEqual([]);
      const moved = await report(`${MONITOR}/${w.bikers.bkk2}`, { token: bkk, body: { presence: 'online' } });
      expect(moved.body.data).toMatchObject({ presence: 'online', lat: '13.75631' });
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('validates the report and keeps staff to their area', async () => {
    const path = `${MONITOR}/${w.bikers.bkk2}`;
    expect((await report(path, { token: bkk, body: { lat: '13.7' } })).body.errors).toEqual({ lng: ['required'] });
    expect((await report(path, { token: bkk, body: {} })).body.errors).toEqual({ presence: ['required'] });
    expect((await report(path, { token: bkk, body: { presence: 'asleep' } })).status).toBe(400);
    expect((await report(`${MONITOR}/${w.bikers.cnx}`, { token: bkk, body: { presence: 'away' } })).status).toBe(404);
    const [cnxBiker] = await api.deps.db.select({ presence: bikers.presence }).from(bikers).where(eq(bikers.id, w.bikers.cnx));
    expect(cnxBiker!.presence).toBe('online');
  });

  it('takes an offline biker out of assignment', async () => {
    await report(`${MONITOR}/${w.bikers.bkk2}`, { token: bkk, body: { presence: 'offline' } });
    const order = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk));
    const res = await api.request('PATCH', `${listOf('parcel')}/${order.id}/biker`, { token: bkk, body: { bikerId: String(w.bikers.bkk2) } });
    expect([res.status, res.body.message]).toEqual([409, 'BIKER_UNAVAILABLE']);
    await report(`${MONITOR}/${w.bikers.bkk2}`, { token: bkk, body: { presence: 'away' } });
    expect((await api.request('PATCH', `${listOf('parcel')}/${order.id}/biker`, { token: bkk, body: { bikerId: String(w.bikers.bkk2) } })).status).toBe(200);
  });
});

describe('the bikers list', () => {
  it('pages, searches name and phone, sorts by name, and keeps staff in their area', async () => {
    const all = await api.get(`${BIKERS}?pageSize=100&sort=name&order=asc`, bkk);
    expect(all.status).toBe(200);
    const names = all.body.data.map((b: Loose) => b.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(all.body.data.map((b: Loose) => b.areaName))).toEqual(new Set(['Bangkok']));
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      phone: expect.any(String),
      areaId: String(w.bangkok),
      areaName: 'Bangkok',
      presence: expect.any(String),
      status: expect.any(String),
      lat: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      lng: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      positionAt: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      createdAt: expect.any(String),
      version: expect.any(Number),
      vehicle: expect.any(String),
      plate: expect.any(String),
      packageId: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      packageName: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      // The package's current subscription (docs/orders.md section 2, package charges).
      packageStartsAt: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      packageEndsAt: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      packageExpired: expect.any(Boolean),
      rating: expect.toSatisfy((v: unknown) => v === null || /^\d\.\d{2}$/.test(String(v))),
      ratingCount: expect.any(Number),
    });
    const one = all.body.data.find((b: Loose) => b.id === String(w.bikers.bkk));
    expect((await api.get(`${BIKERS}?q=${encodeURIComponent(one.name)}`, bkk)).body.data.map((b: Loose) => b.id)).toEqual([one.id]);
    expect((await api.get(`${BIKERS}?q=${one.phone}`, bkk)).body.data.map((b: Loose) => b.id)).toEqual([one.id]);
    const page = await api.get(`${BIKERS}?pageSize=10&page=2&sort=name&order=desc`, w.admin.accessToken);
    expect(page.body).toMatchObject({ page: 2, pageSize: 10 });
    expect((await api.get(`${BIKERS}?presence=offline`, bkk)).body.data.every((b: Loose) => b.presence === 'offline')).toBe(true);
    expect((await api.get(`${BIKERS}?areaId=${w.chiangMai}`, bkk)).body.total).toBe(0);
    const bad = await api.get(`${BIKERS}?pageSize=30&sort=phone&color=red`, bkk);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['color', 'pageSize', 'sort']);
  });
});
