import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { users } from '../src/db/schema';
import { grantService } from '../src/domain/permissions';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const R = '/api/admin/Delivery/Review';
const RB = '/api/admin/Delivery/Review/Biker';
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const patch = (path: string, body: unknown, token: string) => api.request('PATCH', path, { token, body });
const appPost = (path: string, body: unknown, token: string) => api.request('POST', path, { token, body, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

describe('the seeded reviews', () => {
  it('rate only successful orders, skewed to 4 and 5 stars, a few hidden with a reason', async () => {
    const [stats] = await query(`SELECT count(*)::int AS n,
      count(*) FILTER (WHERE r.stars >= 4)::int AS high,
      count(*) FILTER (WHERE r.hidden)::int AS hidden,
      count(*) FILTER (WHERE r.hidden AND (r.hidden_reason IS NULL OR r.hidden_by IS NULL))::int AS unexplained,
      count(*) FILTER (WHERE o.status <> 'success')::int AS unsuccessful,
      count(*) FILTER (WHERE r.created_at > now() OR r.created_at < o.created_at)::int AS misdated,
      count(*) FILTER (WHERE r.target = 'shop')::int AS shop, count(*) FILTER (WHERE r.target = 'biker')::int AS biker,
      count(*) FILTER (WHERE r.target = 'biker' AND o.shop_id IS NOT NULL)::int AS biker_of_food,
      count(*) FILTER (WHERE r.target = 'biker' AND o.shop_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM ratings s WHERE s.order_id = r.order_id AND s.target = 'shop'))::int AS biker_alone
      FROM ratings r JOIN orders o ON o.id = r.order_id`);
    expect(stats.n).toBeGreaterThan(20);
    expect(stats.unsuccessful).toBe(0);
    expect(stats.misdated).toBe(0);
    expect(stats.unexplained).toBe(0);
    expect(stats.high / stats.n).toBeGreaterThan(0.6);
    // A member who reviews the biker of a shop's order has reviewed the shop too.
    expect(stats.biker_alone).toBe(0);
    expect(stats.shop).toBeGreaterThan(stats.biker_of_food);
    expect(stats.biker).toBeGreaterThan(0);
  });
});

describe('the review lists', () => {
  it('show staff their own area only, an admin every area', async () => {
    const mine = await api.get(`${R}?pageSize=100`, bkk.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(new Set(mine.body.data.map((r: Loose) => r.areaName))).toEqual(new Set(['Bangkok']));
    const all = await api.get(`${R}?pageSize=100`, admin.accessToken);
    expect(all.body.total).toBeGreaterThan(mine.body.total);
    expect(new Set(all.body.data.map((r: Loose) => r.areaName)).size).toBeGreaterThan(1);
    // Another area's review is not found for staff.
    const other = all.body.data.find((r: Loose) => r.areaName !== 'Bangkok');
    expect((await api.get(`${R}/${other.id}`, bkk.accessToken)).status).toBe(404);
    // The bikers' reviews name the biker, the shops' the shop.
    const bikers = (await api.get(`${RB}?pageSize=10`, bkk.accessToken)).body.data as Loose[];
    expect(bikers.length).toBeGreaterThan(0);
    for (const r of bikers) expect(r).toMatchObject({ target: 'biker', shopId: null, targetName: r.bikerName });
    for (const r of mine.body.data as Loose[]) expect(r).toMatchObject({ target: 'shop', bikerId: null, targetName: r.shopName });
  });

  it('filter by stars, hidden and order number, and sort by date', async () => {
    const fives = (await api.get(`${R}?stars=5&pageSize=100`, admin.accessToken)).body.data as Loose[];
    expect(fives.length).toBeGreaterThan(0);
    expect(fives.every((r) => r.stars === 5)).toBe(true);
    const hidden = (await api.get(`${R}?hidden=true&pageSize=100`, admin.accessToken)).body.data as Loose[];
    expect(hidden.every((r) => r.hidden && r.visibility === 'hidden' && r.hiddenReason)).toBe(true);
    const some = fives[0];
    const byNo = (await api.get(`${R}?q=${encodeURIComponent(some.orderNo)}`, admin.accessToken)).body.data as Loose[];
    expect(byNo.map((r) => r.id)).toEqual([some.id]);
    const asc = (await api.get(`${R}?sort=createdAt&order=asc&pageSize=100`, admin.accessToken)).body.data as Loose[];
    const times = asc.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await api.get(`${R}?stars=6`, admin.accessToken)).status).toBe(400);
  });
});

describe("Marketplace's ShopRating", () => {
  it('lists the same rows as its Review list', async () => {
    const M = '/api/admin/Marketplace';
    const [ratings, reviews] = await Promise.all([
      api.get(`${M}/ShopRating?pageSize=100`, admin.accessToken),
      api.get(`${M}/Review?pageSize=100`, admin.accessToken),
    ]);
    expect(ratings.status).toBe(200);
    expect(ratings.body.total).toBeGreaterThan(0);
    expect(ratings.body.total).toBe(reviews.body.total);
    expect(ratings.body.data.map((r: Loose) => r.id)).toEqual(reviews.body.data.map((r: Loose) => r.id));
    const delivery = (await api.get(`${R}?pageSize=100`, admin.accessToken)).body.data as Loose[];
    const ids = new Set(delivery.map((r) => r.id));
    expect((ratings.body.data as Loose[]).some((r) => ids.has(r.id))).toBe(false);
    // Delivery has no ShopRating page, so no such path for staff.
    expect((await api.get('/api/admin/Delivery/ShopRating', bkk.accessToken)).status).toBe(403);
  });
});

describe('hiding a review', () => {
  it('takes it out of the average, and showing it again puts it back', async () => {
    const list = (await api.get(`${R}?hidden=false&stars=1&pageSize=100`, bkk.accessToken)).body.data as Loose[];
    const low = list[0] ?? ((await api.get(`${R}?hidden=false&sort=stars&order=asc`, bkk.accessToken)).body.data as Loose[])[0];
    const before = (await api.get(`${R}/${low.id}`, bkk.accessToken)).body.data;
    expect(before.summary).toMatchObject({ targetId: low.shopId, targetName: low.shopName });
    expect(before.summary.average).toMatch(/^\d\.\d\d$/);
    const [expected] = await query<{ avg: string; n: number }>(
      `SELECT round(avg(stars)::numeric, 2)::text AS avg, count(*)::int AS n FROM ratings WHERE shop_id = ${Number(low.shopId)} AND target = 'shop' AND NOT hidden AND area_id = ${Number(low.areaId)}`,
    );
    expect(before.summary.average).toBe(expected!.avg);
    expect(before.summary.count).toBe(expected!.n);
    const dist = before.summary.distribution;
    expect(dist[1] + dist[2] + dist[3] + dist[4] + dist[5]).toBe(before.summary.count);

    const hidden = await patch(`${R}/${low.id}/hide`, { reason: 'Offensive language' }, bkk.accessToken);
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ hidden: true, visibility: 'hidden', hiddenReason: 'Offensive language', version: before.version + 1 });
    expect(hidden.body.data.hiddenBy.displayName).toBeTruthy();
    expect(hidden.body.data.hiddenAt).toBeTruthy();
    const after = (await api.get(`${R}/${low.id}`, bkk.accessToken)).body.data;
    expect(after.summary.count).toBe(before.summary.count - 1);
    expect(after.summary.distribution[low.stars]).toBe(dist[low.stars] - 1);
    if (after.summary.count > 0 && before.summary.average !== `${low.stars}.00`) expect(after.summary.average).not.toBe(before.summary.average);
    const summaries = (await api.get(`${R}/Summary?targetId=${low.shopId}`, bkk.accessToken)).body;
    expect(summaries.data).toEqual([expect.objectContaining({ targetId: low.shopId, count: after.summary.count, average: after.summary.average })]);
    expect((await patch(`${R}/${low.id}/hide`, { reason: 'again' }, bkk.accessToken)).status).toBe(409);

    const shown = await patch(`${R}/${low.id}/unhide`, {}, bkk.accessToken);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ hidden: false, hiddenReason: null, hiddenBy: null, version: before.version + 2 });
    const restored = (await api.get(`${R}/${low.id}`, bkk.accessToken)).body.data;
    expect(restored.summary).toEqual(before.summary);
    expect((await patch(`${R}/${low.id}/unhide`, {}, bkk.accessToken)).status).toBe(409);
  });

  it('needs a reason of at most 200 characters', async () => {
    const [row] = (await api.get(`${RB}?hidden=false`, bkk.accessToken)).body.data as Loose[];
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      const res = await patch(`${RB}/${row.id}/hide`, body, bkk.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['reason']);
    }
    expect((await api.get(`${RB}/${row.id}`, bkk.accessToken)).body.data.hidden).toBe(false);
  });
});

