import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bikerConfigs,
  bikers,
  commissionConfigs,
  ledgerOperations,
  ORDER_EVENTS,
  wallets,
  walletTransactions,
  type OrderEvent,
  type OrderStatus,
} from '../src/db/schema';
import { commissionRates, deposit, splitOrder } from '../src/domain/ledger';
import { CREATE_EVENTS, outcomeOf, statusAfter, statusesOf } from '../src/domain/order-lifecycle';
import { startTestServer, type TestServer } from './helpers';
import {
  UNLIMITED_TASKS,
  appPost,
  drive,
  DROPOFF_FEE,
  foodOrder,
  listOf,
  orderWorld,
  parcelOrder,
  placeOrder,
  sendEvent,
  type OrderWorld,
  foodToSuccess,
} from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
type Kind = 'food' | 'parcel';
let api: TestServer;
let w: OrderWorld;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Flow');
  token = w.bkk.accessToken;
});
afterAll(async () => {
  await api?.close();
});

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const get = async (kind: Kind, id: string): Promise<Loose> => (await api.get(`${listOf(kind)}/${id}`, token)).body.data;

/** Sends an event the way its sender does: the portal's cancel and biker change, the apps' events, the provider's payment. */
function send(kind: Kind, id: string, event: OrderEvent) {
  if (event === 'admin_cancel_order') return api.request('PATCH', `${listOf(kind)}/${id}/cancel`, { token, body: { reason: 'Customer called' } });
  if (event === 'biker_change') return api.request('PATCH', `${listOf(kind)}/${id}/biker`, { token, body: { bikerId: String(w.bikers.bkk2) } });
  return sendEvent(api, token, kind, id, { event, bikerId: event === 'biker_receive_order' ? String(w.bikers.bkk) : undefined });
}

/** A new order of the kind, driven to the status through the API. */
async function orderAt(kind: Kind, status: OrderStatus): Promise<Loose> {
  const paid = status === 'member_create_order_waiting_payment' || status === 'member_create_order_payment_success';
  const body =
    kind === 'food'
      ? foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: paid ? 'promptpay' : 'cash' })
      : parcelOrder(w.members.bkk, { paymentMethod: paid ? 'promptpay' : 'cash' });
  const order = await placeOrder(api, token, kind, body);
  const ride: OrderEvent[] = [
    ...(kind === 'food' ? ['shop_receive_order' as const] : []),
    'biker_receive_order',
    'biker_to_shop',
    'food_otw',
    'biker_to_member',
  ];
  const steps: OrderEvent[] =
    status === 'member_create_order_payment_success'
      ? [status]
      : ride.includes(status)
        ? ride.slice(0, ride.indexOf(status) + 1)
        : status === 'success' || status === 'fail'
          ? [...ride, status]
          : status.endsWith('_cancel_order')
            ? [status]
            : [];
  for (const event of steps) expect((await send(kind, order.id, event)).status).toBe(200);
  const now = await get(kind, order.id);
  expect(now.status).toBe(status);
  return now;
}

describe.each(['food', 'parcel'] as const)('%s lifecycle through the API', (kind) => {
  it.each(statusesOf(kind))('from %s: allowed events move the order, refused ones change nothing', async (status) => {
    const events = ORDER_EVENTS.filter((e) => !(CREATE_EVENTS as readonly string[]).includes(e));
    const held = await orderAt(kind, status);
    for (const event of events) {
      const outcome = outcomeOf(kind, status, event);
      if (outcome === 'allowed') continue;
      if (event === 'biker_change' && held.bikerId === null) continue; // without a biker, `…/biker` assigns (tested below)
      const res = await send(kind, held.id, event);
      // The payment provider retries: its callback for an order it paid answers 200 and moves nothing. A cash order,
      // paid to the biker, was paid by no callback: refused like any order not waiting for its payment.
      const repeatedPayment = event === 'member_create_order_payment_success' && held.paymentStatus === 'paid' && held.paymentMethod !== 'cash';
      expect([event, res.status, res.body.message]).toEqual(
        outcome === 'unchanged' || repeatedPayment ? [event, 200, undefined] : [event, 409, 'ORDER_TRANSITION_REFUSED'],
      );
    }
    expect(await get(kind, held.id)).toEqual(held);
    const allowed = events.filter((e) => outcomeOf(kind, status, e) === 'allowed');
    const fresh = await Promise.all(allowed.slice(1).map(() => orderAt(kind, status)));
    for (const [i, event] of allowed.entries()) {
      const order = i === 0 ? held : fresh[i - 1];
      const res = await send(kind, order.id, event);
      expect([event, res.status]).toEqual([event, 200]);
      expect(res.body.data.status).toBe(statusAfter(status, event));
      expect(res.body.data.events.at(-1).event).toBe(event);
      expect(res.body.data.version).toBe(order.version + 1);
    }
  });
});

