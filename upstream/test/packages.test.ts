import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { bikers, ledgerOperations, packageSubscriptions, wallets, walletTransactions, type PackageOwner } from '../src/db/schema';
import { startDeadlineSweeper } from '../src/domain/order-deadline-sweeper';
import { sweepPackageExpiry } from '../src/domain/package-expiry';
import { DEMO, TEST_APP_API_KEY, startTestServer, type TestServer } from './helpers';
import { appPost, drive, foodOrder, listOf, orderWorld, placeOrder, type OrderWorld } from './order-support';

/**
 * Packages that bill and expire (docs/orders.md section 2): assigning a shop's, a Marketplace shop's or a biker's
 * package records a subscription and charges it once through the ledger; the sweep expires it, and an expired
 * shop is hidden from the member app and refused orders, an expired biker takes none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const D = '/api/admin/Delivery';
const DAY = 86_400_000;
let api: TestServer;
let w: OrderWorld;
let admin: string;
/** The shop the shop tests bill (on a package the biker tests can order from: the seeded ones expire as the clock moves). */
let shopId = '';

const send = (method: string, path: string, body?: unknown, token = admin) => api.request(method, path, { token, body });
const ok = async (method: string, path: string, body?: unknown, token = admin): Promise<Loose> => {
  const res = await send(method, path, body, token);
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
/** Moves the clock (days pass) and signs in again: tokens last an hour. */
async function advance(ms: number): Promise<void> {
  api.advance(ms);
  const [a, b] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
  admin = a.accessToken;
  w.bkk = b;
}
const appGet = (path: string, token = admin, key: string | null = TEST_APP_API_KEY) =>
  api.request('GET', path, { token, headers: key ? { [APP_KEY_HEADER]: key } : {} });

const subscriptionsOf = (type: PackageOwner, id: number) =>
  api.deps.db
    .select()
    .from(packageSubscriptions)
    .where(and(eq(packageSubscriptions.ownerType, type), eq(packageSubscriptions.ownerId, id)))
    .orderBy(desc(packageSubscriptions.id));
const balanceOf = async (type: 'shop' | 'biker' | 'admin', id: number, appId = w.deliveryApp) => {
  const [row] = await api.deps.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.ownerType, type), eq(wallets.ownerId, id)));
  return row?.balance ?? 0;
};
/** The ledger's package charges of the app, in satang, by wallet owner. */
const charges = async (appId = w.deliveryApp) => {
  const rows = await api.deps.db
    .select({ type: wallets.ownerType, id: wallets.ownerId, amount: walletTransactions.amount, key: ledgerOperations.idempotencyKey })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .innerJoin(ledgerOperations, eq(ledgerOperations.id, walletTransactions.operationId))
    .where(and(eq(wallets.appId, appId), like(ledgerOperations.idempotencyKey, 'package:%')));
  return rows;
};

const shopBody = (name: string, packageId: string, typeId: string, extra: Record<string, unknown> = {}) => ({
  name,
  owner: 'Package Owner',
  images: [],
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@shops.example`,
  phone: `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  public: true,
  openTime: '00:00',
  closeTime: '23:59',
  lat: '13.7563',
  lng: '100.5018',
  packageId,
  typeId,
  permissionEdit: false,
  orderShowPrice: true,
  showDistanceShopOnHome: true,
  showPersonDetailOnShop: false,
  Limit_post: 0,
  Limit_product: 0,
  status: 'active',
  ...extra,
});
const packageBody = (name: string, price: number, duration: number, areaId: number) => ({
  name,
  price,
  duration,
  Limit_post: 10,
  Limit_product: 10,
  status: 'active',
  areaId: String(areaId),
});

beforeAll(async () => {
  api = await startTestServer();
  // Before the order world grants Chiang Mai's staff the Delivery flags: the default set-up reads only the dashboard.
  const cnx = await api.login(DEMO.cnx);
  expect((await appGet(`/api/app/Delivery/Shop?areaId=${cnx.userData.area}`, cnx.accessToken)).status).toBe(403);
  w = await orderWorld(api, 'Packages');
  admin = w.admin.accessToken;
});
afterAll(async () => {
  await api?.close();
});

