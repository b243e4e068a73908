import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MAX_CATEGORY_DEPTH, MAX_VARIANTS } from '@contract/lifecycle';
import { shops } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let market: Loose;
let bkk: Loose;
let cnx: Loose;
const M = '/api/admin/Marketplace';
const PT = `${M}/ProductType`;
const CAT = `${M}/Product/Category`;
const PR = `${M}/Products`;
/** Live Marketplace shops of Bangkok and of another area. */
let bkkShops: string[];
let otherShops: string[];
let otherArea: string;

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
let skuSeq = 0;
const variant = (extra: Record<string, unknown> = {}) => ({ sku: `SKU-${++skuSeq}`, name: 'Default', price: 12_500, stock: 3, weightGram: 250, ...extra });
const product = (shopId: string, extra: Record<string, unknown> = {}) => ({
  shopId,
  name: 'Handwoven basket',
  description: 'Rattan, 30 cm',
  status: 'active',
  variants: [variant()],
  ...extra,
});

beforeAll(async () => {
  api = await startTestServer();
  [admin, market, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.market), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
  const all = (await api.get(`${M}/Shop?pageSize=100&sort=name`, admin.accessToken)).body.data as Loose[];
  bkkShops = all.filter((s) => String(s.areaId) === String(market.userData.area)).map((s) => String(s.id));
  const other = all.find((s) => String(s.areaId) !== String(market.userData.area));
  otherArea = String(other.areaId);
  otherShops = all.filter((s) => String(s.areaId) === otherArea).map((s) => String(s.id));
  expect(bkkShops.length).toBeGreaterThan(2);
  expect(otherShops.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await api?.close();
});

describe('ProductType', () => {
  it('is a hand-ordered list of the area, kept while products have it', async () => {
    const a = await api.post(PT, { name: 'Clothing' }, market.accessToken);
    const b = await api.post(PT, { name: 'Electronics' }, market.accessToken);
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.body.data.sortOrder).toBeGreaterThan(a.body.data.sortOrder);
    const sorted = await send('PUT', `${PT}/Sort`, market.accessToken, { ids: [b.body.data.id, a.body.data.id] });
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.map((r: Loose) => r.sortOrder)).toEqual([1, 2]);
    const made = await api.post(PR, product(bkkShops[0]!, { productTypeId: a.body.data.id }), market.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.productTypeName).toBe('Clothing');
    expect((await send('DELETE', `${PT}/${a.body.data.id}`, market.accessToken)).status).toBe(409);
    expect((await send('DELETE', `${PT}/${b.body.data.id}`, market.accessToken)).status).toBe(200);
  });
});

