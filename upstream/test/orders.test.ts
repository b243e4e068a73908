import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../src/db/schema';
import { bangkokDay, dayEnd, dayStart } from '../src/domain/order-dates';
import { exportOrders, listOrders, type OrderFilters } from '../src/domain/orders';
import { grantService } from '../src/domain/permissions';
import type { ServiceScope } from '../src/domain/scope';
import type { BusEvent } from '../src/realtime/bus';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { appPost, CNX_DROPOFF, drive, foodOrder, listOf, orderWorld, parcelOrder, placeOrder, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let bkk: string;
let admin: string;
const FOOD = listOf('food');
const PARCEL = listOf('parcel');
/** Orders of `members.bkk`: three food (cash, promptpay, wallet) and two parcels; one in Chiang Mai. */
const mine: Loose[] = [];
let cnxOrder: Loose;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Orders');
  bkk = w.bkk.accessToken;
  admin = w.admin.accessToken;
  mine.push(await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk)));
  mine.push(
    await placeOrder(
      api,
      bkk,
      'food',
      foodOrder(w.members.bkk, w.shops.bkk2, { paymentMethod: 'promptpay', items: [{ name: 'Khao Soi', qty: 1, price: 9000 }] }),
    ),
  );
  mine.push(await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'wallet', deliveryFee: 1000 })));
  mine.push(await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk)));
  mine.push(await placeOrder(api, bkk, 'parcel', parcelOrder(w.members.bkk, { paymentMethod: 'paypal', deliveryFee: 9000 })));
  await drive(api, bkk, 'food', mine[0].id, ['shop_receive_order', { event: 'biker_receive_order', bikerId: w.bikers.bkk }]);
  cnxOrder = await placeOrder(api, admin, 'food', foodOrder(w.members.cnx, w.shops.cnx, { dropoff: CNX_DROPOFF }));
});
afterAll(async () => {
  await api?.close();
});

const countOf = async (where: SQL | undefined) => (await api.deps.db.select({ n: count() }).from(orders).where(where))[0]!.n;
const ids = (rows: Loose[]) => rows.map((r) => r.id);

describe('create', () => {
  it('validates the body with field errors', async () => {
    const empty = await appPost(api, FOOD, {}, bkk);
    expect(empty.status).toBe(400);
    // The delivery fee is the API's to price (pricing.test.ts): an app need not send one.
    expect(Object.keys(empty.body.errors).sort()).toEqual(['dropoff', 'memberId', 'paymentMethod']);
    const shape = await appPost(
      api,
      FOOD,
      foodOrder(w.members.bkk, w.shops.bkk, {
        deliveryFee: -1,
        paymentMethod: 'gold',
        dropoff: { lat: '91', lng: '100' },
        items: [{ name: '', qty: 0, price: 1.5 }],
      }),
      bkk,
    );
    expect(shape.body.errors).toEqual({
      deliveryFee: ['notNegative'],
      paymentMethod: ['required'],
      'dropoff.lat': ['invalidLatLng'],
      'items.0.name': ['required'],
      'items.0.qty': ['outOfRange'],
      'items.0.price': ['integer'],
    });
  });

  it('checks the member, the shop and the money against the scope and the lifecycle', async () => {
    const refs = await appPost(api, FOOD, foodOrder(w.members.cnx, w.shops.bkk, { items: [] }), bkk);
    expect(refs.body.errors).toEqual({ memberId: ['unknownReference'], items: ['required'], shopId: ['unknownReference'] });
    const otherArea = await appPost(api, FOOD, foodOrder(w.members.bkk, w.shops.cnx), admin);
    expect(otherArea.body.errors).toEqual({ shopId: ['unknownReference'] });
    const discount = await appPost(api, FOOD, foodOrder(w.members.bkk, w.shops.bkk, { discount: 14_000 }), bkk);
    expect(discount.body.errors).toEqual({ discount: ['outOfRange'] });
    const parcel = await appPost(
      api,
      PARCEL,
      { memberId: String(w.members.bkk), shopId: String(w.shops.bkk), deliveryFee: 100, paymentMethod: 'cash', dropoff: { lat: '13.7', lng: '100.5' } },
      bkk,
    );
    expect(parcel.body.errors).toEqual({
      shopId: ['unknownReference'],
      senderName: ['required'],
      senderPhone: ['required'],
      receiverName: ['required'],
      receiverPhone: ['required'],
      weightGram: ['required'],
      pickup: ['required'],
    });
    expect(await appPost(api, PARCEL, parcelOrder(w.members.bkk, { senderPhone: '12' }), bkk).then((r) => r.body.errors)).toEqual({
      senderPhone: ['invalidPhone'],
    });
  });

  it('answers the new order: number, money, status by payment method, first event by the member', async () => {
    const [cash, card] = mine;
    expect(cash.orderNo).toBe(`F${bangkokDay(new Date(cash.createdAt)).slice(2).replace(/-/g, '')}-${cash.id.padStart(7, '0')}`);
    // The fee is the seeded table's 3–5 km band (the drop-off is about 3.2 km from the shop), not the 30 baht sent.
    expect(cash).toMatchObject({
      kind: 'food',
      status: 'member_create_order',
      itemsTotal: 12_000,
      deliveryFee: 2_500,
      total: 14_500,
      delivery: { estimateMinutes: 30, carrierId: null },
      shopId: String(w.shops.bkk),
      areaName: 'Bangkok',
    });
    expect(cash.pickup.address).not.toBe('');
    expect(card).toMatchObject({
      status: 'member_create_order_waiting_payment',
      paymentStatus: 'unpaid',
      total: 11_500,
      items: [{ name: 'Khao Soi', qty: 1, price: 9000 }],
    });
    expect(mine[3]).toMatchObject({
      kind: 'parcel',
      orderNo: expect.stringMatching(/^P\d{6}-\d{7}$/),
      senderName: 'Sender One',
      receiverPhone: '0822222222',
      pickup: { lat: '13.729' },
    });
    expect(card.events).toEqual([
      expect.objectContaining({ event: 'member_create_order_waiting_payment', actorType: 'member', actorId: String(w.members.bkk) }),
    ]);
  });
});

