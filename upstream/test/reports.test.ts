import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday, REPORT_MONEY, type Report, type ReportFigures } from '@contract/resources/reports';
import { permissions } from '../src/db/schema';
import { deposit } from '../src/domain/ledger';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { CNX_DROPOFF, DROPOFF, drive, foodOrder, orderWorld, parcelOrder, placeOrder, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Report');
});
afterAll(async () => {
  await api?.close();
});

const today = () => localToday(api.deps.now());
async function report(path: string, query: string, token = w.admin.accessToken): Promise<Report> {
  const res = await api.get(`/api/admin/Delivery/${path}?${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const day = (d = today()) => `period=day&date=${d}`;
const minus = (a: ReportFigures, b: ReportFigures) =>
  Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof ReportFigures] - b[k as keyof ReportFigures]]));

/** A small deterministic generator, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Fate = 'success' | 'cancelPaid' | 'cancelCash' | 'fail' | 'open';
/** An order placed and driven to its fate; answers its detail. */
async function run(kind: 'food' | 'parcel', method: 'cash' | 'promptpay' | 'wallet', fate: Fate, area: 'bkk' | 'cnx', token: string): Promise<Loose> {
  const member = area === 'bkk' ? w.members.bkk2 : w.members.cnx;
  const shop = area === 'bkk' ? w.shops.bkk2 : w.shops.cnx;
  const biker = area === 'bkk' ? w.bikers.bkk : w.bikers.cnx;
  const amount = 5000 + Math.floor(Math.random() * 40) * 500;
  const body =
    kind === 'food'
      ? foodOrder(member, shop, {
          paymentMethod: method,
          items: [{ name: 'Khao Soi', qty: 1 + (amount % 3), price: amount }],
          dropoff: area === 'bkk' ? DROPOFF : CNX_DROPOFF,
        })
      : parcelOrder(member, { paymentMethod: method, weightGram: 500 + (amount % 9) * 1000 });
  const order = await placeOrder(api, token, kind, body);
  const steps: (string | { event: string; bikerId?: number })[] = method === 'cash' ? [] : ['member_create_order_payment_success'];
  if (fate === 'cancelPaid' || fate === 'cancelCash') return drive(api, token, kind, order.id, [...steps, 'member_cancel_order']);
  const ride = [
    ...(kind === 'food' ? ['shop_receive_order'] : []),
    { event: 'biker_receive_order', bikerId: biker },
    'biker_to_shop',
    'food_otw',
    'biker_to_member',
  ];
  if (fate === 'open') return drive(api, token, kind, order.id, [...steps, ...ride.slice(0, 2)]);
  return drive(api, token, kind, order.id, [...steps, ...ride, fate]);
}

describe('reports', () => {
  it('a randomised run of orders, cancels and refunds: the report moves by exactly the successful orders, and agrees with the ledger', async () => {
    const seed = Date.now() % 100_000;
    const rand = random(seed);
    const place = { companyId: w.companyId, appId: w.deliveryApp };
    // Members who pay from their wallet need money in it.
    for (const member of [w.members.bkk2, w.members.cnx]) {
      await deposit(
        api.deps.db,
        place,
        { type: 'member', id: member, areaId: member === w.members.cnx ? w.chiangMai : w.bangkok },
        10_000_000,
        `report-${member}-${seed}`,
        new Date(),
      );
    }
    const before = await report('Report', day());
    const bikerBefore = await report('Report/Biker', `${day()}&bikerId=${w.bikers.bkk}`);
    const shopBefore = await report('Report/Shop', `${day()}&shopId=${w.shops.cnx}`);
    const beforeCheck = (await api.get(`/api/admin/Delivery/Report/reconcile?${day()}`, w.admin.accessToken)).body.data;
    expect(beforeCheck.agrees, JSON.stringify(beforeCheck)).toBe(true);

    const fates: Fate[] = ['success', 'success', 'success', 'cancelPaid', 'cancelCash', 'fail', 'open'];
    const methods = ['cash', 'promptpay', 'wallet'] as const;
    const done: Loose[] = [];
    for (let i = 0; i < 24; i++) {
      const kind = rand() < 0.7 ? 'food' : 'parcel';
      const method = methods[Math.floor(rand() * methods.length)]!;
      let fate = fates[Math.floor(rand() * fates.length)]!;
      if (fate === 'cancelPaid' && method === 'cash') fate = 'cancelCash';
      if (fate === 'cancelCash' && method !== 'cash') fate = 'cancelPaid';
      const area = rand() < 0.6 ? 'bkk' : 'cnx';
      done.push(await run(kind, method, fate, area, area === 'bkk' ? w.bkk.accessToken : w.cnx.accessToken));
    }
    const succeeded = done.filter((o) => o.status === 'success');
    expect(succeeded.length, `seed ${seed}`).toBeGreaterThan(0);
    const sum = (pick: (o: Loose) => number) => succeeded.reduce((s, o) => s + pick(o), 0);
    const after = await report('Report', day());
    expect(minus(after.totals, before.totals), `seed ${seed}`).toEqual({
      orders: succeeded.length,
      Discount: sum((o) => o.discount),
      AppTotal: sum((o) => o.shares.app),
      AppCommission: sum((o) => o.itemsTotal - o.shares.shop + o.deliveryFee - o.shares.biker),
      ShopTotal: sum((o) => o.shares.shop),
      ShopCommission: sum((o) => o.itemsTotal - o.shares.shop),
      BikerTotal: sum((o) => o.shares.biker),
      BikerCommission: sum((o) => o.deliveryFee - o.shares.biker),
      SumTotal: sum((o) => o.total),
    });
    // Every column adds up: what the members paid is what the app, the shops and the bikers got.
    expect(after.totals.SumTotal).toBe(after.totals.AppTotal + after.totals.ShopTotal + after.totals.BikerTotal);
    expect(after.totals.AppCommission).toBe(after.totals.ShopCommission + after.totals.BikerCommission);
    expect(after.totals.AppTotal).toBe(after.totals.AppCommission - after.totals.Discount);

    const check = (await api.get(`/api/admin/Delivery/Report/reconcile?${day()}`, w.admin.accessToken)).body.data;
    expect(check.agrees, `seed ${seed}: ${JSON.stringify(check)}`).toBe(true);
    expect(check.ledger.SumTotal - beforeCheck.ledger.SumTotal).toBe(sum((o) => o.total));
    // The seeded history too: ninety days of it agree to the satang.
    const history = (await api.get(`/api/admin/Delivery/Report/reconcile?period=custom&from=${addDays(today(), -89)}&to=${today()}`, w.admin.accessToken)).body
      .data;
    expect(history.agrees, JSON.stringify(history)).toBe(true);
    expect(history.report.SumTotal).toBeGreaterThan(check.report.SumTotal);
    for (const area of [w.bangkok, w.chiangMai]) {
      const scoped = (await api.get(`/api/admin/Delivery/Report/reconcile?${day()}&areaId=${area}`, w.admin.accessToken)).body.data;
      expect(scoped.agrees, JSON.stringify(scoped)).toBe(true);
    }

    // The per-area, per-shop and per-biker views count the same money.
    const admin = await report('Report/Admin', day());
    expect(admin.rows.reduce((s, r) => s + r.SumTotal, 0)).toBe(after.totals.SumTotal);
    expect(admin.rows.map((r) => r.label).sort()).toEqual(expect.arrayContaining(['Bangkok', 'Chiang Mai']));
    const bikers = await report('Report/Biker', `${day()}&pageSize=100`);
    expect(bikers.totals.SumTotal).toBe(after.totals.SumTotal);
    const biker = await report('Report/Biker', `${day()}&bikerId=${w.bikers.bkk}`);
    const bikerOrders = succeeded.filter((o) => String(o.bikerId) === String(w.bikers.bkk));
    expect(biker.totals.BikerTotal - bikerBefore.totals.BikerTotal).toBe(bikerOrders.reduce((s, o) => s + o.shares.biker, 0));
    expect(biker.totals.orders - bikerBefore.totals.orders).toBe(bikerOrders.length);
    const shop = await report('Report/Shop', `${day()}&shopId=${w.shops.cnx}`);
    const shopOrders = succeeded.filter((o) => String(o.shopId) === String(w.shops.cnx));
    expect(shop.totals.ShopTotal - shopBefore.totals.ShopTotal).toBe(shopOrders.reduce((s, o) => s + o.shares.shop, 0));
    expect(shop.rows.length).toBe(shop.totals.orders ? 1 : 0);
  });

  it('a cancelled and refunded order nets to zero in every column, in the report and in the ledger', async () => {
    const before = await report('Report', day());
    const ledgerBefore = (await api.get(`/api/admin/Delivery/Report/reconcile?${day()}`, w.admin.accessToken)).body.data;
    const cancelled = await run('food', 'promptpay', 'cancelPaid', 'bkk', w.bkk.accessToken);
    expect(cancelled.paymentStatus).toBe('refunded');
    const failed = await run('parcel', 'promptpay', 'fail', 'bkk', w.bkk.accessToken);
    expect(failed.paymentStatus).toBe('refunded');
    const after = await report('Report', day());
    expect(minus(after.totals, before.totals)).toEqual(Object.fromEntries(Object.keys(after.totals).map((k) => [k, 0])));
    const ledgerAfter = (await api.get(`/api/admin/Delivery/Report/reconcile?${day()}`, w.admin.accessToken)).body.data;
    expect(ledgerAfter.ledger).toEqual(ledgerBefore.ledger);
    expect(ledgerAfter.agrees).toBe(true);
  });

  it('staff see their own area only; the filters, sort and periods are checked', async () => {
    const mine = await report('Report/Admin', 'period=month', w.bkk.accessToken);
    expect(mine.rows.every((r) => r.key === String(w.bangkok))).toBe(true);
    const other = await report('Report', `period=month&areaId=${w.chiangMai}`, w.bkk.accessToken);
    expect(other.totals.orders).toBe(0);
    const bad = await api.get('/api/admin/Delivery/Report?period=custom&from=2026-02-10&to=2026-02-01', w.admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ to: ['endBeforeStart'] });
    expect((await api.get('/api/admin/Delivery/Report?period=custom', w.admin.accessToken)).body.errors).toEqual({ from: ['required'], to: ['required'] });
    expect((await api.get('/api/admin/Delivery/Report?period=year', w.admin.accessToken)).status).toBe(400);
    expect((await api.get('/api/admin/Delivery/Report?colour=red', w.admin.accessToken)).status).toBe(400);
    expect((await api.get(`/api/admin/Delivery/Report/Biker?shopId=${w.shops.bkk}`, w.admin.accessToken)).body.errors).toEqual({ shopId: ['outOfRange'] });
    // Periods: a week is Monday to Sunday; a month its calendar month; a long range has a row per month.
    const week = await report('Report', 'period=week&date=2026-11-25');
    expect([week.from, week.to, week.rows.length]).toEqual(['2026-11-23', '2026-11-29', 7]);
    const month = await report('Report', 'period=month&date=2024-02-10');
    expect([month.from, month.to, month.rows.length, month.bucket]).toEqual(['2024-02-01', '2024-02-29', 29, 'day']);
    const year = await report('Report', 'period=custom&from=2025-01-01&to=2025-12-31');
    expect([year.rows.length, year.bucket, year.rows[0]!.key]).toEqual([12, 'month', '2025-01']);
    // Top shops: by SumTotal, highest first, at most the page size.
    const top = await report('Report/TopShop', 'period=month&pageSize=10');
    expect(top.rows.length).toBeLessThanOrEqual(10);
    expect(top.rows.map((r) => r.SumTotal)).toEqual([...top.rows.map((r) => r.SumTotal)].sort((a, b) => b - a));
    const byOrders = await report('Report/Shop', 'period=month&sort=orders&order=asc&pageSize=100');
    expect(byOrders.rows.map((r) => r.orders)).toEqual([...byOrders.rows.map((r) => r.orders)].sort((a, b) => a - b));
    // Report/All is the Marketplace's alone.
    expect((await api.get('/api/admin/Delivery/Report/All', w.admin.accessToken)).status).toBe(404);
    expect((await api.get('/api/admin/Marketplace/Report/All?period=month', w.admin.accessToken)).status).toBe(200);
  });

  it('exports exactly the report: CSV and XLSX with the totals row, named by the period and filters', async () => {
    const query = `period=month&areaId=${w.bangkok}&pageSize=10`;
    const screen = await report('Report/Shop', query);
    const csv = await api.request('GET', `/api/admin/Delivery/Report/Shop/export?${query}&format=csv`, { token: w.admin.accessToken });
    expect(csv.status).toBe(200);
    const { from, to } = screen;
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="report-shop_${from}_${to}_area-${w.bangkok}.csv"`);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(['shopRefId', 'name', 'orders', 'Discount', ...REPORT_MONEY].join(','));
    expect(lines).toHaveLength(screen.total + 2);
    const totals = lines.at(-1)!.split(',');
    expect(totals.slice(0, 3)).toEqual(['Total', '', String(screen.totals.orders)]);
    expect(totals.at(-1)).toBe((screen.totals.SumTotal / 100).toFixed(2));

    const res = await fetch(`${api.url}/api/admin/Delivery/Report/Shop/export?${query}&format=xlsx`, {
      headers: { authorization: `Bearer ${w.admin.accessToken}` },
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(screen.total + 2);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(Math.round(Number(last.getCell(11).value) * 100)).toBe(screen.totals.SumTotal);
    expect(Math.round(Number(last.getCell(5).value) * 100)).toBe(screen.totals.AppTotal);
  });

  it('a role without the report flag is refused, every view and the export', async () => {
    const bkkUser = Number(w.bkk.userData.uid);
    const setFlag = async (name: string, on: boolean) => {
      await api.deps.db
        .update(permissions)
        .set({ read: on })
        .where(and(eq(permissions.userId, bkkUser), eq(permissions.name, name)));
      api.deps.permissions.clear();
    };
    try {
      await setFlag('Service Delivery Report Shop', false);
      expect((await api.get('/api/admin/Delivery/Report/Shop', w.bkk.accessToken)).status).toBe(403);
      expect((await api.get('/api/admin/Delivery/Report/Shop/export?format=xlsx', w.bkk.accessToken)).status).toBe(403);
      expect((await api.get('/api/admin/Delivery/Report', w.bkk.accessToken)).status).toBe(200);
      await setFlag('Service Delivery Report', false);
      expect((await api.get('/api/admin/Delivery/Report', w.bkk.accessToken)).status).toBe(403);
      expect((await api.get('/api/admin/Delivery/Report/reconcile', w.bkk.accessToken)).status).toBe(403);
    } finally {
      await setFlag('Service Delivery Report Shop', true);
      await setFlag('Service Delivery Report', true);
    }
    // Another service's staff are refused too.
    expect((await api.get('/api/admin/Delivery/Report', w.market.accessToken)).status).toBe(403);
  });
  it('days are the company’s local days (Asia/Bangkok): 23:59:59 and 00:00:00 fall on two days', async () => {
    // Move the clock to one second before the next Bangkok midnight (17:00 UTC).
    const now = api.deps.now().getTime();
    const next =
      Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 17) +
      (new Date(now).getUTCHours() >= 17 ? 86_400_000 : 0);
    api.advance(next - 1000 - now);
    const [login, admin] = await Promise.all([api.login(DEMO.bkk), api.login(DEMO.admin)]);
    const d1 = localToday(api.deps.now());
    const shopDay = async (d: string) => (await report('Report/Shop', `${day(d)}&shopId=${w.shops.bkk2}`, admin.accessToken)).totals.SumTotal;
    const before1 = await shopDay(d1);
    const late = await run('food', 'cash', 'success', 'bkk', login.accessToken);
    api.advance(1000);
    const d2 = localToday(api.deps.now());
    expect(d2 > d1).toBe(true);
    const before2 = await shopDay(d2);
    const early = await run('food', 'cash', 'success', 'bkk', login.accessToken);
    expect(await shopDay(d1)).toBe(before1 + late.total);
    expect(await shopDay(d2)).toBe(before2 + early.total);
    // A UTC day would put both on d1: 16:59:59Z and 17:00:00Z are the same UTC date.
    const week = await report('Report/Shop', `period=custom&from=${d1}&to=${d2}&shopId=${w.shops.bkk2}`, admin.accessToken);
    expect(week.totals.SumTotal).toBe(before1 + before2 + late.total + early.total);
  });
});
