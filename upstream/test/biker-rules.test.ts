import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { bikerConfigs } from '../src/db/schema';
import { sweepBikerRules } from '../src/domain/biker-rules';
import { startDeadlineSweeper } from '../src/domain/order-deadline-sweeper';
import { OFFER_LAPSED } from '../src/domain/order-offers';
import type { BusEvent } from '../src/realtime/bus';
import { verifyTotals } from '../src/seed/verify-totals';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { drive, foodOrder, listOf, orderWorld, parcelOrder, payOrder, placeOrder, sendEvent, UNLIMITED_TASKS, type OrderWorld } from './order-support';

/**
 * Config/Biker's rules, kept by the Platform API's periodic sweep: an order offered to a biker and not accepted within
 * `acceptTimeoutSec` goes back to waiting; a biker online longer than `maxOnlineHours` is set offline. Both are
 * recorded and published live for the monitor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let bkk: string;
const C = '/api/admin/Delivery/Config/Biker';
const MONITOR = '/api/admin/Delivery/Monitor/Biker';

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Rules');
  const { maxTasks: _max, searchRadiusKm, commissionRate, version } = (await api.get(C, w.admin.accessToken)).body.data;
  const saved = await api.request('PUT', C, {
    token: w.admin.accessToken,
    body: { maxTasks: 10, acceptTimeoutSec: 30, searchRadiusKm, maxOnlineHours: 2, commissionRate, version },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await api.deps.db.update(bikerConfigs).set({ maxTasks: UNLIMITED_TASKS }).where(eq(bikerConfigs.appId, w.deliveryApp));
  bkk = w.bkk.accessToken;
});
afterAll(async () => {
  await api?.close();
});

const sweep = () => sweepBikerRules(api.deps.db, api.deps.now());
const released = async () => (await sweep()).released.map(String);
const detail = async (kind: 'food' | 'parcel', id: string): Promise<Loose> => (await api.get(`${listOf(kind)}/${id}`, bkk)).body.data;
const assign = (orderId: string, bikerId: number) => api.request('PATCH', `${MONITOR}/assign`, { token: bkk, body: { orderId, bikerId: String(bikerId) } });
/** A food order the shop received: waiting for a biker. */
const readyFood = async (): Promise<Loose> => {
  const order = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
  await drive(api, bkk, 'food', order.id, ['shop_receive_order']);
  return order;
};
/** What the biker app reports of a biker (presence). */
const report = (bikerId: number, presence: string) =>
  api.request('PATCH', `/api/app/Delivery/Monitor/Biker/${bikerId}`, { token: bkk, body: { presence }, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
/** The live events of the Bangkok area while `run` runs. */
async function heard(run: () => Promise<void>): Promise<BusEvent[]> {
  const got: BusEvent[] = [];
  const stop = api.bus.subscribe({ companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok, deliver: (e) => got.push(e) });
  try {
    await run();
  } finally {
    stop();
  }
  return got;
}

describe('an offer not accepted in time (acceptTimeoutSec)', () => {
  it('goes back to waiting: recorded as a biker change to nobody by the system, on the monitor at once, the rollups moved', async () => {
    const order = await readyFood();
    const given = await assign(order.id, w.bikers.bkk);
    expect(given.body.data).toMatchObject({ status: 'biker_receive_order', bikerId: String(w.bikers.bkk) });
    expect(given.body.data.events.at(-1)).toMatchObject({ event: 'biker_receive_order', actorType: 'staff' });

    api.advance(20_000);
    expect(await released()).not.toContain(order.id);
    expect((await detail('food', order.id)).status).toBe('biker_receive_order');

    api.advance(15_000);
    let ids: string[] = [];
    const events = await heard(async () => {
      const sweep = await sweepBikerRules(api.deps.db, api.deps.now());
      for (const { scope, event } of sweep.publish) api.bus.publish(scope, event);
      ids = sweep.released.map(String);
    });
    expect(ids).toContain(order.id);
    const now = await detail('food', order.id);
    expect(now).toMatchObject({ status: 'shop_receive_order', bikerId: null, actions: { assignBiker: true } });
    expect(now.events.at(-1)).toMatchObject({ event: 'biker_change', actorType: 'system', bikerId: null, note: OFFER_LAPSED });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'order.event',
        orderId: order.id,
        event: 'biker_change',
        status: 'shop_receive_order',
        bikerId: null,
        previousBikerId: String(w.bikers.bkk),
        waiting: true,
        changeable: false,
      }),
    );
    const board = (await api.get(MONITOR, bkk)).body.data;
    expect(board.waiting.map((o: Loose) => o.id)).toContain(order.id);
    expect(board.bikers.find((b: Loose) => b.id === String(w.bikers.bkk)).tasks.map((t: Loose) => t.id)).not.toContain(order.id);
    expect(await verifyTotals(api.deps.db)).toEqual([]);

    // Once: a second pass leaves it; it can be given again.
    expect(await released()).not.toContain(order.id);
    expect((await assign(order.id, w.bikers.bkk2)).body.data).toMatchObject({ status: 'biker_receive_order', bikerId: String(w.bikers.bkk2) });
  });

  it('stays with a biker who accepted it from the app, took it themselves or moved it on; no one else can accept it', async () => {
    const offered = await readyFood();
    await assign(offered.id, w.bikers.bkk);
    const other = await sendEvent(api, bkk, 'food', offered.id, { event: 'biker_receive_order', bikerId: String(w.bikers.bkk2) });
    expect([other.status, other.body.message]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
    const accepted = await sendEvent(api, bkk, 'food', offered.id, { event: 'biker_receive_order', bikerId: String(w.bikers.bkk) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'biker_receive_order', bikerId: String(w.bikers.bkk) });
    expect(accepted.body.data.events.at(-1)).toMatchObject({ event: 'biker_receive_order', actorType: 'biker', actorId: String(w.bikers.bkk) });

    const taken = await readyFood();
    await drive(api, bkk, 'food', taken.id, [{ event: 'biker_receive_order', bikerId: w.bikers.bkk }]);
    const movedOn = await readyFood();
    await assign(movedOn.id, w.bikers.bkk);
    await drive(api, bkk, 'food', movedOn.id, ['biker_to_shop']);

    api.advance(60_000);
    const ids = await released();
    for (const o of [offered, taken, movedOn]) expect(ids).not.toContain(o.id);
    expect((await detail('food', offered.id)).status).toBe('biker_receive_order');
    expect((await detail('food', taken.id)).status).toBe('biker_receive_order');
    expect((await detail('food', movedOn.id)).status).toBe('biker_to_shop');
  });

  it("the monitor marks the task offered (offeredAt) until the biker accepts it; a biker's own take is never offered", async () => {
    const taskOf = async (orderId: string, bikerId: number): Promise<Loose> =>
      (await api.get(MONITOR, bkk)).body.data.bikers.find((b: Loose) => b.id === String(bikerId)).tasks.find((t: Loose) => t.id === orderId);
    const offered = await readyFood();
    const before = api.deps.now().getTime();
    await assign(offered.id, w.bikers.bkk);
    const task = await taskOf(offered.id, w.bikers.bkk);
    expect(task.status).toBe('biker_receive_order');
    expect(Date.parse(task.offeredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(task.offeredAt)).toBeLessThanOrEqual(api.deps.now().getTime());
    await sendEvent(api, bkk, 'food', offered.id, { event: 'biker_receive_order', bikerId: String(w.bikers.bkk) });
    expect((await taskOf(offered.id, w.bikers.bkk)).offeredAt).toBeNull();
    const taken = await readyFood();
    await drive(api, bkk, 'food', taken.id, [{ event: 'biker_receive_order', bikerId: w.bikers.bkk }]);
    expect((await taskOf(taken.id, w.bikers.bkk)).offeredAt).toBeNull();
  });

  it('a parcel goes back to the status it waited in (cash, or paid); a change of biker gives the new one the whole time', async () => {
    const cash = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk));
    const paid = await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'promptpay' }));
    expect((await payOrder(api, 'parcel', paid.id)).status).toBe(200);
    await assign(cash.id, w.bikers.bkk);
    await assign(paid.id, w.bikers.bkk);

    api.advance(20_000);
    expect((await assign(cash.id, w.bikers.bkk2)).body.data.events.at(-1)).toMatchObject({ event: 'biker_change', bikerId: String(w.bikers.bkk2) });
    api.advance(15_000);
    const first = await released();
    expect(first).toContain(paid.id);
    expect(first).not.toContain(cash.id);
    expect(await detail('parcel', paid.id)).toMatchObject({ status: 'member_create_order_payment_success', bikerId: null, paymentStatus: 'paid' });

    api.advance(20_000);
    expect(await released()).toContain(cash.id);
    const back = await detail('parcel', cash.id);
    expect(back).toMatchObject({ status: 'member_create_order', bikerId: null });
    expect(back.events.slice(-3).map((e: Loose) => [e.event, e.actorType, e.bikerId])).toEqual([
      ['biker_receive_order', 'staff', String(w.bikers.bkk)],
      ['biker_change', 'staff', String(w.bikers.bkk2)],
      ['biker_change', 'system', null],
    ]);
    expect(await verifyTotals(api.deps.db)).toEqual([]);
  });
});

