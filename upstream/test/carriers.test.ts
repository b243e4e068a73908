import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const C = '/api/admin/Marketplace/Carrier';
const P = '/api/admin/Marketplace/Manage/Packages';
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const carrier = (extra: Record<string, unknown> = {}) => ({
  name: 'Kerry Express',
  status: 'active',
  maxWeight: 5000,
  bands: [
    { s_weight: 0, e_weight: 1000, price: 3500 },
    { s_weight: 1000, e_weight: 5000, price: 6000 },
  ],
  ...extra,
});
const pkg = (extra: Record<string, unknown> = {}) => ({
  name: 'Seller Pro',
  price: 49_900,
  duration: 30,
  Limit_post: 20,
  Limit_product: 100,
  status: 'active',
  ...extra,
});

/** Another Marketplace area than staff.market's, made for the test when the seed has none. */
async function otherMarketplaceArea(): Promise<string> {
  const [found] = await query<{ id: number }>(
    `SELECT a.id FROM areas a JOIN apps p ON p.id = a.app_id WHERE p.app_type = 'Marketplace' AND a.id <> ${Number(market.userData.area)} ORDER BY a.id LIMIT 1`,
  );
  if (found) return String(found.id);
  const [made] = await query<{ id: number }>(
    `INSERT INTO areas (company_id, app_id, name) SELECT company_id, app_id, 'Test Marketplace area' FROM areas WHERE id = ${Number(market.userData.area)} RETURNING id`,
  );
  return String(made!.id);
}

describe('Carrier (Marketplace)', () => {
  it('keeps a carrier with its weight bands, in the staff member’s own area', async () => {
    const res = await api.post(C, carrier({ areaId: '999' }), market.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ ...carrier(), areaId: market.userData.area, version: 1 });
    const one = await send('GET', `${C}/${res.body.data.id}`, market.accessToken);
    expect(one.body.data.bands).toEqual(carrier().bands);
    const upd = await api.request('PUT', `${C}/${res.body.data.id}`, { token: market.accessToken, body: { ...carrier({ status: 'close' }), version: 1 } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ status: 'close', version: 2 });
    const stale = await api.request('PUT', `${C}/${res.body.data.id}`, { token: market.accessToken, body: { ...carrier(), version: 1 } });
    expect(stale.status).toBe(409);
  });

  it('runs the messenger fee’s band rules: overlap, gap, end before start, past the heaviest parcel', async () => {
    const overlap = await api.post(
      C,
      carrier({
        bands: [
          { s_weight: 0, e_weight: 1000, price: 1 },
          { s_weight: 500, e_weight: 2000, price: 2 },
        ],
      }),
      market.accessToken,
    );
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors).toEqual({ 'bands.1.s_weight': ['bandOverlap'] });
    const gap = await api.post(
      C,
      carrier({
        bands: [
          { s_weight: 0, e_weight: 1000, price: 1 },
          { s_weight: 1500, e_weight: 2000, price: 2 },
        ],
      }),
      market.accessToken,
    );
    expect(gap.body.errors).toEqual({ 'bands.1.s_weight': ['bandGap'] });
    const backwards = await api.post(C, carrier({ bands: [{ s_weight: 0, e_weight: 0, price: 1 }] }), market.accessToken);
    expect(backwards.body.errors).toEqual({ 'bands.0.e_weight': ['distanceError'] });
    const over = await api.post(C, carrier({ maxWeight: 3000 }), market.accessToken);
    expect(over.body.errors).toEqual({ 'bands.1.e_weight': ['weightOverLimit'] });
    const empty = await api.post(C, carrier({ name: '', status: 'open', bands: [] }), market.accessToken);
    expect(empty.body.errors).toMatchObject({ name: ['required'], status: [expect.any(String)], bands: ['required'] });
  });

  it('refuses users without the Marketplace flag', async () => {
    for (const who of [bkk, cnx]) {
      expect((await send('GET', C, who.accessToken)).status).toBe(403);
      expect((await api.post(C, carrier(), who.accessToken)).status).toBe(403);
    }
  });

  it('shows staff their own area only; an admin names the area', async () => {
    const elsewhere = await otherMarketplaceArea();
    expect((await api.post(C, carrier(), admin.accessToken)).body.errors).toEqual({ areaId: ['required'] });
    const theirs = await api.post(C, carrier({ name: 'Far Away Post', areaId: elsewhere }), admin.accessToken);
    expect(theirs.status).toBe(201);
    expect((await send('GET', `${C}/${theirs.body.data.id}`, market.accessToken)).status).toBe(404);
    const list = await send('GET', `${C}?q=Far%20Away`, market.accessToken);
    expect(list.body.total).toBe(0);
    expect((await send('GET', `${C}?q=Far%20Away`, admin.accessToken)).body.total).toBe(1);
  });
});