describe('Product/Category', () => {
  it('hangs children below a live category of the area, at most MAX_CATEGORY_DEPTH deep', async () => {
    const root = (await api.post(CAT, { name: 'Home' }, market.accessToken)).body.data;
    expect(root.parentId).toBeNull();
    let parent = root;
    for (let level = 2; level <= MAX_CATEGORY_DEPTH; level++) {
      const child = await api.post(CAT, { name: `Level ${level}`, parentId: parent.id }, market.accessToken);
      expect(child.status, JSON.stringify(child.body)).toBe(201);
      expect(child.body.data.parentId).toBe(Number(parent.id));
      parent = child.body.data;
    }
    const tooDeep = await api.post(CAT, { name: 'Too deep', parentId: parent.id }, market.accessToken);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors).toEqual({ parentId: ['categoryTooDeep'] });
    // A subtree moved below another root would go too deep too.
    const other = (await api.post(CAT, { name: 'Garden' }, market.accessToken)).body.data;
    const moved = await send('PUT', `${CAT}/${root.id}`, market.accessToken, { name: 'Home', parentId: other.id, version: root.version });
    expect(moved.body.errors).toEqual({ parentId: ['categoryTooDeep'] });
    // A parent of another area, or an unknown one, is refused.
    const foreign = (await api.post(CAT, { name: 'Elsewhere', areaId: otherArea }, admin.accessToken)).body.data;
    expect(foreign.areaId).toBe(otherArea);
    expect((await api.post(CAT, { name: 'X', parentId: foreign.id }, market.accessToken)).body.errors).toEqual({ parentId: ['unknownReference'] });
    expect((await api.post(CAT, { name: 'X', parentId: '999999' }, market.accessToken)).body.errors).toEqual({ parentId: ['unknownReference'] });
    // Staff see their own area's categories only.
    const mine = (await api.get(`${CAT}?pageSize=100`, market.accessToken)).body.data as Loose[];
    expect(mine.some((c) => c.id === foreign.id)).toBe(false);
    expect(mine.every((c) => String(c.areaId) === String(market.userData.area))).toBe(true);
  });

  it('refuses a move below itself or its own child (categoryCycle)', async () => {
    const a = (await api.post(CAT, { name: 'Fashion' }, market.accessToken)).body.data;
    const b = (await api.post(CAT, { name: 'Shoes', parentId: a.id }, market.accessToken)).body.data;
    const self = await send('PUT', `${CAT}/${a.id}`, market.accessToken, { name: 'Fashion', parentId: a.id, version: a.version });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ parentId: ['categoryCycle'] });
    const below = await send('PUT', `${CAT}/${a.id}`, market.accessToken, { name: 'Fashion', parentId: b.id, version: a.version });
    expect(below.body.errors).toEqual({ parentId: ['categoryCycle'] });
    // Moving the child to the root is fine.
    const up = await send('PUT', `${CAT}/${b.id}`, market.accessToken, { name: 'Shoes', parentId: '', version: b.version });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.parentId).toBeNull();
  });

  it('keeps a category with live children or products, and deletes it once they are gone', async () => {
    const a = (await api.post(CAT, { name: 'Toys' }, market.accessToken)).body.data;
    const b = (await api.post(CAT, { name: 'Puzzles', parentId: a.id }, market.accessToken)).body.data;
    expect((await send('DELETE', `${CAT}/${a.id}`, market.accessToken)).status).toBe(409);
    expect((await send('DELETE', `${CAT}?ids=${a.id}`, market.accessToken)).status).toBe(409);
    const p = (await api.post(PR, product(bkkShops[0]!, { categoryId: b.id }), market.accessToken)).body.data;
    expect(p.categoryName).toBe('Puzzles');
    const refused = await send('DELETE', `${CAT}/${b.id}`, market.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('IN_USE');
    expect((await send('DELETE', `${PR}/${p.id}`, market.accessToken)).status).toBe(200);
    expect((await send('DELETE', `${CAT}/${b.id}`, market.accessToken)).status).toBe(200);
    expect((await send('DELETE', `${CAT}/${a.id}`, market.accessToken)).status).toBe(200);
  });

  it("numbers one parent's children by PUT Sort, leaving other siblings alone", async () => {
    const parent = (await api.post(CAT, { name: 'Kitchen' }, market.accessToken)).body.data;
    const kids = [];
    for (const name of ['Pots', 'Pans', 'Knives']) kids.push((await api.post(CAT, { name, parentId: parent.id }, market.accessToken)).body.data);
    const rootsBefore = ((await api.get(`${CAT}?pageSize=100&sort=sortOrder`, market.accessToken)).body.data as Loose[]).filter((c) => c.parentId === null);
    const sorted = await send('PUT', `${CAT}/Sort`, market.accessToken, { ids: [kids[2].id, kids[0].id, kids[1].id] });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    const after = (await api.get(`${CAT}?pageSize=100&sort=sortOrder&parentId=${parent.id}`, market.accessToken)).body.data as Loose[];
    expect(after.map((c) => c.name)).toEqual(['Knives', 'Pots', 'Pans']);
    expect(after.map((c) => c.sortOrder)).toEqual([1, 2, 3]);
    const rootsAfter = ((await api.get(`${CAT}?pageSize=100&sort=sortOrder`, market.accessToken)).body.data as Loose[]).filter((c) => c.parentId === null);
    expect(rootsAfter.map((c) => [c.id, c.sortOrder])).toEqual(rootsBefore.map((c) => [c.id, c.sortOrder]));
    // Another area's category is not in the staff member's scope.
    const foreign = (await api.post(CAT, { name: 'Far', areaId: otherArea }, admin.accessToken)).body.data;
    expect((await send('PUT', `${CAT}/Sort`, market.accessToken, { ids: [kids[0].id, foreign.id] })).body.errors).toEqual({ ids: ['unknownReference'] });
  });
});

