import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikers, orders, shippingRates } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import { appPost, CNX_DROPOFF, drive, foodOrder, listOf, orderWorld, placeOrder, type OrderWorld } from './order-support';

/**
 * The commission precedence (docs/orders.md section 2): the shop's rate is its area's default (Config/Shop of the
 * area), else the app's; the biker's is the biker's package's, else Config/Biker's, frozen when the biker takes the
 * order. Orders in two areas with different defaults, bikers on different packages: the frozen rates, the ledger's
 * legs and the report's commission columns all equal what the precedence gives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const D = '/api/admin/Delivery';
let api: TestServer;
let w: OrderWorld;
let admin: string;

const send = (method: string, path: string, body?: unknown, token = admin) => api.request(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown): Promise<Loose> => {
  const res = await send(method, path, body);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** Saves Config/Shop for every area (no `areaId`) or for one, keeping its other settings. */
async function saveShopRate(commissionRate: number, areaId?: number): Promise<Loose> {
  const path = `${D}/Config/Shop${areaId ? `?areaId=${areaId}` : ''}`;
  const current = await ok('GET', path);
  const [pkg] = (await ok('GET', `${D}/ShopPackage?areaId=${areaId ?? w.bangkok}&sort=name`)) as Loose[];
  const [type] = (await ok('GET', `${D}/TypeShop?areaId=${areaId ?? w.bangkok}`)) as Loose[];
  return ok('PUT', path, {
    defaultPackageId: current.defaultPackageId || pkg.id,
    defaultTypeId: current.defaultTypeId || type.id,
    commissionRate,
    defaultOpenTime: current.defaultOpenTime,
    defaultCloseTime: current.defaultCloseTime,
    version: current.version,
  });
}

async function saveBikerRate(commissionRate: number): Promise<void> {
  const { id: _id, appId: _app, createdAt: _c, updatedAt: _u, updatedBy: _by, ...settings } = await ok('GET', `${D}/Config/Biker`);
  // The order world lifts the tasks at once past what the screen accepts: the most it does is enough here.
  await ok('PUT', `${D}/Config/Biker`, { ...settings, maxTasks: 10, commissionRate });
}

/** A free biker package of the area at the rate, and the biker put on it. */
async function onPackage(bikerId: number, areaId: number, commissionRate: number): Promise<string> {
  const pkg = await ok('POST', `${D}/Package/Biker`, {
    name: `Rate ${commissionRate} ${bikerId}`,
    fee: 0,
    commissionRate,
    duration: 30,
    status: 'active',
    areaId: String(areaId),
  });
  const biker = await ok('GET', `${D}/Member/Biker/${bikerId}`);
  await ok('PUT', `${D}/Member/Biker/${bikerId}/package`, { packageId: pkg.id, version: biker.biker.version });
  return pkg.id;
}

const frozen = async (ids: string[]) =>
  new Map(
    (
      await api.deps.db
        .select({ id: orders.id, shop: orders.shopCommission, biker: orders.bikerCommission })
        .from(orders)
        .where(inArray(orders.id, ids.map(Number)))
    ).map((r) => [String(r.id), { shop: r.shop, biker: r.biker }]),
  );

/** The shares by the precedence's rates, by hand: each commission rounded down, the app keeps the rest. */
const expected = (items: number, fee: number, discount: number, shopRate: number, bikerRate: number) => {
  const shop = items - Math.floor((items * shopRate) / 10_000);
  const biker = fee - Math.floor((fee * bikerRate) / 10_000);
  return { shop, biker, app: items + fee - discount - shop - biker };
};

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Commission');
  admin = w.admin.accessToken;
  // Every drop-off of this file is charged a flat 30 baht, so the shares below read in round figures.
  const rows = await api.deps.db.select({ id: shippingRates.id, bands: shippingRates.bands }).from(shippingRates);
  for (const r of rows)
    await api.deps.db
      .update(shippingRates)
      .set({ bands: r.bands.map((b) => ({ ...b, price: 3_000, freeDelivery: false })) })
      .where(eq(shippingRates.id, r.id));
});
afterAll(async () => {
  await api?.close();
});

