import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { pointMovements, walletTransactions } from '../src/db/schema';
import { bangkokDay, localDay, nextDay } from '../src/domain/order-dates';
import { listMovements } from '../src/domain/point-history';
import type { ServiceScope } from '../src/domain/scope';
import { listTransactions } from '../src/domain/wallets';
import { verifyPoints } from '../src/seed/verify-points';
import { verifyTotals } from '../src/seed/verify-totals';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { drive, foodOrder, foodToSuccess, orderWorld, placeOrder, type OrderWorld } from './order-support';

/**
 * The wallet lists' and the points history's days are the company's (Setting/System's time zone), as the orders'
 * are (company-time.test.ts): the day filters, the daily counts behind the totals and deep pages (`wallet_tx_daily`,
 * `point_movements_daily`), and their rebuild when the zone changes.
 */
let api: TestServer;
let w: OrderWorld;
let admin: string;
let bkk: string;
const S = '/api/admin/Delivery/Setting/System';
const D = '/api/admin/Delivery';

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Days');
  await signIn();
});
afterAll(async () => {
  await api?.close();
});

async function signIn(): Promise<void> {
  [admin, bkk] = (await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)])).map((l) => l.accessToken as string) as [string, string];
}

/** Setting/System's zone, saved through the admin API. */
async function setZone(timeZone: string): Promise<void> {
  const s = (await api.get(S, admin)).body.data;
  const body = { name: s.name, logoUrl: s.logoUrl, timeZone, defaultLanguage: s.defaultLanguage, distanceUnit: s.distanceUnit, version: s.version };
  const saved = await api.request('PUT', S, { token: admin, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Moves the clock to the next instant whose UTC time of day is hh:mm, then signs in again. */
async function moveToUtc(hours: number, minutes: number): Promise<void> {
  const now = api.deps.now();
  let at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  if (at <= now.getTime()) at += 86_400_000;
  api.advance(at - now.getTime());
  await signIn();
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** The shop wallets' transactions of a day: the list's total (the daily counts), or one wallet's (the transactions). */
const shopTxOn = async (day: string, walletId?: number): Promise<number> => {
  const res = await api.get(`${D}/Wallet/Shop?from=${day}&to=${day}&pageSize=10${walletId ? `&walletId=${walletId}` : ''}`, bkk);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total as number;
};
/** The points history of a day: the total (the daily counts), or one member's (the movements). */
const pointsOn = async (day: string, memberId?: number): Promise<number> => {
  const res = await api.get(`${D}/RewardPointHistory?from=${day}&to=${day}&pageSize=10${memberId ? `&memberId=${memberId}` : ''}`, bkk);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total as number;
};
/** What a day shows of the wallets and the points. */
const figures = async (day: string, walletId: number) => ({
  shopTx: await shopTxOn(day),
  walletTx: await shopTxOn(day, walletId),
  points: await pointsOn(day),
  memberPoints: await pointsOn(day, w.members.bkk),
});

let serial = 0;
/** An order placed through the app channel and driven to success: the shop's wallet is paid; then a grant of points. */
async function moneyAndPoints(): Promise<{ walletId: number; shopTx: number; points: number }> {
  const movements = async () => (await api.deps.db.select({ n: count() }).from(pointMovements).where(eq(pointMovements.memberId, w.members.bkk)))[0]!.n;
  const pointsBefore = await movements();
  const order = await placeOrder(api, bkk, 'food', foodOrder(w.members.bkk, w.shops.bkk));
  await drive(api, bkk, 'food', order.id, foodToSuccess(w.bikers.bkk));
  const rows = await api.deps.db
    .select({ walletId: walletTransactions.walletId })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.orderId, Number(order.id)), eq(walletTransactions.ownerType, 'shop')));
  expect(rows.length).toBeGreaterThan(0);
  const granted = await api.post(
    `${D}/RewardPointHistory`,
    { memberId: String(w.members.bkk), amount: 5, reason: 'Zone', idempotencyKey: `days-${process.pid}-${serial++}` },
    bkk,
  );
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
  return { walletId: rows[0]!.walletId, shopTx: rows.length, points: (await movements()) - pointsBefore };
}

const scope = (): ServiceScope => ({
  companyId: w.companyId,
  officeId: 0,
  userId: 0,
  role: 'admin',
  root: false,
  appId: w.deliveryApp,
  appType: 'Delivery',
  areaId: null,
});

const ZONES = [
  // 10:30 UTC: 17:30 in Bangkok, already 00:30 of the next day in Kiritimati (UTC+14).
  { zone: 'Pacific/Kiritimati', utc: [10, 30] as const, ahead: true },
  // 17:10 UTC: 00:10 of the next day in Bangkok, still 23:40 in Yangon (UTC+6:30).
  { zone: 'Asia/Yangon', utc: [17, 10] as const, ahead: false },
];

describe.each(ZONES)("the wallets' and points' days in $zone", ({ zone, utc, ahead }) => {
  it("a transaction and a movement land on the company's day: the day filters, the daily counts and the deep pages", async () => {
    await setZone(zone);
    await moveToUtc(utc[0], utc[1]);
    const local = localDay(api.deps.now(), zone);
    const bangkok = bangkokDay(api.deps.now());
    expect(local).toBe(ahead ? nextDay(bangkok) : dayBefore(bangkok));

    const probe = await moneyAndPoints();
    const [onLocal, onBangkok] = [await figures(local, probe.walletId), await figures(bangkok, probe.walletId)];
    const made = await moneyAndPoints();
    expect(made.walletId).toBe(probe.walletId);
    expect(await figures(local, probe.walletId)).toEqual({
      shopTx: onLocal.shopTx + made.shopTx,
      walletTx: onLocal.walletTx + made.shopTx,
      points: onLocal.points + made.points,
      memberPoints: onLocal.memberPoints + made.points,
    });
    expect(await figures(bangkok, probe.walletId)).toEqual(onBangkok);

    // A deep page starts at the company's day the daily counts place it in: the same rows as walking.
    for (const order of ['asc', 'desc'] as const) {
      const query = { page: 1, pageSize: 10, sort: 'createdAt', order, from: local, to: local } as Parameters<typeof listTransactions>[3];
      const [walked, deep] = [
        await listTransactions(api.deps.db, scope(), 'shop', query, Number.MAX_SAFE_INTEGER),
        await listTransactions(api.deps.db, scope(), 'shop', query, 0),
      ];
      expect(deep.rows.map((r) => r.id)).toEqual(walked.rows.map((r) => r.id));
      expect(walked.rows.length).toBeGreaterThan(0);
      const points = { page: 1, pageSize: 10 as const, sort: 'createdAt' as const, order, from: local, to: local };
      const [pWalked, pDeep] = [
        await listMovements(api.deps.db, scope(), null, points, Number.MAX_SAFE_INTEGER),
        await listMovements(api.deps.db, scope(), null, points, 0),
      ];
      expect(pDeep.rows.map((r) => r.id)).toEqual(pWalked.rows.map((r) => r.id));
      expect(pWalked.rows.length).toBeGreaterThan(0);
    }
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    expect(await verifyPoints(api.deps.db)).toEqual([]);
  });
});

describe('a change of zone', () => {
  it("rebuilds the wallets' and points' daily counts in the same save", async () => {
    await setZone('Asia/Bangkok');
    await moveToUtc(10, 30);
    const bangkok = bangkokDay(api.deps.now());
    const kiritimati = localDay(api.deps.now(), 'Pacific/Kiritimati');
    const made = await moneyAndPoints();
    const walletId = made.walletId;
    const before = { bangkok: await figures(bangkok, walletId), kiritimati: await figures(kiritimati, walletId) };
    expect(before.kiritimati).toEqual({ shopTx: 0, walletTx: 0, points: 0, memberPoints: 0 });

    await setZone('Pacific/Kiritimati');
    const after = { bangkok: await figures(bangkok, walletId), kiritimati: await figures(kiritimati, walletId) };
    // Kiritimati's next day (10:00 to 10:00 UTC) holds just what was made at 10:30 UTC; the rows agree with a GROUP BY.
    expect(after.kiritimati).toEqual({ shopTx: made.shopTx, walletTx: made.shopTx, points: made.points, memberPoints: made.points });
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    expect(await verifyPoints(api.deps.db)).toEqual([]);

    await setZone('Asia/Bangkok');
    expect(await figures(bangkok, walletId)).toEqual(before.bangkok);
    expect(await verifyTotals(api.deps.db)).toEqual([]);
    expect(await verifyPoints(api.deps.db)).toEqual([]);
  });
});
