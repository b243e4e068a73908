import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, permissions, users, vouchers, wallets } from '../src/db/schema';
import { commissionRates, type CommissionRates } from '../src/domain/ledger';
import { bangkokDay } from '../src/domain/order-dates';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { appPost, drive, DROPOFF_FEE, foodOrder, listOf, orderWorld, parcelOrder, type OrderWorld, foodToSuccess, withFreeDelivery } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let rates: CommissionRates;
let serial = 0;
const V = '/api/admin/Delivery/Voucher';
const FOOD = listOf('food');

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Voucher');
  rates = await commissionRates(api.deps.db, w.deliveryApp);
});
afterAll(async () => {
  await api?.close();
});

const day = (offset: number) => bangkokDay(new Date(api.deps.now().getTime() + offset * 86_400_000));
const voucher = (extra: Record<string, unknown> = {}) => ({
  code: `vc${++serial}x`,
  title: 'Rainy season',
  amountKind: 'fixed',
  amount: 2_000,
  expireDate: day(30),
  limitMax: 100,
  perUser: 5,
  ...extra,
});
const create = async (extra: Record<string, unknown> = {}, token = w.bkk.accessToken): Promise<Loose> => {
  const res = await api.post(V, voucher(extra), token);
  if (res.status !== 201) throw new Error(`voucher create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
/** A new Bangkok member of the test's own (no orders yet). */
const newMember = async (): Promise<number> => {
  const [m] = await api.deps.db
    .execute(
      sql`
    INSERT INTO members (company_id, app_id, area_id, name, phone, created_at, updated_at)
    VALUES (${w.companyId}, ${w.deliveryApp}, ${w.bangkok}, ${`Voucher Member ${++serial}`}, ${`0877${String(serial).padStart(6, '0')}`}, now(), now())
    RETURNING id`,
    )
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  return Number(m!.id);
};
const order = (memberId: number, code: string, extra: Record<string, unknown> = {}) =>
  appPost(api, FOOD, foodOrder(memberId, w.shops.bkk, { voucherCode: code, ...extra }), w.bkk.accessToken);
const refusal = async (res: Promise<Loose>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return r.body.errors.voucherCode?.[0];
};
const cut = (amount: number, bp: number) => Math.floor((amount * bp) / 10_000);
const usedCount = async (id: string) =>
  (
    await api.deps.db
      .select({ n: vouchers.usedCount })
      .from(vouchers)
      .where(eq(vouchers.id, Number(id)))
  )[0]!.n;

describe('the seeded vouchers', () => {
  it('count their uses, and each use is an order whose discount and payer are the use’s', async () => {
    const rows = (await api.deps.db.execute(sql`
      SELECT v.code, v.used_count, v.limit_max, v.per_user,
        (SELECT count(*)::int FROM voucher_uses u WHERE u.voucher_id = v.id) AS uses,
        (SELECT count(*)::int FROM voucher_uses u JOIN orders o ON o.id = u.order_id
          WHERE u.voucher_id = v.id AND (o.discount <> u.discount OR o.discount_source <> u.source OR o.area_id <> v.area_id)) AS inconsistent,
        (SELECT coalesce(max(n), 0)::int FROM (SELECT count(*) AS n FROM voucher_uses u WHERE u.voucher_id = v.id GROUP BY u.member_id) m) AS most_by_one
      FROM vouchers v WHERE v.code LIKE 'SAVE20%' OR v.code LIKE 'SHOP15%'`)) as unknown as {
      rows: { code: string; used_count: number; limit_max: number; per_user: number; uses: number; inconsistent: number; most_by_one: number }[];
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.code.startsWith('SAVE20') && r.uses > 0)).toBe(true);
    for (const r of rows.rows) {
      expect(r.used_count).toBe(r.uses);
      expect(r.inconsistent).toBe(0);
      expect(r.uses).toBeLessThanOrEqual(r.limit_max);
      expect(r.most_by_one).toBeLessThanOrEqual(r.per_user);
    }
  });
});

describe('Voucher (the resource)', () => {
  it('stores the code in upper case, unique among the app’s live vouchers, and checks its rules', async () => {
    const made = await create({ code: 'rain50' });
    expect(made).toMatchObject({ code: 'RAIN50', usedCount: 0, shopId: null, shopName: null, areaId: String(w.bangkok), source: 'app', active: true });
    expect((await api.post(V, voucher({ code: 'RAIN50' }), w.bkk.accessToken)).body.errors).toEqual({ code: ['taken'] });
    const bad = await api.post(
      V,
      voucher({ code: 'no spaces!', amountKind: 'percent', amount: 10_001, perUser: 101, source: 'shop', expireDate: '2026-02-30' }),
      w.bkk.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      code: ['invalidVoucherCode'],
      amount: ['outOfRange'],
      perUser: ['outOfRange'],
      shopId: ['required'],
      expireDate: ['invalidDate'],
    });
    // Only a shop of the voucher's own area.
    expect((await api.post(V, voucher({ shopId: String(w.shops.cnx) }), w.bkk.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    const shop = await create({ shopId: String(w.shops.bkk), source: 'shop' });
    expect(shop).toMatchObject({ shopId: String(w.shops.bkk), shopName: expect.any(String), source: 'shop' });
    const moved = await api.request('PUT', `${V}/${shop.id}`, {
      token: w.admin.accessToken,
      body: { ...voucher({ code: shop.code, shopId: String(w.shops.cnx), source: 'shop' }), version: shop.version },
    });
    expect(moved.body.errors).toEqual({ shopId: ['unknownReference'] });
    // The uses count is the orders', never the form's.
    const kept = await api.request('PUT', `${V}/${made.id}`, {
      token: w.bkk.accessToken,
      body: { ...voucher({ code: 'rain50' }), usedCount: 99, version: made.version },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.usedCount).toBe(0);
  });

  it('lists by code or title with the filters, and keeps areas apart', async () => {
    await create({ code: 'ZZSEARCH1', title: 'Zebra crossing', active: false });
    const found = await api.get(`${V}?q=zebra&active=false`, w.bkk.accessToken);
    expect(found.body.data.map((r: Loose) => r.code)).toEqual(['ZZSEARCH1']);
    expect((await api.get(`${V}?q=zzsearch1&active=true`, w.bkk.accessToken)).body.data).toEqual([]);
    const csv = (await api.get(`${V}/export?q=zzsearch1`, w.bkk.accessToken)).body as string;
    const [header, line] = csv.trim().split(/\r?\n/);
    const names = header!.split(',');
    expect(names.filter((n) => n === 'shopId')).toHaveLength(1);
    expect(line!.split(',')[names.indexOf('usedCount')]).toBe('0');
    expect(line!.split(',')[names.indexOf('code')]).toBe('ZZSEARCH1');
    const cnxVoucher = await create({ code: 'CNXONLY' }, w.cnx.accessToken);
    expect(cnxVoucher.areaId).toBe(String(w.chiangMai));
    expect((await api.get(`${V}?q=cnxonly`, w.bkk.accessToken)).body.data).toEqual([]);
    expect((await api.get(`${V}/${cnxVoucher.id}`, w.bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${V}/${cnxVoucher.id}/uses`, w.bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${V}?q=cnxonly`, w.admin.accessToken)).body.data).toHaveLength(1);
    // A Bangkok member cannot use a Chiang Mai code.
    expect(await refusal(order(await newMember(), 'CNXONLY'))).toBe('unknownReference');
  });
});

describe('a voucher at checkout', () => {
  it('refuses an unknown, inactive or expired code, and takes one that expires today', async () => {
    const m = await newMember();
    expect(await refusal(order(m, 'NOSUCHCODE'))).toBe('unknownReference');
    const inactive = await create({ active: false });
    expect(await refusal(order(m, inactive.code))).toBe('unknownReference');
    const expired = await create({ expireDate: day(-1) });
    expect(await refusal(order(m, expired.code))).toBe('voucherExpired');
    const today = await create({ expireDate: day(0) });
    const res = await order(m, today.code.toLowerCase());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ discount: 2_000, total: 12_000 + DROPOFF_FEE - 2_000, voucherCode: today.code });
    expect(await usedCount(today.id)).toBe(1);
    // A discount sent beside a voucher is refused: the voucher sets it.
    expect((await order(m, today.code, { discount: 100 })).body.errors).toEqual({ discount: ['overlap'] });
  });

  it('refuses past limitMax and perUser, and counts every use', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const v = await create({ limitMax: 3, perUser: 2 });
    expect((await order(a, v.code)).status).toBe(201);
    expect((await order(a, v.code)).status).toBe(201);
    expect(await refusal(order(a, v.code))).toBe('voucherPerUserLimit');
    expect((await order(b, v.code)).status).toBe(201);
    expect(await refusal(order(b, v.code))).toBe('voucherUsedUp');
    expect(await usedCount(v.id)).toBe(3);
  });

  it('takes an Only Shop voucher at its shop only', async () => {
    const m = await newMember();
    const v = await create({ shopId: String(w.shops.bkk) });
    expect(await refusal(appPost(api, FOOD, foodOrder(m, w.shops.bkk2, { voucherCode: v.code }), w.bkk.accessToken))).toBe('voucherNotForShop');
    expect(await refusal(appPost(api, listOf('parcel'), parcelOrder(m, { voucherCode: v.code }), w.bkk.accessToken))).toBe('voucherNotForShop');
    expect((await order(m, v.code)).status).toBe(201);
  });

  it('takes a first-order voucher on the member’s first order only; failed and cancelled orders do not count', async () => {
    const m = await newMember();
    const v = await create({ typeOfDiscount: 'firstOrder' });
    const cancelled = await appPost(api, FOOD, foodOrder(m, w.shops.bkk), w.bkk.accessToken);
    expect(cancelled.status).toBe(201);
    await drive(api, w.bkk.accessToken, 'food', cancelled.body.data.id, ['member_cancel_order']);
    const first = await order(m, v.code);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const m2 = await newMember();
    expect((await appPost(api, listOf('parcel'), parcelOrder(m2), w.bkk.accessToken)).status).toBe(201);
    expect(await refusal(order(m2, v.code))).toBe('voucherFirstOrderOnly');
    expect(await refusal(order(m, v.code))).toBe('voucherFirstOrderOnly');
  });

  it('applies limitAmountByOrder by its type', async () => {
    const m = await newMember();
    // The order body has 2 items of 60 baht: 120 baht of items.
    const byCount = await create({ limitAmountByOrder: 3, typeLimitAmountByOrder: 'order_amount' });
    expect(await refusal(order(m, byCount.code))).toBe('voucherOrderTooSmall');
    expect((await order(m, byCount.code, { items: [{ name: 'Pad Thai', qty: 3, price: 6000 }] })).status).toBe(201);
    const byPrice = await create({ limitAmountByOrder: 12_001, typeLimitAmountByOrder: 'order_price' });
    expect(await refusal(order(m, byPrice.code))).toBe('voucherOrderTooSmall');
    const atPrice = await create({ limitAmountByOrder: 12_000, typeLimitAmountByOrder: 'order_price' });
    expect((await order(m, atPrice.code)).body.data.discount).toBe(2_000);
    const capped = await create({ amount: 1_500, limitAmountByOrder: 700, typeLimitAmountByOrder: 'order_limit' });
    expect((await order(m, capped.code)).body.data.discount).toBe(700);
  });

  it('takes the discount off the items, the delivery fee or both, capped as its rules and the payer’s share say', async () => {
    const m = await newMember();
    const items = 12_000;
    const fee = DROPOFF_FEE;
    const appCarries = cut(items, rates.shopCommission) + cut(fee, rates.bikerCommission);
    const shopCarries = items - cut(items, rates.shopCommission);
    const discountOf = async (extra: Record<string, unknown>) => {
      const res = await order(m, (await create(extra)).code);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.total).toBe(items + fee - res.body.data.discount);
      return res.body.data.discount as number;
    };
    // Percent of the items (10 %), of the fee (50 %), of both (10 %); a cap on a percent voucher.
    expect(await discountOf({ amountKind: 'percent', amount: 1_000 })).toBe(Math.min(items / 10, appCarries));
    expect(await discountOf({ amountKind: 'percent', amount: 5_000, typeOfDiscount: 'addon' })).toBe(Math.min(fee / 2, appCarries));
    expect(await discountOf({ amountKind: 'percent', amount: 1_000, typeOfDiscount: 'both' })).toBe(Math.min((items + fee) / 10, appCarries));
    expect(await discountOf({ amountKind: 'percent', amount: 1_000, maxDiscount: 500 })).toBe(500);
    // Never more than what it is taken off: a fixed 50 baht off a 25 baht delivery fee.
    expect(await discountOf({ amount: 5_000, typeOfDiscount: 'addon', source: 'shop', shopId: String(w.shops.bkk) })).toBe(fee);
    // Never more than the payer carries: the app its commission, the shop its part of the items.
    expect(await discountOf({ amount: 100_000 })).toBe(appCarries);
    expect(await discountOf({ amount: 100_000, source: 'shop', shopId: String(w.shops.bkk), typeOfDiscount: 'both' })).toBe(shopCarries);
    // Nothing to take off: a delivery voucher on a free delivery (the area's band made free for it).
    const free = await create({ typeOfDiscount: 'addon' });
    await withFreeDelivery(api, w.bangkok, async () => expect(await refusal(order(m, free.code))).toBe('voucherOrderTooSmall'));
  });

  it('splits at success: a shop’s voucher comes out of the shop’s share and wallet, an app’s out of the app’s', async () => {
    const shopWallet = async () =>
      (
        await api.deps.db
          .select({ balance: wallets.balance })
          .from(wallets)
          .where(and(eq(wallets.appId, w.deliveryApp), eq(wallets.ownerType, 'shop'), eq(wallets.ownerId, w.shops.bkk)))
      )[0]?.balance ?? 0;
    const settle = async (code: string) => {
      const res = await order(await newMember(), code);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const before = await shopWallet();
      const done = await drive(api, w.bkk.accessToken, 'food', res.body.data.id, foodToSuccess(w.bikers.bkk));
      return { done, walletGain: (await shopWallet()) - before };
    };
    const items = 12_000;
    const fee = DROPOFF_FEE;
    const shopKeeps = items - cut(items, rates.shopCommission);
    const appKeeps = cut(items, rates.shopCommission) + cut(fee, rates.bikerCommission);
    const byShop = await settle((await create({ amount: 1_000, source: 'shop', shopId: String(w.shops.bkk) })).code);
    expect(byShop.done.shares).toEqual({ app: appKeeps, shop: shopKeeps - 1_000, biker: fee - cut(fee, rates.bikerCommission) });
    expect(byShop.walletGain).toBe(shopKeeps - 1_000);
    const byApp = await settle((await create({ amount: 1_000 })).code);
    expect(byApp.done.shares).toEqual({ app: appKeeps - 1_000, shop: shopKeeps, biker: fee - cut(fee, rates.bikerCommission) });
    expect(byApp.walletGain).toBe(shopKeeps);
    const [row] = await api.deps.db
      .select({ source: orders.discountSource })
      .from(orders)
      .where(eq(orders.id, Number(byShop.done.id)));
    expect(row?.source).toBe('shop');
  });

  it('gives the last use to exactly one of 50 orders racing for it', async () => {
    const v = await create({ limitMax: 3, perUser: 1 });
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember()));
    // Two uses are taken first; the last one is raced for.
    expect((await order(members[0]!, v.code)).status).toBe(201);
    expect((await order(members[1]!, v.code)).status).toBe(201);
    const results = await Promise.all(members.map((m) => order(m, v.code)));
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const codes = results.filter((r) => r.status !== 201).map((r) => r.body.errors?.voucherCode?.[0]);
    // The two members who used it already are refused for their own limit only while a use was left.
    expect(codes.filter((c) => c !== 'voucherUsedUp' && c !== 'voucherPerUserLimit')).toEqual([]);
    expect(codes.filter((c) => c === 'voucherPerUserLimit').length).toBeLessThanOrEqual(2);
    expect(await usedCount(v.id)).toBe(3);
    const uses = await api.get(`${V}/${v.id}/uses`, w.bkk.accessToken);
    expect(uses.body.summary.uses).toBe(3);
  });

  it('lets one member use a per-user voucher only as often as it allows, however fast the orders come', async () => {
    const m = await newMember();
    const v = await create({ limitMax: 100, perUser: 2 });
    const results = await Promise.all(Array.from({ length: 10 }, () => order(m, v.code)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.errors.voucherCode[0])).toEqual(Array(8).fill('voucherPerUserLimit'));
    expect(await usedCount(v.id)).toBe(2);
  });
});

describe('a voucher’s uses', () => {
  it('lists the orders that used it with what it cost the app and the shops, and cannot be deleted once used', async () => {
    const m = await newMember();
    const app = await create({ amount: 1_000 });
    const shop = await create({ amount: 700, source: 'shop', shopId: String(w.shops.bkk) });
    const first = (await order(m, app.code)).body.data;
    const second = (await order(m, app.code)).body.data;
    await order(m, shop.code);
    const uses = await api.get(`${V}/${app.id}/uses?pageSize=10&page=1`, w.bkk.accessToken);
    expect(uses.status).toBe(200);
    expect(uses.body.summary).toEqual({ uses: 2, totalDiscount: 2_000, paidByApp: 2_000, paidByShops: 0 });
    expect(uses.body.data.map((u: Loose) => u.orderNo)).toEqual([second.orderNo, first.orderNo]);
    expect(uses.body.data[0]).toMatchObject({
      orderId: second.id,
      kind: 'food',
      memberId: String(m),
      shopId: String(w.shops.bkk),
      discount: 1_000,
      source: 'app',
    });
    const shopUses = await api.get(`${V}/${shop.id}/uses`, w.admin.accessToken);
    expect(shopUses.body.summary).toEqual({ uses: 1, totalDiscount: 700, paidByApp: 0, paidByShops: 700 });
    expect((await api.request('DELETE', `${V}/${app.id}`, { token: w.admin.accessToken })).status).toBe(409);
    expect((await api.request('DELETE', `${V}?ids=${app.id}`, { token: w.admin.accessToken })).status).toBe(409);
    const unused = await create();
    expect((await api.request('DELETE', `${V}/${unused.id}`, { token: w.admin.accessToken })).status).toBe(200);
  });

  it('refuses list, create, update, delete and uses without the Voucher flags', async () => {
    const v = await create();
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    const cnxV = await create({}, w.cnx.accessToken);
    const set = async (flags: Record<string, boolean>) => {
      await api.deps.db
        .update(permissions)
        .set(flags)
        .where(and(eq(permissions.userId, cnxUser!.id), eq(permissions.name, 'Service Delivery Voucher')));
      api.advance(5_000); // past the permission cache
    };
    const token = w.cnx.accessToken;
    await set({ read: false, write: false, create: false, delete: false });
    expect((await api.get(V, token)).status).toBe(403);
    expect((await api.get(`${V}/${cnxV.id}/uses`, token)).status).toBe(403);
    expect((await api.post(V, voucher(), token)).status).toBe(403);
    expect((await api.request('PUT', `${V}/${cnxV.id}`, { token, body: { ...voucher(), version: cnxV.version } })).status).toBe(403);
    expect((await api.request('DELETE', `${V}/${cnxV.id}`, { token })).status).toBe(403);
    await set({ read: true });
    expect((await api.get(`${V}/${cnxV.id}/uses`, token)).status).toBe(200);
    expect((await api.get(`${V}/${v.id}/uses`, token)).status).toBe(404);
    expect((await api.post(V, voucher(), token)).status).toBe(403);
  });
});