describe('list', () => {
  it('answers newest first by default and sorts by total with the id breaking ties', async () => {
    const list = await api.get(`${FOOD}?memberId=${w.members.bkk}`, bkk);
    expect(list.body).toMatchObject({ status: true, total: 3, page: 1, pageSize: 25 });
    expect(ids(list.body.data)).toEqual(ids(mine.slice(0, 3)).reverse());
    const byTotal = await api.get(`${FOOD}?member=${w.phone}&sort=total&order=asc`, bkk);
    const pairs = byTotal.body.data.map((r: Loose) => [r.total, Number(r.id)]);
    expect(pairs).toEqual([...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    const page2 = await api.get(`${FOOD}?memberId=${w.members.bkk}&pageSize=10&page=2`, bkk);
    expect(page2.body).toMatchObject({ data: [], total: 3, pageSize: 10, page: 2 });
  });

  it('answers 400 for unknown parameters and bad values', async () => {
    const res = await api.get(`${FOOD}?color=red&pageSize=30&sort=name&status=nope&from=2026-02-30&deleted=1`, admin);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['color', 'deleted', 'from', 'pageSize', 'sort', 'status']);
    expect((await api.get(`${FOOD}?from=2026-03-02&to=2026-03-01`, admin)).body.errors).toEqual({ to: ['outOfRange'] });
  });

  it('filters by status, payment method, shop, biker, member, number and days', async () => {
    const query = async (q: string) => ids((await api.get(`${FOOD}?memberId=${w.members.bkk}&${q}`, bkk)).body.data).sort();
    expect(await query('status=biker_receive_order')).toEqual([mine[0].id]);
    expect(await query('paymentMethod=wallet')).toEqual([mine[2].id]);
    expect(await query(`shopId=${w.shops.bkk2}`)).toEqual([mine[1].id]);
    expect(await query(`bikerId=${w.bikers.bkk}`)).toEqual([mine[0].id]);
    expect(await query(`orderNo=${mine[1].orderNo.toLowerCase()}`)).toEqual([mine[1].id]);
    expect(await query(`q=${mine[2].orderNo}`)).toEqual([mine[2].id]);
    const today = bangkokDay(new Date(mine[0].createdAt));
    expect(await query(`from=${today}&to=${today}`)).toHaveLength(3);
    expect(await query('to=2020-01-01')).toEqual([]);
    const byName = await api.get(`${PARCEL}?member=${encodeURIComponent('orders member')}`, bkk);
    expect(ids(byName.body.data)).toEqual(expect.arrayContaining([mine[3].id, mine[4].id]));
    expect(ids((await api.get(`${PARCEL}?member=${w.phone.slice(0, 3)}-${w.phone.slice(3)}`, bkk)).body.data)).toEqual([mine[4].id, mine[3].id]);
  });

  it('counts exactly, from the rollup or over the filtered set', async () => {
    const app = eq(orders.appId, w.deliveryApp);
    const food = and(app, eq(orders.kind, 'food'));
    const today = bangkokDay(new Date());
    const cases: [string, string, SQL | undefined][] = [
      ['', admin, food],
      ['', bkk, and(food, eq(orders.areaId, w.bangkok))],
      ['status=member_create_order&paymentMethod=cash', admin, and(food, eq(orders.status, 'member_create_order'), eq(orders.paymentMethod, 'cash'))],
      [`areaId=${w.chiangMai}`, admin, and(food, eq(orders.areaId, w.chiangMai))],
      [`from=${today}&to=${today}`, bkk, and(food, eq(orders.areaId, w.bangkok), gte(orders.createdAt, dayStart(today)), lt(orders.createdAt, dayEnd(today)))],
      [`shopId=${w.shops.bkk}`, admin, and(food, eq(orders.shopId, w.shops.bkk))],
    ];
    for (const [q, token, where] of cases) {
      const res = await api.get(`${FOOD}?pageSize=10&${q}`, token);
      expect([q, res.body.total]).toEqual([q, await countOf(where)]);
    }
  });

  it('reads a deep page through the days of the rollup, or from the other end, row for row the same', async () => {
    const scope: ServiceScope = {
      companyId: w.companyId,
      officeId: 0,
      userId: 0,
      role: 'staff',
      root: false,
      appId: w.deliveryApp,
      areaId: w.bangkok,
      appType: 'Delivery',
    };
    const today = bangkokDay(api.deps.now());
    const monthAgo = bangkokDay(new Date(api.deps.now().getTime() - 30 * 86_400_000));
    const cases: [string, 'asc' | 'desc', OrderFilters][] = [
      ['createdAt', 'desc', {}],
      ['createdAt', 'asc', {}],
      ['createdAt', 'desc', { status: 'success' }],
      ['createdAt', 'asc', { from: monthAgo, to: today, paymentMethod: 'cash' }],
      ['total', 'asc', {}],
    ];
    for (const [sort, order, filters] of cases) {
      const first = await listOrders(api.deps.db, scope, 'food', { page: 1, pageSize: 10, sort, order, ...filters });
      const pages = Math.ceil(first.total / 10) + 1;
      expect(pages).toBeGreaterThan(2);
      for (let page = 1; page <= pages; page++) {
        const query = { page, pageSize: 10, sort, order, ...filters };
        const [near, far] = await Promise.all([listOrders(api.deps.db, scope, 'food', query), listOrders(api.deps.db, scope, 'food', query, 0)]);
        expect([sort, order, filters, page, ids(far.rows), far.total]).toEqual([sort, order, filters, page, ids(near.rows), near.total]);
      }
    }
  });

  it('keeps staff in their area: another area finds nothing', async () => {
    const list = await api.get(`${FOOD}?pageSize=100`, bkk);
    expect(new Set(list.body.data.map((r: Loose) => r.areaName))).toEqual(new Set(['Bangkok']));
    expect((await api.get(`${FOOD}?areaId=${w.chiangMai}`, bkk)).body).toMatchObject({ data: [], total: 0 });
    expect(ids((await api.get(`${FOOD}?memberId=${w.members.cnx}`, admin)).body.data)).toEqual([cnxOrder.id]);
    expect(ids((await api.get(`${FOOD}?memberId=${w.members.cnx}`, w.cnx.accessToken)).body.data)).toEqual([cnxOrder.id]);
    expect((await api.get(`${FOOD}?memberId=${w.members.bkk}`, w.cnx.accessToken)).body.total).toBe(0);
  });
});

describe('detail and scope', () => {
  it("answers 404 outside the caller's area, app or kind, and changes nothing there", async () => {
    const bkkOrder = `${FOOD}/${mine[1].id}`;
    expect((await api.get(`${FOOD}/${cnxOrder.id}`, bkk)).status).toBe(404);
    expect((await api.get(bkkOrder, w.cnx.accessToken)).status).toBe(404);
    expect((await api.request('PATCH', `${bkkOrder}/cancel`, { token: w.cnx.accessToken, body: { reason: 'x' } })).status).toBe(404);
    expect((await appPost(api, `${bkkOrder}/events`, { event: 'shop_cancel_order' }, w.cnx.accessToken)).status).toBe(404);
    expect((await api.get(`${PARCEL}/${mine[1].id}`, admin)).status).toBe(404);
    expect((await api.get(`${FOOD}/abc`, admin)).body).toEqual({ status: false, message: 'NOT_FOUND_DATA' });
    expect((await api.get(bkkOrder, admin)).body.data).toEqual((await api.get(bkkOrder, bkk)).body.data);
    expect((await api.get(bkkOrder, bkk)).body.data.status).toBe('member_create_order_waiting_payment');
  });

  it('keeps each app to itself (Marketplace)', async () => {
    const market = w.market.accessToken;
    const order = await placeOrder(api, market, 'food', foodOrder(w.members.market, w.shops.market, { carrierId: String(w.carriers.market) }), 'Marketplace');
    expect(order.areaId).toBe(String(w.marketBangkok));
    expect((await api.get(`/api/admin/Marketplace/Orders/${order.id}`, admin)).status).toBe(200);
    expect((await api.get(`${FOOD}/${order.id}`, admin)).status).toBe(404);
    expect((await api.get('/api/admin/Marketplace/Orders', bkk)).status).toBe(403);
    expect((await api.get(FOOD, market)).status).toBe(403);
    expect(ids((await api.get('/api/admin/Marketplace/Orders?pageSize=100', market)).body.data)).toContain(order.id);
    expect((await api.get(`/api/admin/Marketplace/Orders/${mine[0].id}`, market)).status).toBe(404);
  });
});

describe('export', () => {
  it("streams every matching order as CSV in the list's order", async () => {
    const res = await api.request('GET', `${FOOD}/export?member=${w.phone}&sort=total&order=desc`, { token: bkk });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'orderNo,kind,status,paymentMethod,paymentStatus,itemsTotal,deliveryFee,discount,total,member,memberPhone,shop,biker,area,senderName,receiverName,weightGram,createdAt',
    );
    const list = await api.get(`${FOOD}?member=${w.phone}&sort=total&order=desc`, bkk);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(list.body.data.map((r: Loose) => r.orderNo));
    expect(lines[1]).toContain(',food,');
  });

  it('reads in keyset batches that follow the list across ties and pages', async () => {
    const scope: ServiceScope = {
      companyId: w.companyId,
      officeId: 0,
      userId: 0,
      role: 'admin',
      root: true,
      appId: w.deliveryApp,
      areaId: null,
      appType: 'Delivery',
    };
    for (const [sort, order] of [
      ['total', 'asc'],
      ['total', 'desc'],
      ['createdAt', 'desc'],
      ['createdAt', 'asc'],
    ] as const) {
      const rows: string[] = [];
      for await (const batch of exportOrders(api.deps.db, scope, 'food', { page: 1, pageSize: 100, sort, order }, 7))
        rows.push(...batch.map((r) => String(r[0])));
      const pages: string[] = [];
      for (let page = 1; pages.length < rows.length || page === 1; page++) {
        const res = await api.get(`${FOOD}?sort=${sort}&order=${order}&pageSize=100&page=${page}`, admin);
        pages.push(...res.body.data.map((r: Loose) => r.orderNo));
        if (res.body.data.length < 100) break;
      }
      expect([sort, order, rows.length]).toEqual([sort, order, await countOf(and(eq(orders.appId, w.deliveryApp), eq(orders.kind, 'food')))]);
      expect(rows).toEqual(pages);
    }
  });
});

