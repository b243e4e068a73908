import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

/** The catalogue's demo data (upstream/src/seed/catalogue.ts): menus, products, carriers, requests and their pictures. */
let api: TestServer;
type Row = Record<string, unknown>;
const query = async <T = Row>(text: string): Promise<T[]> => ((await api.db.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const one = async (text: string): Promise<Row> => (await query(text))[0]!;
const n = (value: unknown) => Number(value);

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api?.close();
});

describe('catalogue seed', () => {
  it('gives every live Delivery shop a menu within its product limit, some dishes sold out', async () => {
    const shops = await query<{ id: number; foods: string; lim: number }>(
      `SELECT s.id, count(f.id) AS foods, LEAST(s.limit_product, coalesce(p.limit_product, s.limit_product)) AS lim
       FROM shops s JOIN apps a ON a.id = s.app_id LEFT JOIN shop_packages p ON p.id = s.package_id
       LEFT JOIN foods f ON f.shop_id = s.id AND f.deleted_at IS NULL
       WHERE a.app_type = 'Delivery' AND s.deleted_at IS NULL GROUP BY s.id, p.limit_product`,
    );
    expect(shops.length).toBeGreaterThan(50);
    for (const shop of shops) {
      expect(n(shop.foods)).toBeGreaterThan(0);
      expect(n(shop.foods)).toBeLessThanOrEqual(n(shop.lim));
    }
    const availability = await one(`SELECT count(*) FILTER (WHERE availability = 'sold_out') AS sold_out, count(*) AS all FROM foods`);
    expect(n(availability.sold_out)).toBeGreaterThan(0);
    expect(n(availability.sold_out)).toBeLessThan(n(availability.all) / 5);
    // Foods only in Delivery shops, of their own app and area.
    expect(
      n(
        (
          await one(
            `SELECT count(*) AS n FROM foods f JOIN shops s ON s.id = f.shop_id JOIN apps a ON a.id = s.app_id WHERE a.app_type <> 'Delivery' OR f.area_id <> s.area_id`,
          )
        ).n,
      ),
    ).toBe(0);
  });

  it('gives every live Marketplace shop products with variants under company-unique SKUs, typed and categorised in its area', async () => {
    const empty = await one(
      `SELECT count(*) AS n FROM shops s JOIN apps a ON a.id = s.app_id WHERE a.app_type = 'Marketplace' AND s.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM products p WHERE p.shop_id = s.id)`,
    );
    expect(n(empty.n)).toBe(0);
    const skus = await one(`SELECT count(*) AS all, count(DISTINCT v->>'sku') AS distinct FROM products, jsonb_array_elements(variants) v`);
    expect(n(skus.all)).toBeGreaterThan(100);
    expect(n(skus.distinct)).toBe(n(skus.all));
    const misplaced = await one(
      `SELECT count(*) AS n FROM products p JOIN product_types t ON t.id = p.product_type_id JOIN product_categories c ON c.id = p.category_id
       WHERE t.area_id <> p.area_id OR c.area_id <> p.area_id OR c.parent_id IS NULL`,
    );
    expect(n(misplaced.n)).toBe(0);
    const tree = await one(
      `SELECT count(*) FILTER (WHERE parent_id IS NULL) AS roots, count(*) FILTER (WHERE parent_id IS NOT NULL) AS children FROM product_categories`,
    );
    expect(n(tree.children)).toBeGreaterThan(n(tree.roots));
  });

  it('stores the pictures the rows name, served like uploads', async () => {
    const keys = await query<{ key: string }>(
      `SELECT DISTINCT jsonb_array_elements_text(images) AS key FROM foods UNION SELECT DISTINCT jsonb_array_elements_text(images) FROM products
       UNION SELECT DISTINCT photo FROM members WHERE photo <> ''`,
    );
    // Six dishes, six products and six members' portraits.
    expect(keys.length).toBe(18);
    const recorded = await one(`SELECT count(*) AS n FROM images`);
    expect(n(recorded.n)).toBe(18);
    for (const { key } of keys) {
      const res = await fetch(`${api.url}/api/images/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      await res.arrayBuffer();
    }
  });

  it('writes carriers with valid weight tables and purchase requests in each state', async () => {
    const carriers = await query<{ bands: { s_weight: number; e_weight: number }[]; max_weight: number }>(`SELECT bands, max_weight FROM carriers`);
    expect(carriers.length).toBeGreaterThan(0);
    for (const c of carriers) {
      expect(c.bands[0]!.s_weight).toBe(0);
      expect(c.bands.at(-1)!.e_weight).toBe(c.max_weight);
      c.bands.slice(1).forEach((band, i) => expect(band.s_weight).toBe(c.bands[i]!.e_weight));
    }
    const states = await query<{ state: string; quoted: string }>(
      `SELECT state, count(quote_price) AS quoted FROM purchase_requests GROUP BY state ORDER BY state`,
    );
    expect(states.map((s) => s.state)).toEqual(['closed', 'open', 'quoted']);
    expect(n(states.find((s) => s.state === 'quoted')!.quoted)).toBeGreaterThan(0);
  });
});