describe('a whole order', () => {
  it('food, cash: every event by its actor, the split paid out at success', async () => {
    const order = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { discount: 500 }));
    expect(order).toMatchObject({
      status: 'member_create_order',
      paymentStatus: 'unpaid',
      itemsTotal: 12_000,
      // The seeded Bangkok table's fee for the drop-off, not the 30 baht the app sent.
      deliveryFee: DROPOFF_FEE,
      discount: 500,
      total: 12_000 + DROPOFF_FEE - 500,
    });
    expect(order.orderNo).toMatch(new RegExp(`^F\\d{6}-${order.id.padStart(7, '0')}$`));
    const done = await drive(api, token, 'food', order.id, foodToSuccess(w.bikers.bkk));
    const split = splitOrder(12_000, DROPOFF_FEE, 500, await commissionRates(api.deps.db, w.deliveryApp));
    expect(done).toMatchObject({ status: 'success', paymentStatus: 'paid', bikerId: String(w.bikers.bkk), shares: split, refundOnCancel: 0 });
    expect(done.actions).toEqual({ adminCancel: false, assignBiker: false, changeBiker: false });
    expect(done.events.map((e: Loose) => [e.event, e.actorType])).toEqual([
      ['member_create_order', 'member'],
      ['shop_receive_order', 'shop'],
      ['biker_receive_order', 'biker'],
      ['biker_to_shop', 'biker'],
      ['food_otw', 'biker'],
      ['biker_to_member', 'biker'],
      ['success', 'biker'],
    ]);
    expect(done.events.map((e: Loose) => Number(e.id))).toEqual(done.events.map((e: Loose) => Number(e.id)).sort((a: number, b: number) => a - b));
    expect(done.events[2]).toMatchObject({ bikerId: String(w.bikers.bkk), actorId: String(w.bikers.bkk) });
    // Cash: the biker holds the money and owes the app's and the shop's shares.
    expect(done.transactions.map((t: Loose) => [t.ownerType, t.type, t.amount])).toEqual([
      ['biker', 'pay', -(split.app + split.shop)],
      ['shop', 'pay', split.shop],
      ['admin', 'pay', split.app],
    ]);
  });

  it('parcel, wallet: the payment leaves the member wallet; the platform pays the biker at success', async () => {
    await deposit(
      api.deps.db,
      { companyId: w.companyId, appId: w.deliveryApp },
      { type: 'member', id: w.members.bkk2, areaId: w.bangkok },
      50_000,
      `flow-${w.members.bkk2}`,
      new Date(),
    );
    const order = await placeOrder(api, token, 'parcel', parcelOrder(w.members.bkk2, { paymentMethod: 'wallet' }));
    expect(order).toMatchObject({ status: 'member_create_order_waiting_payment', kind: 'parcel', total: 4_500, shopId: null, weightGram: 2500 });
    const paid = await drive(api, token, 'parcel', order.id, ['member_create_order_payment_success']);
    expect(paid).toMatchObject({ paymentStatus: 'paid', refundOnCancel: 4_500, actions: { adminCancel: true, assignBiker: true, changeBiker: false } });
    const done = await drive(api, token, 'parcel', order.id, [
      { event: 'biker_receive_order', bikerId: w.bikers.bkk2 },
      'biker_to_shop',
      'food_otw',
      'biker_to_member',
      'success',
    ]);
    const split = splitOrder(0, 4_500, 0, await commissionRates(api.deps.db, w.deliveryApp));
    expect(done.transactions.map((t: Loose) => [t.ownerType, t.type, t.amount])).toEqual([
      ['member', 'pay', -4_500],
      ['admin', 'pay', 4_500],
      ['admin', 'pay', -split.biker],
      ['biker', 'pay', split.biker],
    ]);
    const [wallet] = await api.deps.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.ownerType, 'member'), eq(wallets.ownerId, w.members.bkk2)));
    expect(wallet!.balance).toBe(50_000 - 4_500);
  });

  it('splits with the rates the order was made with, so a later change of the rates cannot turn the app share negative', async () => {
    const db = api.deps.db;
    const rates = await commissionRates(db, w.deliveryApp);
    // The largest discount the app's share allows at creation: the app keeps nothing of this order.
    const discount = splitOrder(12_000, DROPOFF_FEE, 0, rates).app;
    const order = await placeOrder(api, token, 'food', foodOrder(w.members.bkk, w.shops.bkk, { discount }));
    const lowered = await db
      .update(commissionConfigs)
      .set({ shopCommission: 0, bikerCommission: 0 })
      .where(eq(commissionConfigs.appId, w.deliveryApp))
      .returning();
    try {
      expect(lowered).toHaveLength(1);
      const done = await drive(api, token, 'food', order.id, foodToSuccess(w.bikers.bkk));
      expect(done.shares).toEqual(splitOrder(12_000, DROPOFF_FEE, discount, rates));
      expect(done.shares.app).toBe(0);
    } finally {
      await db.update(commissionConfigs).set(rates).where(eq(commissionConfigs.appId, w.deliveryApp));
    }
  });

  it('refuses a wallet payment the member cannot cover, changing nothing', async () => {
    const order = await placeOrder(
      api,
      token,
      'food',
      foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'wallet', items: [{ name: 'Feast', qty: 1, price: 90_000_000 }] }),
    );
    const res = await send('food', order.id, 'member_create_order_payment_success');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('INSUFFICIENT_BALANCE');
    expect(await get('food', order.id)).toEqual(order);
  });

  it('refunds a failed paid delivery', async () => {
    const order = await orderAt('parcel', 'member_create_order_payment_success');
    const failed = await drive(api, token, 'parcel', order.id, [
      { event: 'biker_receive_order', bikerId: w.bikers.bkk },
      'biker_to_shop',
      'food_otw',
      'biker_to_member',
      'fail',
    ]);
    expect(failed).toMatchObject({ status: 'fail', paymentStatus: 'refunded', refund: { amount: order.total } });
  });
});

