import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt, max } from 'drizzle-orm';
import { orders } from '../src/db/schema';
import { zoneForRollups } from '../src/domain/company-time';
import { orderNumber } from '../src/domain/order-lifecycle';
import { bangkokDay, dayEnd, dayStart, localDay, nextDay } from '../src/domain/order-dates';
import { addOrders } from '../src/seed/orders';
import { verifyTotals } from '../src/seed/verify-totals';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { appPost, drive, foodOrder, foodToSuccess, listOf, orderWorld, placeOrder, type OrderWorld } from './order-support';

/**
 * The company's time zone (Setting/System) makes its days: report days, order-day filters, dashboard days, the date
 * in order numbers, voucher expiry and promotion periods; and a change of zone rebuilds the day-keyed rollups.
 * Pacific/Kiritimati (UTC+14) and Asia/Yangon (UTC+6:30) put some instants on another calendar day than Bangkok's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let admin: string;
let bkk: string;
const S = '/api/admin/Delivery/Setting/System';
const D = '/api/admin/Delivery';
const FOOD = listOf('food');

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Zone');
  await signIn();
});
afterAll(async () => {
  await api?.close();
});

/** Fresh tokens (a move of the clock by hours outlives the old ones). */
async function signIn(): Promise<void> {
  [admin, bkk] = (await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)])).map((l) => l.accessToken as string) as [string, string];
}