describe('commission precedence', () => {
  it('freezes the area’s, the app’s and the bikers’ rates; the ledger and the report split by them', async () => {
    // The app: 17 % of the items, 18 % of the delivery fee. Bangkok has its own 10 %; Chiang Mai follows the app.
    expect(await saveShopRate(1_700)).toMatchObject({ areaId: '', commissionRate: 1_700 });
    const followed = await ok('GET', `${D}/Config/Shop?areaId=${w.chiangMai}`);
    expect(followed).toMatchObject({ areaId: String(w.chiangMai), areaName: 'Chiang Mai', commissionRate: 1_700, version: 0 });
    expect(await saveShopRate(1_000, w.bangkok)).toMatchObject({ areaId: String(w.bangkok), commissionRate: 1_000, version: 1 });
    await saveBikerRate(1_800);

    // Bikers: one on a 5 % package, one on none (Config/Biker's 18 %), Chiang Mai's on 30 %, one on 0 %.
    const [zero] = await api.deps.db
      .insert(bikers)
      .values({
        companyId: w.companyId,
        appId: w.deliveryApp,
        areaId: w.bangkok,
        name: 'Commission Zero',
        phone: '0890001111',
        presence: 'online',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning({ id: bikers.id });
    const low = await onPackage(w.bikers.bkk, w.bangkok, 500);
    await onPackage(w.bikers.cnx, w.chiangMai, 3_000);
    await onPackage(zero!.id, w.bangkok, 0);

    const cases = [
      { name: 'Bangkok, 5 % package, cash', member: w.members.bkk, shop: w.shops.bkk, biker: w.bikers.bkk, pay: 'cash', discount: 0, rates: [1_000, 500] },
      {
        name: 'Bangkok, no package, paid',
        member: w.members.bkk,
        shop: w.shops.bkk,
        biker: w.bikers.bkk2,
        pay: 'promptpay',
        discount: 0,
        rates: [1_000, 1_800],
      },
      { name: 'Chiang Mai, 30 % package', member: w.members.cnx, shop: w.shops.cnx, biker: w.bikers.cnx, pay: 'cash', discount: 0, rates: [1_700, 3_000] },
      // A 15 baht discount was checked against 10 % + 18 % (12 + 5.40 baht): a 0 % biker is raised to 10 %, the app keeps 0.
      {
        name: 'Bangkok, 0 % package, discount',
        member: w.members.bkk,
        shop: w.shops.bkk,
        biker: zero!.id,
        pay: 'cash',
        discount: 1_500,
        rates: [1_000, 1_000],
      },
    ];
    const placed: Loose[] = [];
    for (const c of cases) {
      const body = foodOrder(c.member, c.shop, { paymentMethod: c.pay, discount: c.discount, ...(c.shop === w.shops.cnx && { dropoff: CNX_DROPOFF }) });
      const order = await placeOrder(api, admin, 'food', body);
      // Placed: the shop's rate is frozen; the biker's is Config/Biker's until a biker takes it.
      expect((await frozen([order.id])).get(order.id), c.name).toEqual({ shop: c.rates[0], biker: 1_800 });
      const steps = [
        ...(c.pay === 'cash' ? [] : ['member_create_order_payment_success']),
        'shop_receive_order',
        { event: 'biker_receive_order', bikerId: c.biker },
      ];
      await drive(api, admin, 'food', order.id, steps);
      placed.push(order);
    }
    // A fifth order taken by the 5 % biker, then given to the biker without a package: the next biker's rate is frozen.
    const changed = await placeOrder(api, admin, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    await drive(api, admin, 'food', changed.id, ['shop_receive_order', { event: 'biker_receive_order', bikerId: w.bikers.bkk }]);
    expect((await frozen([changed.id])).get(changed.id)).toEqual({ shop: 1_000, biker: 500 });
    expect((await send('PATCH', `${listOf('food')}/${changed.id}/biker`, { bikerId: String(w.bikers.bkk2) })).status).toBe(200);
    cases.push({
      name: 'changed to no package',
      member: w.members.bkk,
      shop: w.shops.bkk,
      biker: w.bikers.bkk2,
      pay: 'cash',
      discount: 0,
      rates: [1_000, 1_800],
    });
    placed.push(changed);

    // Rates changed after the orders were placed and taken do not move them.
    await saveShopRate(2_000, w.bangkok);
    await saveShopRate(2_500);
    await saveBikerRate(2_500);
    const lowPkg = await ok('GET', `${D}/Package/Biker/${low}`);
    await ok('PUT', `${D}/Package/Biker/${low}`, { ...lowPkg, commissionRate: 4_000, version: lowPkg.version });

    const rates = await frozen(placed.map((o) => o.id));
    const sums = new Map<number, { shopCommission: number; bikerCommission: number }>();
    for (const [i, c] of cases.entries()) {
      const order = placed[i]!;
      expect(rates.get(order.id), c.name).toEqual({ shop: c.rates[0], biker: c.rates[1] });
      const done = await drive(api, admin, 'food', order.id, ['biker_to_shop', 'food_otw', 'biker_to_member', 'success']);
      const want = expected(12_000, 3_000, c.discount, c.rates[0]!, c.rates[1]!);
      expect(done.shares, c.name).toEqual(want);
      // The ledger's legs: the shop and the biker get (or, holding the cash, owe) what the split says; the platform keeps the app's share.
      const legs = (owner: string) => (done.transactions as Loose[]).filter((t) => t.ownerType === owner).reduce((s, t) => s + t.amount, 0);
      expect(legs('shop'), c.name).toBe(want.shop);
      expect(legs('admin'), c.name).toBe(want.app);
      expect(legs('biker'), c.name).toBe(c.pay === 'cash' ? -(want.app + want.shop) : want.biker);
      const sum = sums.get(c.biker) ?? { shopCommission: 0, bikerCommission: 0 };
      sums.set(c.biker, { shopCommission: sum.shopCommission + 12_000 - want.shop, bikerCommission: sum.bikerCommission + 3_000 - want.biker });
    }
    expect(sums.get(zero!.id)).toEqual({ shopCommission: 1_200, bikerCommission: 300 });

    // The report's commission columns per biker (their orders only: the bikers are the test's own).
    for (const [bikerId, sum] of sums) {
      const report = await ok('GET', `${D}/Report/Biker?period=day&bikerId=${bikerId}`);
      expect(report.totals, `biker ${bikerId}`).toMatchObject({
        ShopCommission: sum.shopCommission,
        BikerCommission: sum.bikerCommission,
        AppCommission: sum.shopCommission + sum.bikerCommission,
      });
    }
  });

  it('places an order at the area’s current rate: a new Bangkok order after the change is split at 20 %', async () => {
    const order = await placeOrder(api, admin, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    const cnx = await placeOrder(api, admin, 'food', foodOrder(w.members.cnx, w.shops.cnx, { dropoff: CNX_DROPOFF }));
    const rates = await frozen([order.id, cnx.id]);
    expect(rates.get(order.id)).toEqual({ shop: 2_000, biker: 2_500 });
    expect(rates.get(cnx.id)).toEqual({ shop: 2_500, biker: 2_500 });
  });

  it('checks a discount against the placement’s rates', async () => {
    // 20 % of 120 baht and 25 % of 30 baht: the app keeps 31.50 baht, so 31.51 is refused.
    const refused = await appPost(api, listOf('food'), foodOrder(w.members.bkk, w.shops.bkk, { discount: 3_151 }), admin);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ discount: ['outOfRange'] });
    expect((await appPost(api, listOf('food'), foodOrder(w.members.bkk, w.shops.bkk, { discount: 3_150 }), admin)).status).toBe(201);
  });
});

describe('Config/Shop per area', () => {
  it('is for admins; an unknown or another app’s area is 404; an area’s first save is at version 0, then versioned', async () => {
    expect((await send('GET', `${D}/Config/Shop?areaId=${w.bangkok}`, undefined, w.bkk.accessToken)).status).toBe(403);
    expect((await send('GET', `${D}/Config/Shop?areaId=999999`)).status).toBe(404);
    expect((await send('GET', `${D}/Config/Shop?areaId=${w.marketBangkok}`)).status).toBe(404);
    expect((await send('GET', `${D}/Config/Shop?areaId=abc`)).status).toBe(400);
    const current = await ok('GET', `${D}/Config/Shop?areaId=${w.bangkok}`);
    const stale = await send('PUT', `${D}/Config/Shop?areaId=${w.bangkok}`, {
      defaultPackageId: current.defaultPackageId,
      defaultTypeId: current.defaultTypeId,
      commissionRate: 900,
      defaultOpenTime: current.defaultOpenTime,
      defaultCloseTime: current.defaultCloseTime,
      version: current.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ commissionRate: current.commissionRate, version: current.version });
    // A package of another area is no default of this one.
    const [other] = (await ok('GET', `${D}/ShopPackage?areaId=${w.chiangMai}`)) as Loose[];
    const wrong = await send('PUT', `${D}/Config/Shop?areaId=${w.bangkok}`, {
      defaultPackageId: other.id,
      defaultTypeId: current.defaultTypeId,
      commissionRate: 900,
      defaultOpenTime: current.defaultOpenTime,
      defaultCloseTime: current.defaultCloseTime,
      version: current.version,
    });
    expect(wrong.body.errors).toEqual({ defaultPackageId: ['unknownReference'] });
    // The app's settings are still their own row.
    expect(await ok('GET', `${D}/Config/Shop`)).toMatchObject({ areaId: '', commissionRate: 2_500 });
  });
});