describe('cancel', () => {
  it('refunds exactly once under 20 concurrent cancels', async () => {
    const place = { companyId: w.companyId, appId: w.deliveryApp };
    const member = { type: 'member' as const, id: w.members.bkk2, areaId: w.bangkok };
    await deposit(api.deps.db, place, member, 20_000, `cancel-${w.members.bkk2}`, new Date());
    const order = await placeOrder(api, token, 'food', foodOrder(w.members.bkk2, w.shops.bkk, { paymentMethod: 'wallet' }));
    await drive(api, token, 'food', order.id, ['member_create_order_payment_success', 'shop_receive_order']);
    const balance = async () =>
      (
        await api.deps.db
          .select({ b: wallets.balance })
          .from(wallets)
          .where(and(eq(wallets.ownerType, 'member'), eq(wallets.ownerId, w.members.bkk2)))
      )[0]!.b;
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('food', order.id, 'admin_cancel_order')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balance()).toBe(before + order.total);
    const [ops] = await api.deps.db
      .select({ n: count() })
      .from(ledgerOperations)
      .where(eq(ledgerOperations.idempotencyKey, `refund:order:${order.id}`));
    expect(ops!.n).toBe(1);
    const refundLegs = await api.deps.db
      .select({ n: count() })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.orderId, Number(order.id)), eq(walletTransactions.type, 'refund')));
    expect(refundLegs[0]!.n).toBe(2); // the platform's debit and the member's credit, once
    const after = await get('food', order.id);
    expect(after).toMatchObject({
      status: 'admin_cancel_order',
      paymentStatus: 'refunded',
      cancelReason: 'Customer called',
      refund: { amount: order.total },
      refundOnCancel: 0,
    });
    expect(after.events.filter((e: Loose) => e.event === 'admin_cancel_order')).toHaveLength(1);
    expect(after.events.at(-1)).toMatchObject({ actorType: 'staff', actorName: 'Bangkok Staff', note: 'Customer called' });
    expect(after.transactions.filter((t: Loose) => t.type === 'refund').map((t: Loose) => t.amount)).toEqual([-order.total, order.total]);
  });

  it('needs a reason of 1–200 characters', async () => {
    const order = await orderAt('food', 'member_create_order');
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(201) }]) {
      const res = await api.request('PATCH', `${listOf('food')}/${order.id}/cancel`, { token, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['reason']);
    }
    expect(await get('food', order.id)).toEqual(order);
  });
});

