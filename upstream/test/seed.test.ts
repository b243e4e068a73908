import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { seed } from '../src/seed';
import { DEMO_BIKERS, DEMO_MEMBERS } from '../src/seed/data';
import { addOrders } from '../src/seed/orders';
import { verifyOrders } from '../src/seed/verify-orders';
import { verifyTotals } from '../src/seed/verify-totals';
import { startTestServer, TEST_SEED_VOLUME, type TestServer } from './helpers';

/** 12:30 in Bangkok: the seed's clock, so its history is the same on every run. */
const NOW = new Date('2026-11-22T05:30:00Z');
const COST = { N: 1024, r: 8, p: 1, keyLength: 32 };
const STATUSES = [
  'member_create_order_waiting_payment',
  'member_create_order',
  'member_create_order_payment_success',
  'shop_receive_order',
  'biker_receive_order',
  'biker_to_shop',
  'food_otw',
  'biker_to_member',
  'success',
  'fail',
  'member_cancel_order',
  'shop_cancel_order',
  'admin_cancel_order',
];

// The empty databases of test servers (PGlite, or PostgreSQL with DATABASE_URL), seeded here with a fixed clock.
let first: TestServer;
let second: TestServer;
let db: Db;

type Row = Record<string, unknown>;
const query = async <T = Row>(text: string, on: Db = db): Promise<T[]> => ((await on.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const one = async (text: string, on: Db = db): Promise<Row> => (await query(text, on))[0]!;
const n = (value: unknown) => Number(value);

beforeAll(async () => {
  [first, second] = await Promise.all([startTestServer({}, { seed: false }), startTestServer({}, { seed: false })]);
  db = first.db.db;
  await seed(db, COST, NOW, TEST_SEED_VOLUME);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe('the demo order history', () => {
  it('writes the volume asked for', async () => {
    const counts = await one(`SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM bikers) AS bikers,
      (SELECT count(*) FROM orders WHERE kind = 'food') AS food, (SELECT count(*) FROM orders WHERE kind = 'parcel') AS parcels`);
    expect([counts.members, counts.bikers, counts.food, counts.parcels].map(n)).toEqual([
      TEST_SEED_VOLUME.members,
      TEST_SEED_VOLUME.bikers,
      TEST_SEED_VOLUME.orders,
      TEST_SEED_VOLUME.parcels,
    ]);
  });

  it('spreads the orders over 90 Bangkok days, both apps, the areas, every status and payment method', async () => {
    const span = await one(`SELECT min(created_at AT TIME ZONE 'Asia/Bangkok')::date::text AS first, max(created_at) <= '${NOW.toISOString()}' AS past,
      count(DISTINCT (created_at AT TIME ZONE 'Asia/Bangkok')::date) AS days FROM orders`);
    expect(span.first! >= '2026-08-25').toBe(true);
    expect(span.past).toBe(true);
    expect(n(span.days)).toBeGreaterThan(60);
    expect((await query<{ status: string }>(`SELECT DISTINCT status FROM orders`)).map((r) => r.status).sort()).toEqual([...STATUSES].sort());
    expect((await query<{ m: string }>(`SELECT DISTINCT payment_method AS m FROM orders ORDER BY 1`)).map((r) => r.m)).toEqual([
      'cash',
      'credit_card',
      'paypal',
      'promptpay',
      'wallet',
    ]);
    const where = await query<{ app: string; area: string; n: string; newest: string }>(`SELECT ap.app_type AS app, ar.name AS area, count(*) AS n,
        max(o.created_at)::text AS newest FROM orders o JOIN apps ap ON ap.id = o.app_id JOIN areas ar ON ar.id = o.area_id GROUP BY 1, 2`);
    const count = (app: string | null, area: string | null) =>
      where.filter((w) => (!app || w.app === app) && (!area || w.area === area)).reduce((s, w) => s + n(w.n), 0);
    expect(count('Delivery', null)).toBeGreaterThan(count('Marketplace', null));
    expect(count(null, 'Bangkok')).toBeGreaterThan(count(null, 'Chiang Mai'));
    expect(count('Marketplace', 'Bangkok')).toBeGreaterThan(0);
    // Phuket's area is closed: at most a few old orders.
    expect(count(null, 'Phuket')).toBeLessThan(count(null, 'Chiang Mai') / 5);
    const recentInClosed = await one(`SELECT count(*) AS n FROM orders o JOIN areas a ON a.id = o.area_id WHERE a.status = 'AreaClose'
      AND o.created_at > '${NOW.toISOString()}'::timestamptz - interval '45 days'`);
    expect(n(recentInClosed.n)).toBe(0);
  });

  it('keeps the orders in flight recent, with active bikers who are not offline', async () => {
    const flight = await query<{ recent: boolean; presence: string | null; status: string | null; biker_id: number | null; order_status: string }>(`
      SELECT o.created_at > '${NOW.toISOString()}'::timestamptz - interval '2 hours' AS recent, o.status AS order_status, o.biker_id, b.presence, b.status
      FROM orders o LEFT JOIN bikers b ON b.id = o.biker_id
      WHERE o.status NOT IN ('success', 'fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order')`);
    expect(flight.length).toBeGreaterThanOrEqual(20);
    expect(flight.every((f) => f.recent)).toBe(true);
    const assigned = flight.filter((f) => ['biker_receive_order', 'biker_to_shop', 'food_otw', 'biker_to_member'].includes(f.order_status));
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.every((f) => f.biker_id !== null && f.presence !== 'offline' && f.status === 'active')).toBe(true);
  });

  it('gives bikers every presence and a position near their area, members unique phones, and the demo people orders', async () => {
    expect((await query<{ p: string }>(`SELECT DISTINCT presence AS p FROM bikers ORDER BY 1`)).map((r) => r.p)).toEqual(['away', 'dnd', 'offline', 'online']);
    const far = await one(`SELECT count(*) AS n FROM bikers b JOIN areas a ON a.id = b.area_id WHERE abs(b.lat - CASE a.name WHEN 'Bangkok' THEN 13.7563
      WHEN 'Chiang Mai' THEN 18.7883 ELSE 7.8804 END) > 0.05 OR abs(b.lng - CASE a.name WHEN 'Bangkok' THEN 100.5018 WHEN 'Chiang Mai' THEN 98.9853 ELSE 98.3923 END) > 0.05`);
    expect(n(far.n)).toBe(0);
    expect(n((await one(`SELECT count(*) - count(DISTINCT phone) AS n FROM members`)).n)).toBe(0);
    const names = [...DEMO_MEMBERS.map((m) => m.name), ...DEMO_BIKERS.map((b) => b.name)];
    const withOrders = await query<{ name: string }>(`SELECT m.name FROM members m WHERE EXISTS (SELECT 1 FROM orders o WHERE o.member_id = m.id)
      UNION SELECT b.name FROM bikers b WHERE EXISTS (SELECT 1 FROM orders o WHERE o.biker_id = b.id)`);
    expect(names.filter((name) => !withOrders.some((w) => w.name === name))).toEqual([]);
  });

  it("follows the API's rules: histories through the lifecycle, numbers, items, split and ledger legs", async () => {
    const { checked, problems } = await verifyOrders(db);
    expect(problems).toEqual([]);
    expect(checked).toBe(TEST_SEED_VOLUME.orders + TEST_SEED_VOLUME.parcels);
  });

  it('keeps balances equal to their transactions and the rollups equal to a GROUP BY of the orders', async () => {
    expect(await verifyTotals(db)).toEqual([]);
    const sums = await one(`SELECT (SELECT sum(orders) FROM order_daily) AS daily, (SELECT count(*) FROM orders) AS orders,
      (SELECT sum(orders) FROM shop_daily) AS shops, (SELECT count(*) FROM orders WHERE status = 'success' AND kind = 'food') AS success`);
    expect(n(sums.daily)).toBe(n(sums.orders));
    expect(n(sums.shops)).toBe(n(sums.success));
    expect(n((await one(`SELECT count(*) AS n FROM commission_configs`)).n)).toBe(2);
  });

  it('notices a history, a balance and a rollup that went wrong', async () => {
    const found = { orders: [] as string[], totals: [] as string[] };
    // The damage is rolled back: the transaction ends with an error.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql.raw(`UPDATE orders SET status = 'fail' WHERE id = (SELECT min(id) FROM orders WHERE status = 'success')`));
        await tx.execute(sql.raw(`UPDATE wallets SET balance = balance + 1 WHERE id = (SELECT min(id) FROM wallets)`));
        await tx.execute(sql.raw(`UPDATE order_daily SET orders = orders + 1 WHERE day = (SELECT max(day) FROM order_daily)`));
        found.orders = (await verifyOrders(tx)).problems;
        found.totals = await verifyTotals(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(found.orders.some((p) => p.includes('history ends in success'))).toBe(true);
    expect(found.totals.some((p) => p.startsWith('wallet balance differs'))).toBe(true);
    expect(found.totals.some((p) => p.startsWith('order_daily differs'))).toBe(true);
  });

  it('is repeatable: the same clock writes the same history', async () => {
    const other = second.db.db;
    await seed(other, COST, NOW, TEST_SEED_VOLUME);
    const digest = `SELECT md5(string_agg(concat_ws('|', o.order_no, o.status, o.total, o.payment_method, m.phone, o.created_at, o.biker_id), ',' ORDER BY o.id)) AS d
      FROM orders o JOIN members m ON m.id = o.member_id`;
    expect((await one(digest, other)).d).toBe((await one(digest)).d);
  });

  it('seeds promotions around its clock and 5 to 8 popular shops per area, the same on every run', async () => {
    const perArea = await query<{ area_id: number; ended: string; running: string; scheduled: string; off: string; popular: string }>(
      `SELECT a.id AS area_id,
        (SELECT count(*) FROM promotions p WHERE p.area_id = a.id AND p.active AND p.ends_on < '2026-11-22') AS ended,
        (SELECT count(*) FROM promotions p WHERE p.area_id = a.id AND p.active AND p.starts_on <= '2026-11-22' AND p.ends_on >= '2026-11-22') AS running,
        (SELECT count(*) FROM promotions p WHERE p.area_id = a.id AND p.active AND p.starts_on > '2026-11-22') AS scheduled,
        (SELECT count(*) FROM promotions p WHERE p.area_id = a.id AND NOT p.active) AS off,
        (SELECT count(*) FROM popular_shops s WHERE s.area_id = a.id) AS popular
      FROM areas a WHERE EXISTS (SELECT 1 FROM shops s WHERE s.area_id = a.id AND s.status = 'active') ORDER BY a.id`,
    );
    expect(perArea.length).toBeGreaterThan(2);
    for (const area of perArea) {
      expect([area.ended, area.running, area.scheduled, area.off].map(n).every((c) => c >= 1)).toBe(true);
      expect(n(area.popular)).toBeGreaterThanOrEqual(5);
      expect(n(area.popular)).toBeLessThanOrEqual(8);
    }
    // A shops promotion names live shops of its own area only.
    const foreign = await one(`SELECT count(*) AS n FROM promotions p CROSS JOIN jsonb_array_elements_text(p.shop_ids) AS e(shop_id)
      LEFT JOIN shops s ON s.id = e.shop_id::int WHERE s.id IS NULL OR s.area_id <> p.area_id OR s.deleted_at IS NOT NULL`);
    expect(n(foreign.n)).toBe(0);
    const digest = `SELECT md5(string_agg(concat_ws('|', p.title, p.target, p.shop_ids::text, p.starts_on, p.ends_on, p.active), ',' ORDER BY p.id))
      || (SELECT md5(string_agg(concat_ws('|', s.shop_id, s.sort_order), ',' ORDER BY s.id)) FROM popular_shops s) AS d FROM promotions p`;
    expect((await one(digest, second.db.db)).d).toBe((await one(digest)).d);
  });

  it('adds orders in chunks to an existing database, keeping everything consistent', async () => {
    const before = n((await one(`SELECT count(*) AS n FROM orders WHERE kind = 'food'`)).n);
    const written = await addOrders(db, 400, { chunk: 150, now: NOW });
    expect(written).toBe(440);
    expect(n((await one(`SELECT count(*) AS n FROM orders WHERE kind = 'food'`)).n)).toBe(before + 400);
    expect(await verifyTotals(db)).toEqual([]);
    expect((await verifyOrders(db)).problems).toEqual([]);
  });
});