describe('shop packages', () => {
  let monthly: Loose;
  let yearly: Loose;
  let typeId = '';

  it('charges a new shop its package once: a subscription from now for the duration, the shop’s wallet below zero', async () => {
    monthly = await ok('POST', `${D}/ShopPackage`, packageBody('Billed Monthly', 29_900, 30, w.bangkok));
    yearly = await ok('POST', `${D}/ShopPackage`, packageBody('Billed Yearly', 199_000, 365, w.bangkok));
    typeId = ((await ok('GET', `${D}/TypeShop?areaId=${w.bangkok}`)) as Loose[])[0].id;
    const platformBefore = await balanceOf('admin', 0);
    const shop = await ok('POST', `${D}/Shop`, shopBody('Billed Shop', monthly.id, typeId, { areaId: String(w.bangkok) }));
    shopId = shop.id;
    const start = new Date(shop.packageStartsAt).getTime();
    expect(shop).toMatchObject({ packageId: monthly.id, packageName: 'Billed Monthly', packageExpired: false });
    expect(Math.abs(start - api.deps.now().getTime())).toBeLessThan(60_000);
    expect(new Date(shop.packageEndsAt).getTime() - start).toBe(30 * DAY);
    const [sub] = await subscriptionsOf('shop', Number(shopId));
    expect(sub).toMatchObject({ packageId: Number(monthly.id), packageName: 'Billed Monthly', durationDays: 30, price: 29_900, status: 'active' });
    // The shop had nothing: it owes the platform the price.
    expect(await balanceOf('shop', Number(shopId))).toBe(-29_900);
    expect((await balanceOf('admin', 0)) - platformBefore).toBe(29_900);
    expect((await charges()).filter((c) => c.key === `package:${sub!.id}`)).toEqual(
      expect.arrayContaining([
        { type: 'shop', id: Number(shopId), amount: -29_900, key: `package:${sub!.id}` },
        { type: 'admin', id: 0, amount: 29_900, key: `package:${sub!.id}` },
      ]),
    );
    // The shop cannot withdraw what it owes.
    const withdraw = await appPost(api, `${D}/Wallet/withdraw`, { ownerType: 'shop', ownerId: shopId, amount: 100, key: 'owed' }, admin);
    expect(withdraw.status).toBe(409);
  });

  it('charges nothing when the shop is saved again with its package, or when a stale save is retried', async () => {
    const shop = await ok('GET', `${D}/Shop/${shopId}`);
    const body = { ...shopBody('Billed Shop', monthly.id, typeId), email: shop.email, phone: shop.phone, owner: 'Renamed Owner', version: shop.version };
    const saved = await ok('PUT', `${D}/Shop/${shopId}`, body);
    expect(saved).toMatchObject({ owner: 'Renamed Owner', packageEndsAt: shop.packageEndsAt });
    expect((await send('PUT', `${D}/Shop/${shopId}`, body)).status).toBe(409);
    expect(await subscriptionsOf('shop', Number(shopId))).toHaveLength(1);
    expect(await balanceOf('shop', Number(shopId))).toBe(-29_900);
  });

  it('starts a new subscription at the full price when the package changes (no proration), ending the current one', async () => {
    const shop = await ok('GET', `${D}/Shop/${shopId}`);
    await advance(10 * DAY);
    const changed = await ok('PUT', `${D}/Shop/${shopId}`, {
      ...shopBody('Billed Shop', yearly.id, typeId),
      email: shop.email,
      phone: shop.phone,
      version: shop.version,
    });
    expect(changed).toMatchObject({ packageName: 'Billed Yearly', packageExpired: false });
    expect(new Date(changed.packageEndsAt).getTime() - new Date(changed.packageStartsAt).getTime()).toBe(365 * DAY);
    const [now, before] = await subscriptionsOf('shop', Number(shopId));
    expect(now).toMatchObject({ packageId: Number(yearly.id), status: 'active', price: 199_000 });
    expect(before).toMatchObject({ packageId: Number(monthly.id), status: 'replaced' });
    expect(before!.endedAt!.getTime()).toBe(now!.startsAt.getTime());
    expect(await balanceOf('shop', Number(shopId))).toBe(-29_900 - 199_000);
  });

  it('expires at its end by the sweep: the shop leaves the member app’s lists and takes no orders until saved on a package again', async () => {
    const shop = await ok('GET', `${D}/Shop/${shopId}`);
    // A popular shop of the member app too.
    await ok('POST', `${D}/Popular`, { shopId, sortOrder: 1, active: true, startsOn: '', endsOn: '', areaId: String(w.bangkok) });
    const listed = async () => {
      const shops = (await appGet(`/api/app/Delivery/Shop?areaId=${w.bangkok}&pageSize=100`)).body.data as Loose[];
      const popular = (await appGet(`/api/app/Delivery/Popular?areaId=${w.bangkok}`)).body.data as Loose[];
      return { shops: shops.some((s) => s.id === shopId), popular: popular.some((p) => p.shopId === shopId) };
    };
    expect(await listed()).toEqual({ shops: true, popular: true });
    const member = foodOrder(w.members.bkk, Number(shopId));
    expect((await appPost(api, listOf('food'), member, admin)).status).toBe(201);

    // A day before the end nothing happens; at the end the sweep expires it.
    await advance(new Date(shop.packageEndsAt).getTime() - api.deps.now().getTime() - DAY);
    expect((await sweepPackageExpiry(api.deps.db, api.deps.now())).expired.some((e) => e.ownerId === Number(shopId))).toBe(false);
    await advance(DAY);
    const sweep = await sweepPackageExpiry(api.deps.db, api.deps.now());
    expect(sweep.expired).toContainEqual(expect.objectContaining({ ownerType: 'shop', ownerId: Number(shopId) }));
    expect((await sweepPackageExpiry(api.deps.db, api.deps.now())).expired).toEqual([]);
    expect(await ok('GET', `${D}/Shop/${shopId}`)).toMatchObject({ packageExpired: true, packageEndsAt: shop.packageEndsAt });
    expect((await subscriptionsOf('shop', Number(shopId)))[0]).toMatchObject({ status: 'expired' });

    expect(await listed()).toEqual({ shops: false, popular: false });
    const refused = await appPost(api, listOf('food'), member, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ shopId: ['packageExpired'] });
    // The back-office still lists it (flagged).
    expect(((await ok('GET', `${D}/Shop?q=Billed%20Shop`)) as Loose[]).map((s) => s.id)).toContain(shopId);

    // Saved on its package again: renewed (a new subscription, charged), listed and open again.
    const balance = await balanceOf('shop', Number(shopId));
    const renewed = await ok('PUT', `${D}/Shop/${shopId}`, {
      ...shopBody('Billed Shop', yearly.id, typeId),
      email: shop.email,
      phone: shop.phone,
      version: shop.version,
    });
    expect(renewed).toMatchObject({ packageName: 'Billed Yearly', packageExpired: false });
    expect(Math.abs(new Date(renewed.packageStartsAt).getTime() - api.deps.now().getTime())).toBeLessThan(60_000);
    expect(new Date(renewed.packageEndsAt).getTime()).toBeGreaterThan(api.deps.now().getTime() + 364 * DAY);
    expect(await balanceOf('shop', Number(shopId))).toBe(balance - 199_000);
    expect(await listed()).toEqual({ shops: true, popular: true });
    expect((await appPost(api, listOf('food'), member, admin)).status).toBe(201);
    // Saved again while it runs: nothing more.
    await ok('PUT', `${D}/Shop/${shopId}`, { ...shopBody('Billed Shop', yearly.id, typeId), email: shop.email, phone: shop.phone, version: renewed.version });
    expect(await balanceOf('shop', Number(shopId))).toBe(balance - 199_000);
    expect(await subscriptionsOf('shop', Number(shopId))).toHaveLength(3);
  });

  it('charges the Marketplace’s packages (Manage/Packages) to its shops the same way', async () => {
    const M = '/api/admin/Marketplace';
    const pkg = await ok('POST', `${M}/Manage/Packages`, packageBody('Market Billed', 15_000, 60, w.marketBangkok));
    const [type] = (await ok('GET', `${M}/TypeShop?areaId=${w.marketBangkok}`)) as Loose[];
    const shop = await ok('POST', `${M}/Shop`, shopBody('Market Billed Shop', pkg.id, type.id, { areaId: String(w.marketBangkok) }));
    expect(shop).toMatchObject({ packageName: 'Market Billed', packageExpired: false });
    expect(new Date(shop.packageEndsAt).getTime() - new Date(shop.packageStartsAt).getTime()).toBe(60 * DAY);
    expect(await balanceOf('shop', Number(shop.id), w.marketApp)).toBe(-15_000);
    expect((await charges(w.marketApp)).filter((c) => c.id === Number(shop.id))).toHaveLength(1);
  });

  it('charges a shop approved from its registration the package the area’s Config/Shop names by default', async () => {
    const [pkg] = (await ok('GET', `${D}/ShopPackage?areaId=${w.chiangMai}&sort=name`)) as Loose[];
    const config = await ok('GET', `${D}/Config/Shop?areaId=${w.chiangMai}`);
    const [type] = (await ok('GET', `${D}/TypeShop?areaId=${w.chiangMai}`)) as Loose[];
    const priced = await ok('PUT', `${D}/ShopPackage/${pkg.id}`, { ...pkg, price: 5_000, version: pkg.version });
    await ok('PUT', `${D}/Config/Shop?areaId=${w.chiangMai}`, {
      defaultPackageId: priced.id,
      defaultTypeId: type.id,
      commissionRate: config.commissionRate,
      defaultOpenTime: config.defaultOpenTime,
      defaultCloseTime: config.defaultCloseTime,
      version: config.version,
    });
    const reg = await api.request('POST', '/api/app/Delivery/Regis/Shop', {
      token: admin,
      headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
      body: {
        name: 'Registered Billed',
        owner: 'Reg Owner',
        email: 'registered.billed@shops.example',
        phone: '0812223344',
        note: '',
        areaId: String(w.chiangMai),
      },
    });
    expect(reg.status).toBe(201);
    const { shopId: made } = await ok('POST', `${D}/Regis/Shop/${reg.body.data.id}/approve`);
    expect(await ok('GET', `${D}/Shop/${made}`)).toMatchObject({ packageId: priced.id, packageExpired: false, packageEndsAt: expect.any(String) });
    expect((await subscriptionsOf('shop', Number(made)))[0]).toMatchObject({ price: 5_000, status: 'active' });
    expect(await balanceOf('shop', Number(made))).toBe(-5_000);
  });
});