describe('Products', () => {
  it('validates the variants: 1…MAX_VARIANTS, whole non-negative stock and weight, SKUs once per product', async () => {
    const none = await api.post(PR, product(bkkShops[0]!, { variants: [] }), market.accessToken);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ variants: ['required'] });
    const many = await api.post(PR, product(bkkShops[0]!, { variants: Array.from({ length: MAX_VARIANTS + 1 }, () => variant()) }), market.accessToken);
    expect(many.body.errors).toEqual({ variants: ['outOfRange'] });
    const bad = await api.post(
      PR,
      product(bkkShops[0]!, { variants: [variant({ sku: 'DUP-1' }), variant({ sku: ' DUP-1 ', stock: -1 }), variant({ price: -3 })] }),
      market.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'variants.1.sku': ['duplicateSku'],
      'variants.1.stock': ['notNegative'],
      'variants.2.price': ['notNegative'],
    });
    const fraction = await api.post(PR, product(bkkShops[0]!, { variants: [variant({ weightGram: 1.5 })] }), market.accessToken);
    expect(fraction.body.errors).toEqual({ 'variants.0.weightGram': ['integer'] });
  });

  it('keeps a SKU unique within the company, its own product excepted', async () => {
    const first = await api.post(PR, product(bkkShops[0]!, { variants: [variant({ sku: 'MUG-RED' }), variant({ sku: 'MUG-BLUE' })] }), market.accessToken);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ totalStock: 6, minPrice: 12_500, maxPrice: 12_500, shopName: expect.any(String) });
    const again = await api.post(PR, product(bkkShops[1]!, { variants: [variant(), variant({ sku: 'MUG-BLUE' })] }), market.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ 'variants.1.sku': ['duplicateSku'] });
    // Another area's product of the same company counts too.
    const elsewhere = await api.post(PR, { ...product(otherShops[0]!, { variants: [variant({ sku: 'MUG-RED' })] }), areaId: otherArea }, admin.accessToken);
    expect(elsewhere.body.errors).toEqual({ 'variants.0.sku': ['duplicateSku'] });
    // Saving the product itself with its own SKUs is fine; a deleted product frees its SKUs.
    const row = first.body.data;
    const saved = await send('PUT', `${PR}/${row.id}`, market.accessToken, {
      ...product(bkkShops[0]!, { variants: [variant({ sku: 'MUG-RED', price: 9_900 }), variant({ sku: 'MUG-BLUE', stock: 0 })] }),
      version: row.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ totalStock: 3, minPrice: 9_900, maxPrice: 12_500 });
    expect((await send('DELETE', `${PR}/${row.id}`, market.accessToken)).status).toBe(200);
    expect((await api.post(PR, product(bkkShops[1]!, { variants: [variant({ sku: 'MUG-BLUE' })] }), market.accessToken)).status).toBe(201);
  });

  it("belongs to a live Marketplace shop of its area, with the area's type and category", async () => {
    expect((await api.post(PR, product(otherShops[0]!), market.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    const delivery = (await api.get('/api/admin/Delivery/Shop?pageSize=10', admin.accessToken)).body.data[0];
    expect((await api.post(PR, product(String(delivery.id)), market.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    const foreignType = (await api.post(PT, { name: 'Far type', areaId: otherArea }, admin.accessToken)).body.data;
    const foreignCat = (await api.post(CAT, { name: 'Far cat', areaId: otherArea }, admin.accessToken)).body.data;
    const wrong = await api.post(PR, product(bkkShops[0]!, { productTypeId: foreignType.id, categoryId: foreignCat.id }), market.accessToken);
    expect(wrong.body.errors).toEqual({ productTypeId: ['unknownReference'], categoryId: ['unknownReference'] });
  });

  it("refuses a product over the shop's product limit, naming the limit", async () => {
    const shopId = bkkShops[2]!;
    // The shop's live products now (the seed may have given it some), and room for two more.
    const has = (await api.get(`${PR}?shopId=${shopId}`, market.accessToken)).body.total as number;
    const limit = has + 2;
    await api.db.db
      .update(shops)
      .set({ limitProduct: limit })
      .where(eq(shops.id, Number(shopId)));
    for (let i = 0; i < 2; i++) {
      const made = await api.post(PR, product(shopId), market.accessToken);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const over = await api.post(PR, product(shopId), market.accessToken);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ shopId: ['productLimit'] });
    expect(over.body.data).toEqual({ params: { shopId: { limit } } });
    // Deleting one makes room; restoring it once the room is taken again is refused the same way.
    const last = (await api.get(`${PR}?shopId=${shopId}&sort=id&order=desc`, market.accessToken)).body.data[0];
    expect((await api.request('DELETE', `${PR}/${last.id}`, { token: market.accessToken })).status).toBe(200);
    expect((await api.post(PR, product(shopId), market.accessToken)).status).toBe(201);
    const restored = await api.post(`${PR}/${last.id}/restore`, {}, market.accessToken);
    expect(restored.status).toBe(400);
    expect(restored.body.errors).toEqual({ shopId: ['productLimit'] });
  });

  it('lists with the shop, type, category, stock and prices; filters by shop and status; staff see their area only', async () => {
    const p = (
      await api.post(
        PR,
        product(bkkShops[1]!, { name: 'Silk scarf', status: 'hidden', variants: [variant({ price: 50_000, stock: 4 }), variant({ price: 70_000, stock: 1 })] }),
        market.accessToken,
      )
    ).body.data;
    const list = await api.get(`${PR}?shopId=${bkkShops[1]}&status=hidden&q=silk`, market.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: Loose) => r.id)).toEqual([p.id]);
    expect(list.body.data[0]).toMatchObject({ totalStock: 5, minPrice: 50_000, maxPrice: 70_000, status: 'hidden' });
    const ordered = (await api.get(`${PR}?sort=id&order=desc`, market.accessToken)).body.data as Loose[];
    expect(ordered.map((r) => Number(r.id))).toEqual([...ordered.map((r) => Number(r.id))].sort((a, b) => b - a));
    expect(ordered.every((r) => String(r.areaId) === String(market.userData.area))).toBe(true);
    const theirs = await api.post(PR, { ...product(otherShops[0]!), areaId: otherArea }, admin.accessToken);
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect((await api.get(`${PR}/${theirs.body.data.id}`, market.accessToken)).status).toBe(404);
  });

  it('exists under Marketplace only, even for an administrator', async () => {
    for (const path of ['Products', 'ProductType', 'Product/Category', 'Products/1', 'Product/Category/Sort']) {
      expect((await api.get(`/api/admin/Delivery/${path}`, admin.accessToken)).status, path).toBe(404);
    }
    expect((await api.post('/api/admin/Delivery/ProductType', { name: 'x' }, admin.accessToken)).status).toBe(404);
    expect((await api.get(PT, admin.accessToken)).status).toBe(200);
  });

  it('is refused without the Marketplace flags (staff.bkk, staff.cnx)', async () => {
    for (const user of [bkk, cnx]) {
      for (const path of [PR, PT, CAT]) {
        expect((await api.get(path, user.accessToken)).status, `${user.userData.username} ${path}`).toBe(403);
        expect((await api.post(path, { name: 'x' }, user.accessToken)).status).toBe(403);
      }
    }
  });
});

describe("the products list's total", () => {
  const counted = async (where: string) =>
    Number(
      ((await api.db.db.execute(sql.raw(`SELECT count(*) AS n FROM products WHERE deleted_at IS NULL AND ${where}`))) as unknown as { rows: { n: string }[] })
        .rows[0]!.n,
    );
  const total = async (query: string, token = market.accessToken) => {
    const res = await api.get(`${PR}?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.total as number;
  };
  const app = async () =>
    Number(
      ((await api.db.db.execute(sql.raw(`SELECT id FROM apps WHERE app_type = 'Marketplace' ORDER BY id LIMIT 1`))) as unknown as { rows: { id: number }[] })
        .rows[0]!.id,
    );

  it('follows every create, edit, delete and restore, and equals the rows counted, whatever the filters', async () => {
    const appId = await app();
    const area = Number(market.userData.area);
    const check = async () => {
      expect(await total('')).toBe(await counted(`app_id = ${appId} AND area_id = ${area}`));
      expect(await total('', admin.accessToken)).toBe(await counted(`app_id = ${appId}`));
      expect(await total(`areaId=${otherArea}`, admin.accessToken)).toBe(await counted(`app_id = ${appId} AND area_id = ${otherArea}`));
      expect(await total(`shopId=${bkkShops[3]}`)).toBe(await counted(`shop_id = ${bkkShops[3]}`));
      expect(await total(`shopId=${bkkShops[3]}&status=hidden`)).toBe(await counted(`shop_id = ${bkkShops[3]} AND status = 'hidden'`));
      expect(await total('status=active')).toBe(await counted(`app_id = ${appId} AND area_id = ${area} AND status = 'active'`));
      // Staff naming another area find nothing, as the rows do; a search is counted from the rows.
      expect(await total(`areaId=${otherArea}`)).toBe(0);
      expect(await total('q=basket')).toBe(await counted(`app_id = ${appId} AND area_id = ${area} AND name ILIKE '%basket%'`));
    };
    await check();
    const made = (await api.post(PR, product(bkkShops[3]!), market.accessToken)).body.data;
    const hidden = (await api.post(PR, product(bkkShops[3]!, { status: 'hidden' }), market.accessToken)).body.data;
    await check();
    const edited = await send('PUT', `${PR}/${made.id}`, market.accessToken, {
      ...product(bkkShops[3]!, { status: 'hidden' }),
      variants: made.variants,
      version: made.version,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await check();
    expect((await send('DELETE', `${PR}/${hidden.id}`, market.accessToken)).status).toBe(200);
    await check();
    expect((await api.post(`${PR}/${hidden.id}/restore`, {}, market.accessToken)).status).toBe(200);
    await check();
  });
});

describe('a broad search', () => {
  it('counts its matches up to 10,000 and says there are more', async () => {
    const [shop] = (
      (await api.db.db.execute(sql.raw(`SELECT id, company_id, app_id, area_id FROM shops WHERE id = ${Number(bkkShops[0])}`))) as unknown as {
        rows: { id: number; company_id: number; app_id: number; area_id: number }[];
      }
    ).rows;
    await api.db.db.execute(
      sql.raw(
        `INSERT INTO products (company_id, app_id, area_id, shop_id, name, variants)
         SELECT ${shop!.company_id}, ${shop!.app_id}, ${shop!.area_id}, ${shop!.id}, 'Zebra mug ' || g, '[]'::jsonb FROM generate_series(1, 10005) g`,
      ),
    );
    const broad = await api.get(`${PR}?q=zebra`, market.accessToken);
    expect(broad.body).toMatchObject({ total: 10_000, more: true });
    expect(broad.body.data).toHaveLength(25);
    const deep = await api.get(`${PR}?q=zebra&page=401`, market.accessToken);
    expect(deep.body.data.length).toBeGreaterThan(0);
    const narrow = await api.get(`${PR}?q=${encodeURIComponent('zebra mug 1000')}`, market.accessToken);
    expect(narrow.body.total).toBe(7); // 1000, 10000-10005
    expect(narrow.body.more).toBeUndefined();
    // Without a search the total is the rows', however many.
    expect((await api.get(`${PR}?shopId=${bkkShops[0]}`, market.accessToken)).body.total).toBeGreaterThan(10_005);
  });
});