describe('status counts and order check', () => {
  it('counts every status of the kind from the rollup', async () => {
    const food = (await api.get('/api/admin/Delivery/OrdersStatus?kind=food', admin)).body.data;
    expect(food.counts).toHaveLength(13);
    for (const { status, count: n } of food.counts) {
      expect([status, n]).toEqual([status, await countOf(and(eq(orders.appId, w.deliveryApp), eq(orders.kind, 'food'), eq(orders.status, status)))]);
    }
    expect(food.total).toBe(food.counts.reduce((s: number, c: Loose) => s + c.count, 0));
    const parcel = (await api.get('/api/admin/Delivery/OrdersStatus?kind=parcel', bkk)).body.data;
    expect(parcel.counts.map((c: Loose) => c.status)).not.toContain('shop_receive_order');
    expect(parcel.total).toBe(await countOf(and(eq(orders.appId, w.deliveryApp), eq(orders.kind, 'parcel'), eq(orders.areaId, w.bangkok))));
    expect((await api.get(`/api/admin/Delivery/OrdersStatus?areaId=${w.chiangMai}`, bkk)).body.data.total).toBe(0);
    expect((await api.get('/api/admin/Delivery/OrdersStatus?kind=boat', admin)).status).toBe(400);
  });

  it('finds orders of both kinds by number (any case) or member phone, newest first', async () => {
    const check = (q: string, token = bkk) => api.get(`/api/admin/Delivery/Check/Order?q=${encodeURIComponent(q)}`, token);
    expect(ids((await check(mine[3].orderNo.toLowerCase())).body.data)).toEqual([mine[3].id]);
    expect(ids((await check(w.phone)).body.data)).toEqual(ids(mine).reverse());
    expect((await check(cnxOrder.orderNo)).body.data).toEqual([]);
    expect(ids((await check(cnxOrder.orderNo, admin)).body.data)).toEqual([cnxOrder.id]);
    expect((await api.get('/api/admin/Delivery/Check/Order', bkk)).status).toBe(400);
  });
});