describe('biker packages', () => {
  let pkg: Loose;

  it('charges the biker’s fee once on assignment (the wallet may go below zero); the same package again charges nothing', async () => {
    pkg = await ok('POST', `${D}/Package/Biker`, {
      name: 'Billed Rider',
      fee: 9_900,
      commissionRate: 1_500,
      duration: 7,
      status: 'active',
      areaId: String(w.bangkok),
    });
    const before = await ok('GET', `${D}/Member/Biker/${w.bikers.bkk}`);
    expect(before.biker).toMatchObject({ packageId: null, packageEndsAt: null, packageExpired: false });
    const assigned = await ok('PUT', `${D}/Member/Biker/${w.bikers.bkk}/package`, { packageId: pkg.id, version: before.biker.version });
    expect(assigned).toMatchObject({ packageId: pkg.id, packageName: 'Billed Rider', packageExpired: false });
    expect(new Date(assigned.packageEndsAt).getTime() - new Date(assigned.packageStartsAt).getTime()).toBe(7 * DAY);
    expect(await balanceOf('biker', w.bikers.bkk)).toBe(-9_900);
    // A retry of the same request is stale; the same package at the new version changes nothing of the subscription.
    expect((await send('PUT', `${D}/Member/Biker/${w.bikers.bkk}/package`, { packageId: pkg.id, version: before.biker.version })).status).toBe(409);
    const again = await ok('PUT', `${D}/Member/Biker/${w.bikers.bkk}/package`, { packageId: pkg.id, version: assigned.version });
    expect(again.packageEndsAt).toBe(assigned.packageEndsAt);
    expect(await subscriptionsOf('biker', w.bikers.bkk)).toHaveLength(1);
    expect(await balanceOf('biker', w.bikers.bkk)).toBe(-9_900);
    expect((await charges()).filter((c) => c.type === 'biker' && c.id === w.bikers.bkk)).toHaveLength(1);
  });

  it('expires by the periodic sweep: the biker takes no order, from the app or an operator, until put on a package again', async () => {
    const order = await placeOrder(api, admin, 'food', foodOrder(w.members.bkk, Number(shopId)));
    await drive(api, admin, 'food', order.id, ['shop_receive_order']);
    await advance(8 * DAY);
    // The running server's sweep (order-deadline-sweeper.ts) expires it within a pass.
    const stop = startDeadlineSweeper(api.deps, 20);
    for (let i = 0; i < 100 && (await subscriptionsOf('biker', w.bikers.bkk))[0]!.status === 'active'; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect((await subscriptionsOf('biker', w.bikers.bkk))[0]).toMatchObject({ status: 'expired' });
    const [flag] = await api.deps.db.select({ expired: bikers.packageExpired }).from(bikers).where(eq(bikers.id, w.bikers.bkk));
    expect(flag!.expired).toBe(true);
    expect((await ok('GET', `${D}/Member/Biker/${w.bikers.bkk}`)).biker).toMatchObject({ packageExpired: true });

    const byApp = await appPost(api, `${listOf('food')}/${order.id}/events`, { event: 'biker_receive_order', bikerId: String(w.bikers.bkk) }, admin);
    expect(byApp.status).toBe(409);
    expect(byApp.body.message).toBe('BIKER_PACKAGE_EXPIRED');
    const byOperator = await send('PATCH', `${listOf('food')}/${order.id}/biker`, { bikerId: String(w.bikers.bkk) });
    expect(byOperator.status).toBe(409);
    expect(byOperator.body.message).toBe('BIKER_PACKAGE_EXPIRED');
    expect((await ok('GET', `${listOf('food')}/${order.id}`)).bikerId).toBeNull();

    // Put on the package again: renewed and charged, and the biker takes the order.
    const biker = (await ok('GET', `${D}/Member/Biker/${w.bikers.bkk}`)).biker;
    const renewed = await ok('PUT', `${D}/Member/Biker/${w.bikers.bkk}/package`, { packageId: pkg.id, version: biker.version });
    expect(renewed).toMatchObject({ packageId: pkg.id, packageExpired: false });
    expect(new Date(renewed.packageEndsAt).getTime()).toBeGreaterThan(api.deps.now().getTime() + 6 * DAY);
    expect(await balanceOf('biker', w.bikers.bkk)).toBe(-9_900 * 2);
    expect(await subscriptionsOf('biker', w.bikers.bkk)).toHaveLength(2);
    expect((await drive(api, admin, 'food', order.id, [{ event: 'biker_receive_order', bikerId: w.bikers.bkk }])).bikerId).toBe(String(w.bikers.bkk));
  });

  it('refuses the offer of an order to a biker whose package expired while the offer waited', async () => {
    const order = await placeOrder(api, admin, 'food', foodOrder(w.members.bkk, Number(shopId)));
    await drive(api, admin, 'food', order.id, ['shop_receive_order']);
    // An operator offers it to the biker while the package runs; the package ends before the biker accepts.
    expect((await send('PATCH', `${listOf('food')}/${order.id}/biker`, { bikerId: String(w.bikers.bkk) })).status).toBe(200);
    await advance(8 * DAY);
    expect((await sweepPackageExpiry(api.deps.db, api.deps.now())).expired.some((e) => e.ownerType === 'biker' && e.ownerId === w.bikers.bkk)).toBe(true);
    const accept = await appPost(api, `${listOf('food')}/${order.id}/events`, { event: 'biker_receive_order', bikerId: String(w.bikers.bkk) }, admin);
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('BIKER_PACKAGE_EXPIRED');
    const { events } = await ok('GET', `${listOf('food')}/${order.id}`);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e: Loose) => e.actorType === 'biker')).toHaveLength(0);
  });

  it('charges a biker approved from a registration with a package', async () => {
    const reg = await api.request('POST', '/api/app/Delivery/Regis/Biker', {
      token: admin,
      headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
      body: {
        name: 'Registered Rider',
        phone: '0867778888',
        vehicle: 'Scooter',
        plate: '1กข 1111',
        documents: [{ kind: 'id_card', url: 'https://example.com/docs/rider.jpg' }],
        areaId: String(w.bangkok),
        packageId: pkg.id,
      },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const { bikerId } = await ok('POST', `${D}/Regis/Biker/${reg.body.data.id}/approve`);
    expect((await subscriptionsOf('biker', Number(bikerId)))[0]).toMatchObject({ packageId: Number(pkg.id), price: 9_900, status: 'active' });
    expect(await balanceOf('biker', Number(bikerId))).toBe(-9_900);
  });
});

describe('the member app’s shop list', () => {
  it('needs the app channel’s key and keeps staff to their own area', async () => {
    expect((await appGet(`/api/app/Delivery/Shop?areaId=${w.bangkok}`, admin, null)).status).toBe(403);
    expect((await api.get(`/api/app/Delivery/Shop?areaId=${w.bangkok}`)).status).toBe(401);
    const bkk = w.bkk.accessToken;
    const own = await appGet(`/api/app/Delivery/Shop?areaId=${w.bangkok}&pageSize=5`, bkk);
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect((await appGet(`/api/app/Delivery/Shop?areaId=${w.chiangMai}`, bkk)).body.data).toEqual([]);
    expect((await appGet(`/api/app/Delivery/Shop?areaId=${w.bangkok}&pageSize=101`, bkk)).status).toBe(400);
  });
});