describe('a biker online too long (maxOnlineHours)', () => {
  it('is set offline, counted from coming online, and the monitor hears it; an offline biker takes no order', async () => {
    const [early, late] = [w.bikers.bkk2, w.bikers.bkk];
    expect((await report(early, 'offline')).status).toBe(200);
    expect((await report(early, 'online')).status).toBe(200);
    api.advance(3_600_000);
    bkk = (await api.login(DEMO.bkk)).accessToken;
    // Away is still on: the hours go on counting. Coming on again from offline starts them anew.
    expect((await report(early, 'away')).body.data.presence).toBe('away');
    await report(late, 'offline');
    await report(late, 'online');

    api.advance(59 * 60_000);
    expect((await sweep()).offline).not.toContain(early);
    api.advance(2 * 60_000);
    bkk = (await api.login(DEMO.bkk)).accessToken;
    let offline: number[] = [];
    const events = await heard(async () => {
      const sweep = await sweepBikerRules(api.deps.db, api.deps.now());
      for (const { scope, event } of sweep.publish) api.bus.publish(scope, event);
      offline = sweep.offline;
    });
    expect(offline).toContain(early);
    expect(offline).not.toContain(late);
    expect(events).toContainEqual(expect.objectContaining({ type: 'biker.presence', bikerId: String(early), presence: 'offline', areaId: String(w.bangkok) }));
    const board = (await api.get(MONITOR, bkk)).body.data;
    expect(board.bikers.find((b: Loose) => b.id === String(early)).presence).toBe('offline');
    expect(board.bikers.find((b: Loose) => b.id === String(late)).presence).toBe('online');
    const order = await readyFood();
    expect((await assign(order.id, early)).body.message).toBe('BIKER_UNAVAILABLE');

    api.advance(60 * 60_000);
    expect((await sweep()).offline).toContain(late);
  });
});

describe('the running server keeps the rules by itself', () => {
  it("in the order deadlines' periodic pass", async () => {
    bkk = (await api.login(DEMO.bkk)).accessToken;
    expect((await report(w.bikers.bkk, 'online')).status).toBe(200);
    const order = await readyFood();
    await assign(order.id, w.bikers.bkk);
    const stop = startDeadlineSweeper(api.deps, 50);
    try {
      api.advance(31_000);
      await expect.poll(async () => (await detail('food', order.id)).status, { timeout: 5000 }).toBe('shop_receive_order');
    } finally {
      await stop();
    }
  });
});