describe('bikers on an order', () => {
  it('assigns, changes, and refuses an unavailable biker with BIKER_UNAVAILABLE', async () => {
    const order = await orderAt('food', 'shop_receive_order');
    expect(order.actions).toMatchObject({ assignBiker: true, changeBiker: false });
    const path = `${listOf('food')}/${order.id}/biker`;
    for (const bikerId of [w.bikers.bkkOffline, w.bikers.cnx, 999_999]) {
      const res = await api.request('PATCH', path, { token, body: { bikerId: String(bikerId) } });
      expect([res.status, res.body.message]).toEqual([409, 'BIKER_UNAVAILABLE']);
    }
    expect(await get('food', order.id)).toEqual(order);
    const assigned = await api.request('PATCH', path, { token, body: { bikerId: String(w.bikers.bkk) } });
    expect(assigned.body.data).toMatchObject({
      status: 'biker_receive_order',
      bikerId: String(w.bikers.bkk),
      actions: { assignBiker: false, changeBiker: true },
    });
    expect(assigned.body.data.events.at(-1)).toMatchObject({ event: 'biker_receive_order', actorType: 'staff', bikerId: String(w.bikers.bkk) });
    expect((await api.request('PATCH', path, { token, body: { bikerId: String(w.bikers.bkk) } })).body.message).toBe('BIKER_UNAVAILABLE');
    const changed = await api.request('PATCH', path, { token, body: { bikerId: String(w.bikers.bkk2) } });
    expect(changed.body.data).toMatchObject({ status: 'biker_receive_order', bikerId: String(w.bikers.bkk2) });
    expect(changed.body.data.events.at(-1)).toMatchObject({ event: 'biker_change', bikerId: String(w.bikers.bkk2) });
    const waiting = await orderAt('food', 'member_create_order');
    const early = await api.request('PATCH', `${listOf('food')}/${waiting.id}/biker`, { token, body: { bikerId: String(w.bikers.bkk) } });
    expect([early.status, early.body.message]).toEqual([409, 'ORDER_TRANSITION_REFUSED']);
  });

  it("refuses a biker who carries the app's tasks at once (Config/Biker), one assignment at a time", async () => {
    const config = '/api/admin/Delivery/Config/Biker';
    const limit = async (maxTasks: number) => {
      const now = (await api.get(config, w.admin.accessToken)).body.data;
      const { acceptTimeoutSec, searchRadiusKm, maxOnlineHours, commissionRate, version } = now;
      const res = await api.request('PUT', config, {
        token: w.admin.accessToken,
        body: { maxTasks, acceptTimeoutSec, searchRadiusKm, maxOnlineHours, commissionRate, version },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const [rider] = await api.deps.db
      .insert(bikers)
      .values({ companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok, name: 'Flow Biker Busy', phone: '0890000991', presence: 'online' })
      .returning({ id: bikers.id });
    const assign = (id: string) => api.request('PATCH', `${listOf('food')}/${id}/biker`, { token, body: { bikerId: String(rider!.id) } });
    try {
      await limit(2);
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => orderAt('food', 'shop_receive_order')));
      expect((await assign(a.id)).status).toBe(200);
      expect((await assign(b.id)).status).toBe(200);
      const third = await assign(c.id);
      expect([third.status, third.body.message, third.body.data]).toEqual([409, 'BIKER_BUSY', { maxTasks: 2 }]);
      expect(await get('food', c.id)).toEqual(c);
      // A delivered order frees a place.
      await drive(api, token, 'food', a.id, ['biker_to_shop', 'food_otw', 'biker_to_member', 'success']);
      expect((await assign(c.id)).status).toBe(200);

      // Two assignments at the same moment with one place left: exactly one passes.
      await limit(3);
      const [d, e] = await Promise.all([1, 2].map(() => orderAt('food', 'shop_receive_order')));
      const answers = await Promise.all([assign(d.id), assign(e.id)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.message).toBe('BIKER_BUSY');
    } finally {
      await api.deps.db.update(bikerConfigs).set({ maxTasks: UNLIMITED_TASKS }).where(eq(bikerConfigs.appId, w.deliveryApp));
    }
  });

  it("refuses the biker app taking an order whose pickup is beyond Config/Biker's search radius; staff are not bound by it", async () => {
    const config = '/api/admin/Delivery/Config/Biker';
    const radius = async (searchRadiusKm: number) => {
      const { acceptTimeoutSec, maxOnlineHours, commissionRate, version } = (await api.get(config, w.admin.accessToken)).body.data;
      const res = await api.request('PUT', config, {
        token: w.admin.accessToken,
        body: { maxTasks: 10, acceptTimeoutSec, searchRadiusKm, maxOnlineHours, commissionRate, version },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const order = await orderAt('food', 'shop_receive_order');
    const pickup = (await get('food', order.id)).pickup as { lat: string; lng: string };
    const rider = async (name: string, phone: string, northKm: number) => {
      const [row] = await api.deps.db
        .insert(bikers)
        .values({
          companyId: w.companyId,
          appId: w.deliveryApp,
          areaId: w.bangkok,
          name,
          phone,
          presence: 'online',
          // One degree of latitude is about 111.2 km.
          lat: String(Number(pickup.lat) + northKm / 111.2),
          lng: String(pickup.lng),
        })
        .returning({ id: bikers.id });
      return String(row!.id);
    };
    const far = await rider('Flow Biker Far', '0890000992', 12);
    const near = await rider('Flow Biker Near', '0890000993', 2);
    const take = (id: string, bikerId: string) => sendEvent(api, token, 'food', id, { event: 'biker_receive_order', bikerId });
    try {
      await radius(5);
      const refused = await take(order.id, far);
      expect([refused.status, refused.body.message, refused.body.data]).toEqual([409, 'BIKER_TOO_FAR', { radiusKm: 5 }]);
      expect((await get('food', order.id)).status).toBe('shop_receive_order');
      expect((await take(order.id, near)).status).toBe(200);

      // A wider radius lets the far biker take the next one; staff may assign anyone in the area.
      const next = await orderAt('food', 'shop_receive_order');
      await radius(15);
      expect((await take(next.id, far)).status).toBe(200);
      await radius(5);
      const third = await orderAt('food', 'shop_receive_order');
      const assigned = await api.request('PATCH', `${listOf('food')}/${third.id}/biker`, { token, body: { bikerId: far } });
      expect(assigned.status).toBe(200);
    } finally {
      await radius(5);
      await api.deps.db.update(bikerConfigs).set({ maxTasks: UNLIMITED_TASKS }).where(eq(bikerConfigs.appId, w.deliveryApp));
    }
  });

  it('validates the events call', async () => {
    const order = await orderAt('food', 'shop_receive_order');
    const path = `${listOf('food')}/${order.id}/events`;
    expect((await appPost(api, path, { event: 'biker_receive_order' }, token)).body.errors).toEqual({ bikerId: ['required'] });
    expect(Object.keys((await appPost(api, path, { event: 'admin_cancel_order' }, token)).body.errors)).toEqual(['event']);
    // A payment is never an app event: only the provider's signed callback.
    expect(Object.keys((await appPost(api, path, { event: 'member_create_order_payment_success' }, token)).body.errors)).toEqual(['event']);
    expect((await appPost(api, path, { event: 'teleport' }, token)).status).toBe(400);
    expect((await appPost(api, `${listOf('parcel')}/${order.id}/events`, { event: 'shop_cancel_order' }, token)).status).toBe(404);
    expect(await get('food', order.id)).toEqual(order);
  });
});

describe('rollups', () => {
  it('equal a GROUP BY recount of the orders after every change above', async () => {
    const db = api.deps.db;
    const daily = await db.execute(sql`
      SELECT app_id, area_id, day::text AS day, kind, status, payment_method, orders::int AS orders, amount::bigint::text AS amount, commission::bigint::text AS commission
        FROM order_daily WHERE orders <> 0 OR amount <> 0 OR commission <> 0 ORDER BY 1, 2, 3, 4, 5, 6`);
    const recount = await db.execute(sql`
      SELECT app_id, area_id, (created_at AT TIME ZONE 'Asia/Bangkok')::date::text AS day, kind, status, payment_method, count(*)::int AS orders,
             sum(total)::bigint::text AS amount, coalesce(sum(app_share) FILTER (WHERE status = 'success'), 0)::bigint::text AS commission
        FROM orders GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);
    expect(rowsOf(daily).length).toBeGreaterThan(10);
    expect(rowsOf(daily)).toEqual(rowsOf(recount));
    const shopDaily = await db.execute(
      sql`SELECT app_id, area_id, day::text AS day, shop_id, orders::int AS orders, amount::bigint::text AS amount FROM shop_daily WHERE orders <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4`,
    );
    const shopRecount = await db.execute(sql`
      SELECT app_id, area_id, (created_at AT TIME ZONE 'Asia/Bangkok')::date::text AS day, shop_id, count(*)::int AS orders, sum(total)::bigint::text AS amount
        FROM orders WHERE status = 'success' AND shop_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
    expect(rowsOf(shopDaily)).toEqual(rowsOf(shopRecount));
  });
});