describe('real-time events', () => {
  it('publishes each change after it commits, to subscribers whose scope holds the order', async () => {
    const got: Record<string, BusEvent[]> = { admin: [], bkk: [], cnx: [], market: [] };
    const subscribe = (name: string, appId: number | null, areaId: number | null) =>
      api.bus.subscribe({ companyId: w.companyId, appId, areaId, deliver: (e) => got[name]!.push(e) });
    const stops = [
      subscribe('admin', null, null),
      subscribe('bkk', w.deliveryApp, w.bangkok),
      subscribe('cnx', w.deliveryApp, w.chiangMai),
      subscribe('market', w.marketApp, w.marketBangkok),
    ];
    try {
      const order = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk2, w.shops.bkk));
      await drive(api, bkk, 'food', order.id, ['shop_receive_order']);
      await api.request('PATCH', `${FOOD}/${order.id}/biker`, { token: bkk, body: { bikerId: String(w.bikers.bkk) } });
      await api.request('PATCH', `${FOOD}/${order.id}/biker`, { token: bkk, body: { bikerId: String(w.bikers.bkk2) } });
      await appPost(api, `${FOOD}/${order.id}/events`, { event: 'biker_to_member' }, bkk);
      expect(got.bkk!.map((e) => [e.event, e.status, e.bikerId, e.previousBikerId, e.waiting, e.changeable])).toEqual([
        ['member_create_order', 'member_create_order', null, null, false, false],
        ['shop_receive_order', 'shop_receive_order', null, null, true, false],
        ['biker_receive_order', 'biker_receive_order', String(w.bikers.bkk), null, false, true],
        ['biker_change', 'biker_receive_order', String(w.bikers.bkk2), String(w.bikers.bkk), false, true],
      ]);
      expect(got.bkk![0]).toEqual({
        type: 'order.event',
        orderId: order.id,
        orderNo: order.orderNo,
        kind: 'food',
        event: 'member_create_order',
        status: 'member_create_order',
        bikerId: null,
        previousBikerId: null,
        areaId: String(w.bangkok),
        at: order.createdAt,
        waiting: false,
        changeable: false,
        scope: { companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok },
      });
      expect(got.admin).toEqual(got.bkk);
      expect(got.cnx).toEqual([]);
      expect(got.market).toEqual([]);
      await api.request('PATCH', `${FOOD}/${cnxOrder.id}/cancel`, { token: admin, body: { reason: 'Closed' } });
      expect(got.cnx!.map((e) => e.event)).toEqual(['admin_cancel_order']);
      expect(got.bkk).toHaveLength(4);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe('permissions', () => {
  it("needs the method's flag on the registry's permission name", async () => {
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: false, create: false, delete: false });
    api.advance(5_000); // past the permission cache
    const token = w.cnx.accessToken;
    expect((await api.get(`${FOOD}/${cnxOrder.id}`, token)).status).toBe(200);
    expect((await appPost(api, FOOD, foodOrder(w.members.cnx, w.shops.cnx), token)).status).toBe(403);
    expect((await appPost(api, `${FOOD}/${cnxOrder.id}/events`, { event: 'shop_receive_order' }, token)).status).toBe(403);
    expect((await api.request('PATCH', `${FOOD}/${cnxOrder.id}/biker`, { token, body: { bikerId: String(w.bikers.cnx) } })).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/Check/Order?q=x', token)).status).toBe(200);
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: false, write: false, create: false, delete: false });
    api.advance(5_000);
    expect((await api.get(FOOD, token)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/OrdersStatus', token)).status).toBe(403);
  });
});
