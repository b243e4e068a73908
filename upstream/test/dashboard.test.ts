import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

/**
 * The dashboards' order figures against counts made here, straight from the orders, shops, bikers and members (a
 * GROUP BY through the test's own database handle), for an admin, staff of each area and the company dashboard.
 */
let api: TestServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let admin: any, bkk: any, cnx: any, market: any;

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
const bangkokToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Row = Record<string, string | number | null>;
const query = async (text: string): Promise<Row[]> => ((await api.db.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
const n = (value: unknown) => Number(value ?? 0);

/** What the dashboard of a place should say, counted from the source tables. */
async function expected(apps: number[], areaId: number | null) {
  const today = bangkokToday();
  const month = `${today.slice(0, 8)}01`;
  const first = shift(today, -29);
  const where = (t: string) => `${t}.app_id IN (${apps.join(',')})${areaId === null ? '' : ` AND ${t}.area_id = ${areaId}`}`;
  const day = `(o.created_at AT TIME ZONE 'Asia/Bangkok')::date::text`;
  const rows = await query(`SELECT ${day} AS day, o.status, count(*) AS orders, sum(o.total) AS amount, sum(o.app_share) AS share
    FROM orders o WHERE ${where('o')} GROUP BY 1, 2`);
  const success = rows.filter((r) => r.status === 'success');
  const perDay = Array.from({ length: 30 }, (_, i) => {
    const d = shift(first, i);
    return {
      day: d,
      orders: rows.filter((r) => r.day === d).reduce((s, r) => s + n(r.orders), 0),
      amount: success.filter((r) => r.day === d).reduce((s, r) => s + n(r.amount), 0),
    };
  });
  const recent = rows.filter((r) => String(r.day) >= first);
  const top = await query(`SELECT o.shop_id::text AS "shopId", s.name, count(*)::int AS orders, sum(o.total)::int AS amount FROM orders o
    JOIN shops s ON s.id = o.shop_id WHERE ${where('o')} AND o.status = 'success' AND ${day} >= '${month}'
    GROUP BY o.shop_id, s.name ORDER BY 3 DESC, 4 DESC, o.shop_id LIMIT 5`);
  const [counts] = await query(`SELECT
      (SELECT count(*) FROM shops s WHERE ${where('s')} AND s.deleted_at IS NULL AND s.status = 'active') AS "activeShops",
      (SELECT count(*) FROM bikers b WHERE ${where('b')} AND b.deleted_at IS NULL AND b.presence = 'online') AS "onlineBikers",
      (SELECT count(*) FROM members m WHERE ${where('m')} AND m.deleted_at IS NULL AND m.created_at >= '${month}T00:00:00+07:00') AS "newMembersMonth"`);
  return {
    ordersToday: rows.filter((r) => r.day === today).reduce((s, r) => s + n(r.orders), 0),
    ordersMonth: rows.filter((r) => String(r.day) >= month).reduce((s, r) => s + n(r.orders), 0),
    revenueMonth: success.filter((r) => String(r.day) >= month).reduce((s, r) => s + n(r.amount), 0),
    commissionMonth: success.filter((r) => String(r.day) >= month).reduce((s, r) => s + n(r.share), 0),
    activeShops: n(counts!.activeShops),
    onlineBikers: n(counts!.onlineBikers),
    newMembersMonth: n(counts!.newMembersMonth),
    perDay,
    perStatus: STATUSES.map((status) => ({ status, count: recent.filter((r) => r.status === status).reduce((s, r) => s + n(r.orders), 0) })),
    topShops: top.map((t) => ({ ...t, orders: n(t.orders), amount: n(t.amount) })),
  };
}

const appIdOf = (login: { userData: { appid: string } }) => Number(login.userData.appid);
const areaIdOf = (login: { userData: { area: string } }) => Number(login.userData.area);

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

describe('service dashboard', () => {
  it("gives an admin the whole app's figures", async () => {
    const delivery = await api.get('/api/admin/Delivery/Dashboard', admin.accessToken);
    expect(delivery.status).toBe(200);
    expect(delivery.body.data).toMatchObject(await expected([appIdOf(bkk)], null));
    expect(delivery.body.data.ordersMonth).toBeGreaterThan(0);
    expect(delivery.body.data.topShops.length).toBeGreaterThan(0);
    const marketplace = await api.get('/api/admin/Marketplace/Dashboard', admin.accessToken, { appid: market.userData.appid });
    expect(marketplace.body.data).toMatchObject(await expected([appIdOf(market)], null));
  });

  it("gives staff their own area's figures only", async () => {
    for (const staff of [bkk, cnx]) {
      const mine = await api.get('/api/admin/Delivery/Dashboard', staff.accessToken);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject(await expected([appIdOf(staff)], areaIdOf(staff)));
    }
    const bangkok = (await api.get('/api/admin/Delivery/Dashboard', bkk.accessToken)).body.data;
    const whole = (await api.get('/api/admin/Delivery/Dashboard', admin.accessToken)).body.data;
    expect(bangkok.ordersMonth).toBeLessThan(whole.ordersMonth);
    const shopAreas = await query(
      `SELECT DISTINCT area_id FROM shops WHERE id IN (${bangkok.topShops.map((s: { shopId: string }) => Number(s.shopId)).join(',') || 0})`,
    );
    expect(shopAreas.map((r) => n(r.area_id))).toEqual(bangkok.topShops.length ? [areaIdOf(bkk)] : []);
    const marketStaff = await api.get('/api/admin/Marketplace/Dashboard', market.accessToken);
    expect(marketStaff.body.data).toMatchObject(await expected([appIdOf(market)], areaIdOf(market)));
  });

  it('answers 30 consecutive days ending today, zero-filled, and every status in lifecycle order', async () => {
    const data = (await api.get('/api/admin/Delivery/Dashboard', cnx.accessToken)).body.data;
    const days = data.perDay.map((d: { day: string }) => d.day);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(bangkokToday());
    expect(days).toEqual(days.map((_: string, i: number) => shift(days[0], i)));
    expect(data.perStatus.map((s: { status: string }) => s.status)).toEqual(STATUSES);
    expect(data.perDay.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(
      data.perStatus.reduce((s: number, d: { count: number }) => s + d.count, 0),
    );
  });
});

describe('company dashboard', () => {
  it('gives an admin every app and area of the company, and staff their own app and area', async () => {
    const apps = (await query(`SELECT id FROM apps WHERE company_id = ${Number(admin.userData.companies)}`)).map((r) => n(r.id));
    const company = await api.get('/api/admin/Dashboard', admin.accessToken);
    expect(company.body.data).toMatchObject({ apps: 2, areas: 6, staffUsers: 3, ...(await expected(apps, null)) });
    const staff = await api.get('/api/admin/Dashboard', bkk.accessToken);
    expect(staff.body.data).toMatchObject({ apps: 1, areas: 1, ...(await expected([appIdOf(bkk)], areaIdOf(bkk))) });
    expect(company.body.data.ordersMonth).toBeGreaterThan(staff.body.data.ordersMonth);
  });

  it("gives another company zeros, with the 30 days still there, and none of the demo company's shops", async () => {
    const other = await api.post('/api/admin/auth/register', { displayName: 'Empty Co', email: 'owner@empty.example', password: 'secret12' });
    const data = (await api.get('/api/admin/Dashboard', other.body.accessToken)).body.data;
    expect(data).toMatchObject({ apps: 0, ordersToday: 0, ordersMonth: 0, revenueMonth: 0, commissionMonth: 0, activeShops: 0, onlineBikers: 0, topShops: [] });
    expect(data.perDay).toHaveLength(30);
    expect(data.perDay.every((d: { orders: number; amount: number }) => d.orders === 0 && d.amount === 0)).toBe(true);
    expect(data.perStatus.every((s: { count: number }) => s.count === 0)).toBe(true);
  });
});