describe('permissions', () => {
  it('refuse a role without read on the lists, and without write on hide and unhide', async () => {
    // staff.cnx has only the dashboard.
    for (const path of [R, RB, `${R}/Summary`, `${R}/1`]) expect((await api.get(path, cnx.accessToken)).status, path).toBe(403);
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: false, create: true, delete: true });
    api.advance(5_000); // past the permission cache
    const [row] = (await api.get(`${R}?hidden=false`, cnx.accessToken)).body.data as Loose[];
    expect(row.areaName).toBe('Chiang Mai');
    expect((await patch(`${R}/${row.id}/hide`, { reason: 'Spam' }, cnx.accessToken)).status).toBe(403);
    expect((await patch(`${R}/${row.id}/unhide`, {}, cnx.accessToken)).status).toBe(403);
    expect((await api.get(`${R}/${row.id}`, cnx.accessToken)).body.data.hidden).toBe(false);
  });
});

describe('a member rating an order (the member app)', () => {
  it('is refused for an order that is not a success, accepted once for a successful one', async () => {
    const [open] = await query<{ order_no: string }>(
      `SELECT o.order_no FROM orders o JOIN areas a ON a.id = o.area_id JOIN apps p ON p.id = o.app_id
       WHERE p.app_type = 'Delivery' AND o.status <> 'success' AND o.shop_id IS NOT NULL ORDER BY o.id LIMIT 1`,
    );
    const refused = await appPost('/api/app/Delivery/Review', { orderNo: open!.order_no, target: 'shop', stars: 5 }, admin.accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ orderNo: ['invalidTransition'] });

    const [done] = await query<{ id: number; order_no: string; shop_name: string }>(
      `SELECT o.id, o.order_no, s.name AS shop_name FROM orders o JOIN apps p ON p.id = o.app_id JOIN shops s ON s.id = o.shop_id
       WHERE p.app_type = 'Delivery' AND o.status = 'success'
         AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.order_id = o.id AND r.target = 'shop') ORDER BY o.id LIMIT 1`,
    );
    const body = { orderId: String(done!.id), target: 'shop', stars: 4, comment: 'Quick and warm' };
    const first = await appPost('/api/app/Delivery/Review', body, admin.accessToken);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ orderNo: done!.order_no, shopName: done!.shop_name, stars: 4, comment: 'Quick and warm', hidden: false });
    const again = await appPost('/api/app/Delivery/Review', { ...body, orderId: undefined, orderNo: done!.order_no, stars: 1 }, admin.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, stars: 4 });
    const listed = (await api.get(`${R}?q=${encodeURIComponent(done!.order_no)}`, admin.accessToken)).body.data as Loose[];
    expect(listed.map((r) => r.id)).toEqual([first.body.data.id]);

    expect((await appPost('/api/app/Delivery/Review', { target: 'shop', stars: 4 }, admin.accessToken)).status).toBe(400);
    expect((await appPost('/api/app/Delivery/Review', { ...body, stars: 6 }, admin.accessToken)).status).toBe(400);
    // Without the app channel's key, or on the back-office path, it is refused.
    expect((await api.post('/api/app/Delivery/Review', body, admin.accessToken)).status).toBe(403);
  });
});