describe('Manage/Packages (Marketplace shop packages)', () => {
  it('keeps the Limit fields, on the same rows as the Marketplace ShopPackage', async () => {
    const res = await api.post(P, pkg(), market.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ ...pkg(), areaId: market.userData.area });
    const id = res.body.data.id;
    const upd = await api.request('PUT', `${P}/${id}`, { token: market.accessToken, body: { ...pkg({ Limit_product: 250 }), version: 1 } });
    expect(upd.body.data).toMatchObject({ Limit_product: 250, Limit_post: 20, version: 2 });
    const [row] = await query<{ limit_product: number }>(`SELECT limit_product FROM shop_packages WHERE id = ${Number(id)}`);
    expect(row!.limit_product).toBe(250);
    const twin = await send('GET', `/api/admin/Marketplace/ShopPackage/${id}`, admin.accessToken);
    expect(twin.body.data).toMatchObject({ name: 'Seller Pro', Limit_product: 250 });
    const bad = await api.post(P, pkg({ Limit_product: -1, Limit_post: 1.5, duration: 0 }), market.accessToken);
    expect(bad.body.errors).toMatchObject({ Limit_product: ['notNegative'], Limit_post: ['integer'], duration: ['outOfRange'] });
  });

  it('does not delete a package shops still use', async () => {
    const used = (await api.post(P, pkg({ name: 'In use' }), market.accessToken)).body.data;
    const [shop] = await query<{ id: number }>(
      `SELECT s.id FROM shops s WHERE s.app_id = ${Number(used.appId)} AND s.area_id = ${Number(market.userData.area)} AND s.deleted_at IS NULL ORDER BY s.id LIMIT 1`,
    );
    expect(shop, 'a Marketplace shop of the seed').toBeDefined();
    await query(`UPDATE shops SET package_id = ${Number(used.id)} WHERE id = ${shop!.id}`);
    const refused = await send('DELETE', `${P}/${used.id}`, market.accessToken);
    expect(refused.status).toBe(409);
    expect((await send('GET', `${P}/${used.id}`, market.accessToken)).status).toBe(200);
    const unused = (await api.post(P, pkg({ name: 'Unused' }), market.accessToken)).body.data;
    expect((await send('DELETE', `${P}/${unused.id}`, market.accessToken)).status).toBe(200);
    // Delivery's ShopPackage keeps its packages the same way.
    const [delivery] = await query<{ package_id: number }>(
      `SELECT package_id FROM shops s JOIN apps a ON a.id = s.app_id WHERE a.app_type = 'Delivery' AND s.deleted_at IS NULL AND s.package_id IS NOT NULL ORDER BY s.id LIMIT 1`,
    );
    const deliveryRefused = await send('DELETE', `/api/admin/Delivery/ShopPackage/${delivery!.package_id}`, admin.accessToken);
    expect(deliveryRefused.status).toBe(409);
    expect(deliveryRefused.body.message).toBe('IN_USE');
  });

  it('exists under Marketplace only, even for an administrator', async () => {
    for (const path of ['Carrier', 'Manage/Packages', 'Carrier/1']) {
      expect((await send('GET', `/api/admin/Delivery/${path}`, admin.accessToken)).status, path).toBe(404);
    }
    for (const path of ['Carrier', 'Manage/Packages']) expect((await send('GET', `/api/admin/Marketplace/${path}`, admin.accessToken)).status, path).toBe(200);
    expect((await api.post('/api/admin/Delivery/Carrier', { name: 'Nowhere' }, admin.accessToken)).status).toBe(404);
  });

  it('needs its own permission only, and refuses users without the Marketplace flag', async () => {
    for (const who of [bkk, cnx]) {
      expect((await send('GET', P, who.accessToken)).status).toBe(403);
      expect((await api.post(P, pkg(), who.accessToken)).status).toBe(403);
    }
    await query(
      `UPDATE permissions SET can_read = false, can_write = false, can_create = false, can_delete = false
       WHERE name = 'Service Marketplace ShopPackage' AND user_id = (SELECT id FROM users WHERE username = 'staff.market')`,
    );
    api.deps.permissions.clear();
    expect((await send('GET', P, market.accessToken)).status).toBe(200);
    await query(
      `UPDATE permissions SET can_read = false WHERE name = 'Service Marketplace Manage Packages' AND user_id = (SELECT id FROM users WHERE username = 'staff.market')`,
    );
    api.deps.permissions.clear();
    expect((await send('GET', P, market.accessToken)).status).toBe(403);
  });
});