/** Setting/System's zone, saved through the admin API. */
async function setZone(timeZone: string): Promise<void> {
  const s = (await api.get(S, admin)).body.data;
  const body = { name: s.name, logoUrl: s.logoUrl, timeZone, defaultLanguage: s.defaultLanguage, distanceUnit: s.distanceUnit, version: s.version };
  const saved = await api.request('PUT', S, { token: admin, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data.timeZone).toBe(timeZone);
}

/** Moves the clock forward to an instant, then signs in again. */
async function moveTo(at: number): Promise<void> {
  const now = api.deps.now().getTime();
  expect(at).toBeGreaterThan(now);
  api.advance(at - now);
  await signIn();
}
/** The next instant whose UTC time of day is hh:mm. */
function nextUtc(hours: number, minutes: number): number {
  const now = api.deps.now();
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  return at > now.getTime() ? at : at + 86_400_000;
}

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** The report of one day for one biker of the test's own (no seeded history). */
const bikerReport = async (day: string, bikerId: number): Promise<Loose> => {
  const res = await api.get(`${D}/Report/Biker?period=custom&from=${day}&to=${day}&bikerId=${bikerId}`, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.totals;
};
/** Food orders of a day: the list's total (from the rollup), and whether an order is among them (from the orders). */
const listedOn = async (day: string, orderNo?: string): Promise<number> =>
  (await api.get(`${FOOD}?from=${day}&to=${day}&pageSize=10${orderNo ? `&orderNo=${orderNo}` : ''}`, bkk)).body.total;
const successOn = async (day: string): Promise<number> => {
  const counts = (await api.get(`${D}/OrdersStatus?kind=food&from=${day}&to=${day}`, bkk)).body.data.counts as Loose[];
  return counts.find((c) => c.status === 'success')?.count ?? 0;
};
const dashboard = async (): Promise<Loose> => (await api.get(`${D}/Dashboard`, admin)).body.data;
const ordersOn = (dash: Loose, day: string): number => dash.perDay.find((d: Loose) => d.day === day)?.orders ?? 0;

/** Where a successful order made now counts: its day in the report, the day filters, the status counts and the dashboard. */
async function figures(day: string, bikerId: number) {
  const dash = await dashboard();
  return {
    report: (await bikerReport(day, bikerId)).orders as number,
    listed: await listedOn(day),
    success: await successOn(day),
    dashboardDay: ordersOn(dash, day),
    ordersToday: dash.ordersToday as number,
  };
}

const ZONES = [
  // 10:30 UTC: 17:30 in Bangkok, already 00:30 of the next day in Kiritimati.
  { zone: 'Pacific/Kiritimati', utc: [10, 30] as const, dayAhead: 1 },
  // 17:10 UTC: 00:10 of the next day in Bangkok, still 23:40 in Yangon.
  { zone: 'Asia/Yangon', utc: [17, 10] as const, dayAhead: -1 },
];

describe.each(ZONES)("the company's days in $zone", ({ zone, utc, dayAhead }) => {
  let local: string;
  let bangkok: string;

  beforeAll(async () => {
    await setZone(zone);
    await moveTo(nextUtc(utc[0], utc[1]));
    local = localDay(api.deps.now(), zone);
    bangkok = bangkokDay(api.deps.now());
    expect(local).toBe(dayAhead > 0 ? nextDay(bangkok) : dayBefore(bangkok));
  });

  it("an order lands on the company's day: its number, the report, the day filters and the dashboard", async () => {
    const biker = w.bikers.bkk;
    const [onLocal, onBangkok] = [await figures(local, biker), await figures(bangkok, biker)];
    const order = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    await drive(api, bkk, 'food', order.id, foodToSuccess(biker));

    expect(order.orderNo).toBe(`F${yymmdd(local)}-${order.id.padStart(7, '0')}`);
    const [afterLocal, afterBangkok] = [await figures(local, biker), await figures(bangkok, biker)];
    expect(afterLocal).toEqual({
      report: onLocal.report + 1,
      listed: onLocal.listed + 1,
      success: onLocal.success + 1,
      dashboardDay: onLocal.dashboardDay + 1,
      ordersToday: onLocal.ordersToday + 1,
    });
    expect(afterBangkok).toEqual({ ...onBangkok, ordersToday: afterLocal.ordersToday });
    // The day filter on the orders themselves (an order number turns the rollup off).
    expect(await listedOn(local, order.orderNo)).toBe(1);
    expect(await listedOn(bangkok, order.orderNo)).toBe(0);
    // Today is the company's: the dashboard's last day, a report's default day.
    const dash = await dashboard();
    expect(dash.perDay.at(-1).day).toBe(local);
    expect((await api.get(`${D}/Report?period=day`, admin)).body.data).toMatchObject({ from: local, to: local });
    expect(await verifyTotals(api.deps.db)).toEqual([]);
  });

  it("a voucher is good to the end of its expiry day in the company's zone", async () => {
    const code = (tag: string) => `${zone.slice(0, 3)}${tag}${Date.now() % 100_000}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const voucher = async (expireDate: string) => {
      const res = await api.post(
        `${D}/Voucher`,
        { code: code(expireDate.slice(-2)), title: 'Zone', amountKind: 'fixed', amount: 1_000, expireDate, limitMax: 100, perUser: 50 },
        bkk,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.code as string;
    };
    const use = async (voucherCode: string) => {
      const res = await appPost(api, FOOD, foodOrder(w.members.bkk, w.shops.bkk, { voucherCode }), bkk);
      return res.status === 201 ? 'taken' : (res.body.errors?.voucherCode?.[0] as string);
    };
    // Today's voucher is good all of the company's day, wherever Bangkok's day is.
    const today = await voucher(local);
    expect(await use(today)).toBe('taken');
    if (dayAhead > 0) expect(await use(await voucher(bangkok))).toBe('voucherExpired');
    await moveTo(dayEnd(local, zone).getTime() - 1000);
    expect(await use(today)).toBe('taken');
    await moveTo(dayEnd(local, zone).getTime());
    expect(await use(today)).toBe('voucherExpired');
  });

  it("a promotion's period opens and closes at the company's midnights", async () => {
    const day = nextDay(localDay(api.deps.now(), zone));
    const made = await api.post(
      `${D}/Promotion`,
      { title: `Zone ${zone}`, imageUrl: 'https://cdn.example.com/zone.png', detail: 'One day', target: 'app', startsOn: day, endsOn: day, active: true },
      bkk,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    const state = async () => {
      const status = (await api.get(`${D}/Promotion/${id}`, bkk)).body.data.status as string;
      // What the member app shows in the area today.
      const running = await api.request('GET', `/api/app/Delivery/Promotion?areaId=${w.bangkok}`, {
        token: bkk,
        headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
      });
      return { status, listed: (running.body.data as Loose[]).some((p) => p.id === id) };
    };
    expect(await state()).toEqual({ status: 'scheduled', listed: false });
    await moveTo(dayStart(day, zone).getTime() - 1000);
    expect(await state()).toEqual({ status: 'scheduled', listed: false });
    await moveTo(dayStart(day, zone).getTime());
    expect(await state()).toEqual({ status: 'running', listed: true });
    await moveTo(dayEnd(day, zone).getTime() - 1000);
    expect(await state()).toEqual({ status: 'running', listed: true });
    await moveTo(dayEnd(day, zone).getTime());
    expect(await state()).toEqual({ status: 'ended', listed: false });
  });
});

describe('a change of zone', () => {
  it('rebuilds the day-keyed rollups in the same save: an order moves to its day in the new zone, its number stays', async () => {
    await setZone('Asia/Bangkok');
    await moveTo(nextUtc(10, 30));
    const biker = w.bikers.bkk2;
    const bangkok = bangkokDay(api.deps.now());
    const kiritimati = localDay(api.deps.now(), 'Pacific/Kiritimati');
    expect(kiritimati).toBe(nextDay(bangkok));
    const order = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
    await drive(api, bkk, 'food', order.id, foodToSuccess(biker));
    const reportOf = async (day: string) => (await bikerReport(day, biker)).SumTotal as number;
    expect([await reportOf(bangkok), await reportOf(kiritimati)]).toEqual([order.total, 0]);

    await setZone('Pacific/Kiritimati');
    expect([await reportOf(bangkok), await reportOf(kiritimati)]).toEqual([0, order.total]);
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    // 10:30 UTC is 17:00 in Yangon: Bangkok's day again.
    await setZone('Asia/Yangon');
    expect([await reportOf(bangkok), await reportOf(kiritimati)]).toEqual([order.total, 0]);
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    expect((await api.get(`${FOOD}/${order.id}`, bkk)).body.data.orderNo).toBe(order.orderNo);
    // A save that keeps the zone leaves the rollups as they are.
    await setZone('Asia/Yangon');
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    await setZone('Asia/Bangkok');
    expect(await verifyTotals(api.deps.db)).toEqual([]);
  });

  it("the seed adds history numbered and rolled up in the company's zone", async () => {
    await setZone('Pacific/Kiritimati');
    const db = api.deps.db;
    const [top] = await db.select({ last: max(orders.id) }).from(orders);
    expect(await addOrders(db, 60, { now: api.deps.now() })).toBeGreaterThan(0);
    const added = await db
      .select({ id: orders.id, kind: orders.kind, orderNo: orders.orderNo, createdAt: orders.createdAt })
      .from(orders)
      .where(gt(orders.id, top?.last ?? 0));
    expect(added.length).toBeGreaterThan(0);
    for (const o of added) expect(o.orderNo).toBe(orderNumber(o.kind, o.createdAt, o.id, 'Pacific/Kiritimati'));
    // Some of them fall on another day in Kiritimati than in Bangkok.
    expect(added.some((o) => localDay(o.createdAt, 'Pacific/Kiritimati') !== bangkokDay(o.createdAt))).toBe(true);
    expect(await verifyTotals(db)).toEqual([]);
    await setZone('Asia/Bangkok');
  });

  it('waits for a writer of day-keyed rows under way (the time lock); the writers after it read the new zone', async () => {
    const companyId = w.companyId;
    const steps: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writer = api.deps.db.transaction(async (tx) => {
      steps.push(`writer reads ${await zoneForRollups(tx, companyId)}`);
      await held;
      steps.push('writer commits');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const saving = setZone('Pacific/Kiritimati').then(() => steps.push('zone saved'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    steps.push('writer done');
    release();
    await Promise.all([writer, saving]);
    steps.push(`next writer reads ${await api.deps.db.transaction((tx) => zoneForRollups(tx, companyId))}`);
    expect(steps).toEqual(['writer reads Asia/Bangkok', 'writer done', 'writer commits', 'zone saved', 'next writer reads Pacific/Kiritimati']);
    await setZone('Asia/Bangkok');
  });

  it('offers the far zones: Kiritimati (UTC+14) and Yangon (UTC+6:30); an unknown one is refused', async () => {
    await setZone('Pacific/Kiritimati');
    await setZone('Asia/Yangon');
    const s = (await api.get(S, admin)).body.data;
    const body = {
      name: s.name,
      logoUrl: s.logoUrl,
      timeZone: 'Mars/Olympus',
      defaultLanguage: s.defaultLanguage,
      distanceUnit: s.distanceUnit,
      version: s.version,
    };
    const bad = await api.request('PUT', S, { token: admin, body });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ timeZone: expect.any(Array) });
    await setZone('Asia/Bangkok');
  });
});
