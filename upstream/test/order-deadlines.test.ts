import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_REASONS, sweepOrderDeadlines } from '../src/domain/order-deadlines';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { foodOrder, listOf, orderWorld, parcelOrder, payOrder, placeOrder, sendEvent, type OrderWorld } from './order-support';

/** Config/App's order deadlines, kept by the Platform API: the payment wait and the shop's acceptance timeout. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const C = '/api/admin/Delivery/Config/App';
let api: TestServer;
let w: OrderWorld;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Deadline');
  token = w.bkk.accessToken;
  const { id: _id, appId: _app, createdAt: _c, updatedAt: _u, updatedBy: _by, ...settings } = (await api.get(C, w.admin.accessToken)).body.data;
  const saved = await api.request('PUT', C, { token: w.admin.accessToken, body: { ...settings, acceptTimeoutSeconds: 30, paymentWaitHours: 1 } });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await api?.close();
});

const detail = async (kind: 'food' | 'parcel', id: string): Promise<Loose> => (await api.get(`${listOf(kind)}/${id}`, token)).body.data;
const sweep = () => sweepOrderDeadlines(api.deps.db, api.deps.now());

describe('order deadlines (Config/App, Orders)', () => {
  it("cancels a food order the shop did not accept in time, refunding a paid one once; leaves accepted orders and the payment wait's", async () => {
    const cash = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'cash' }));
    const paid = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'promptpay' }));
    expect((await payOrder(api, 'food', paid.id)).status).toBe(200);
    const accepted = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'cash' }));
    expect((await sendEvent(api, token, 'food', accepted.id, { event: 'shop_receive_order' })).status).toBe(200);
    const unpaid = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'promptpay' }));
    const parcel = await placeOrder(api, token, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'cash' }));

    // Within the 30 s nothing happens.
    api.advance(20_000);
    const early = await sweep();
    expect(early.cancelled.map((c) => String(c.orderId))).not.toContain(cash.id);
    expect((await detail('food', cash.id)).status).toBe('member_create_order');

    api.advance(15_000);
    const first = await sweep();
    const ids = first.cancelled.filter((c) => c.reason === 'acceptance').map((c) => String(c.orderId));
    expect(ids).toEqual(expect.arrayContaining([cash.id, paid.id]));
    expect(ids).not.toContain(accepted.id);
    expect(ids).not.toContain(parcel.id);
    expect(first.publish.some((p) => p.event.type === 'order.event' && String(p.event.orderId) === cash.id)).toBe(true);

    const cashNow = await detail('food', cash.id);
    expect(cashNow).toMatchObject({ status: 'admin_cancel_order', paymentStatus: 'unpaid', cancelReason: DEADLINE_REASONS.acceptance });
    expect(cashNow.events.at(-1)).toMatchObject({ event: 'admin_cancel_order', actorType: 'system', note: DEADLINE_REASONS.acceptance });
    const paidNow = await detail('food', paid.id);
    expect(paidNow).toMatchObject({ status: 'admin_cancel_order', paymentStatus: 'refunded' });
    expect(paidNow.refund).toMatchObject({ amount: paid.total });
    const refunds = paidNow.transactions.filter((t: Loose) => t.type === 'refund');
    expect(refunds.length).toBeGreaterThan(0);
    expect((await detail('food', accepted.id)).status).toBe('shop_receive_order');
    expect((await detail('food', unpaid.id)).status).toBe('member_create_order_waiting_payment');
    expect((await detail('parcel', parcel.id)).status).toBe('member_create_order');

    // Again: nothing more is cancelled or refunded.
    const again = await sweep();
    expect(again.cancelled.map((c) => String(c.orderId))).not.toContain(paid.id);
    expect((await detail('food', paid.id)).transactions.filter((t: Loose) => t.type === 'refund')).toHaveLength(refunds.length);
  });

  it('cancels an order still waiting for its payment after the payment wait; nothing moves', async () => {
    const unpaid = await placeOrder(api, token, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'promptpay' }));
    expect(unpaid.status).toBe('member_create_order_waiting_payment');
    api.advance(59 * 60_000);
    expect((await sweep()).cancelled.map((c) => String(c.orderId))).not.toContain(unpaid.id);
    api.advance(2 * 60_000);
    token = (await api.login(DEMO.bkk)).accessToken;
    const swept = await sweep();
    expect(swept.cancelled).toContainEqual({ orderId: Number(unpaid.id), reason: 'payment' });
    const now = await detail('parcel', unpaid.id);
    expect(now).toMatchObject({ status: 'admin_cancel_order', paymentStatus: 'unpaid', cancelReason: DEADLINE_REASONS.payment, refund: null });
    expect(now.transactions).toEqual([]);
    // A payment arriving afterwards is refused by the lifecycle: the order stays cancelled.
    expect((await payOrder(api, 'parcel', unpaid.id)).status).not.toBe(200);
    expect((await detail('parcel', unpaid.id)).status).toBe('admin_cancel_order');
  });
});

describe('the running server keeps the deadlines by itself', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ orderDeadlineSweepMs: 50 });
  });
  afterAll(async () => {
    await live?.close();
  });

  it('cancels a late order without being asked', async () => {
    const world = await orderWorld(live, 'Sweeper');
    const order = await placeOrder(live, world.bkk.accessToken, 'food', foodOrder(world.members.bkk, world.shops.bkk, { paymentMethod: 'cash' }));
    live.advance(24 * 3_600_000);
    const fresh = (await live.login(DEMO.bkk)).accessToken;
    await expect.poll(async () => (await live.get(`${listOf('food')}/${order.id}`, fresh)).body.data.status, { timeout: 5000 }).toBe('admin_cancel_order');
  });
});
