/**
 * `npm run bench:products`: the Marketplace products list at a million products. On a fresh PostgreSQL database
 * (DATABASE_URL, or `--pg` for the local server) it seeds the demo data, then bulk-inserts `--products` products
 * (set-based, in chunks) spread over the Marketplace app's live shops, with one to three variants each and names
 * made of a material, a thing and a model number, so a search for a model finds a handful and a search for a
 * material a tenth. It starts the Platform API and the built portal and times sequential requests after a warm-up:
 * page 1, page 1,000, a narrow and a broad search, and a shop's products, as admin (the whole app) and as staff.market
 * (Bangkok), at the API and as portal pages. Prints the figures and writes the "Products" section of
 * docs/BENCHMARKS.md.
 *
 *   npm run bench:products -- [--products 1000000] [--chunk 250000] [--requests 20] [--portal-requests 15] [--pg]
 *                             [--no-portal] [--no-write] [--lock /tmp/e2e.lock]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../upstream/src/config';
import { openDatabase } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { seedIfEmpty } from '../upstream/src/seed';
import { num, rnd, rows, run as runSql, textArray } from '../upstream/src/seed/sql-text';
import { runPageBench, targetSummary, timingTable, type PageCase, type PageTiming } from './stack';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    chunk: { type: 'string', default: '250000' },
    requests: { type: 'string', default: '20' },
    'portal-requests': { type: 'string', default: '15' },
    pg: { type: 'boolean', default: false },
    'no-portal': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    lock: { type: 'string' },
  },
});
const target = Number(values.products);
const chunk = Number(values.chunk);
const requests = Number(values.requests);
const portalRequests = Number(values['portal-requests']);
const TARGET_MS = 150;
const USERS = [
  ['admin', 'Admin#2026'],
  ['staff.market', 'Staff#2026'],
] as const;
const MATERIALS = ['Linen', 'Cotton', 'Bamboo', 'Ceramic', 'Steel', 'Leather', 'Wool', 'Glass', 'Teak', 'Silk'];
const THINGS = ['shirt', 'bowl', 'lamp', 'bag', 'mug', 'scarf', 'vase', 'tray', 'cushion', 'jacket', 'wallet', 'plate'];

/** Demo data, then `target` products of the Marketplace app's live shops. */
async function seed(databaseUrl: string): Promise<{ products: number; seconds: number }> {
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    const started = performance.now();
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt);
    const [app] = await rows<{ id: number; company_id: number }>(
      handle.db,
      `SELECT id, company_id FROM apps WHERE app_type = 'Marketplace' ORDER BY id LIMIT 1`,
    );
    for (let from = 1; from <= target; from += chunk) {
      const to = Math.min(target, from + chunk - 1);
      await runSql(
        handle.db,
        `WITH s AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(area_id ORDER BY id) AS areas, count(*)::int AS n
           FROM shops WHERE app_id = ${num(app!.id)} AND deleted_at IS NULL),
         g AS (SELECT g, 1 + floor(${rnd('g', 9201)} * s.n)::int AS i,
           (${textArray(MATERIALS)})[1 + floor(${rnd('g', 9202)} * ${MATERIALS.length})::int] AS material,
           (${textArray(THINGS)})[1 + floor(${rnd('g', 9203)} * ${THINGS.length})::int] AS thing,
           1 + floor(${rnd('g', 9204)} * 3)::int AS variants
           FROM generate_series(${num(from)}, ${num(to)}) g, s)
         INSERT INTO products (company_id, app_id, area_id, shop_id, name, description, images, variants, status, created_at, updated_at)
         SELECT ${num(app!.company_id)}, ${num(app!.id)}, s.areas[g.i], s.ids[g.i], g.material || ' ' || g.thing || ' M' || g.g, '', '[]'::jsonb,
           (SELECT jsonb_agg(jsonb_build_object('sku', 'B' || g.g || '-' || v, 'name', 'Option ' || v, 'price', 9900 + (g.g % 50) * 1000 + v * 500,
              'stock', (g.g + v) % 40, 'weightGram', 200 + v * 50)) FROM generate_series(1, g.variants) v),
           CASE WHEN g.g % 13 = 0 THEN 'hidden' ELSE 'active' END, now() - (g.g % 365) * interval '1 day', now()
         FROM g, s`,
      );
      process.stdout.write(`\r  ${to.toLocaleString('en')} of ${target.toLocaleString('en')} products   `);
    }
    process.stdout.write('\n');
    await runSql(handle.db, 'VACUUM ANALYZE products');
    const [count] = await rows<{ n: string }>(handle.db, 'SELECT count(*) AS n FROM products');
    return { products: Number(count!.n), seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

/** The cases of one user: the page count comes from the API's first answer. */
async function casesOf(apiUrl: string, headers: Record<string, string>): Promise<PageCase[]> {
  const first = (await (await fetch(`${apiUrl}/api/admin/Marketplace/Products?pageSize=25`, { headers })).json()) as {
    total: number;
    data: { shopId: string; name: string }[];
  };
  const pages = Math.max(1, Math.ceil(first.total / 25));
  // A model number of the bulk rows (M1 … M{target}) without its last digit: ten products and a few whose numbers contain it.
  const model = `M${Math.floor(target / 2)}`;
  return [
    { name: `Products page 1 of ${pages.toLocaleString('en')}`, path: 'Products' },
    { name: 'Products page 1,000', path: `Products?page=${Math.min(1000, pages)}` },
    { name: `Search a model number ("${model.slice(0, -1)}", a few products)`, path: `Products?q=${encodeURIComponent(model.slice(0, -1))}` },
    { name: 'Search a material ("linen", a tenth of them), page 1', path: 'Products?q=linen' },
    { name: "One shop's products, page 1", path: `Products?shopId=${first.data[0]?.shopId ?? '1'}` },
  ];
}

function report(run: { products: number; seconds: number; rows: PageTiming[] }, startedAt: Date, load: string): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return [
    '`npm run bench:products` (bench/products.ts) seeds the demo data into a fresh PostgreSQL database, bulk-inserts',
    "products for the Marketplace app's live shops (one to three variants each), starts the Platform API and the built",
    'portal, and times sequential requests after a warm-up (time to the last byte): the products list at page 1 and',
    "page 1,000, a narrow and a broad search and one shop's products, as admin (the whole app) and as staff.market",
    '(Bangkok). Client, portal, API and database share the machine.',
    `Target: p50 ≤ ${TARGET_MS} ms at the portal.`,
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start · ${requests} requests per API call, ${portalRequests} per portal page.`,
    '',
    `${run.products.toLocaleString('en')} products in all (seeded in ${Math.round(run.seconds)} s).`,
    '',
    ...timingTable(run.rows, TARGET_MS),
    '',
    targetSummary(run.rows, TARGET_MS),
    '',
    "How the list stays fast: the page's ids come from a walk of `products_scope_idx` ((app, area, id) of the live rows)",
    "and only those 25 rows are joined to their shop, type and category (the kit's deferred join); the total without a",
    'search is a sum over `product_counts` (live products per shop and status, kept by statement triggers); a search',
    "walks the trigram index of the live rows' names (`products_name_trgm_idx`, with pg_trgm) and counts its matches up",
    'to 10,000 (the broad search answers "more than 10,000").',
  ].join('\n');
}

async function main(): Promise<void> {
  await runPageBench({
    name: 'products',
    section: 'Products',
    pg: values.pg,
    seed: (databaseUrl) => {
      console.log(`seeding the demo data and ${target.toLocaleString('en')} products…`);
      return seed(databaseUrl);
    },
    service: 'Marketplace',
    users: USERS,
    casesOf,
    requests,
    portalRequests,
    portal: !values['no-portal'],
    lock: values.lock,
    write: !values['no-write'],
    report,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
