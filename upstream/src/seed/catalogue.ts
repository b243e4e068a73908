import sharp from 'sharp';
import { createHash } from 'node:crypto';
import { saveImage } from '../domain/images';
import type { ImageStore } from '../kit/image-store';
import { lit, num, run, ts, type Conn } from './sql-text';

/**
 * The catalogue's demo data (deterministic): a menu for every Delivery shop (within its product limit, a few dishes
 * sold out), Marketplace product types, a category tree and products with variants for every Marketplace shop,
 * carriers with weight tables, and members' purchase requests in each state. Pictures are drawn here (no downloads)
 * and stored in the image store like uploads.
 */

/** Colours of the drawn pictures: [background, plate or box, accent]. */
const PALETTE = [
  ['#f4e3c1', '#ffffff', '#d9822b'],
  ['#dcefd8', '#ffffff', '#3f9142'],
  ['#fbe0e0', '#ffffff', '#c23b3b'],
  ['#e2e8f8', '#ffffff', '#3559b7'],
  ['#fff3c4', '#ffffff', '#c99700'],
  ['#e9dcf5', '#ffffff', '#7a3fb0'],
] as const;

/** A dish on a plate, a boxed product, or a member's portrait: plain shapes, so any machine draws the same bytes. */
function drawing(kind: PictureKind, n: number): string {
  const [bg, base, accent] = PALETTE[n % PALETTE.length]!;
  if (kind === 'portrait')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="${bg}"/>
      <circle cx="120" cy="95" r="${44 + (n % 3) * 4}" fill="${accent}"/><ellipse cx="120" cy="230" rx="85" ry="70" fill="${accent}" opacity="0.8"/>
      <circle cx="${104 + (n % 2) * 4}" cy="90" r="5" fill="${base}"/><circle cx="${136 - (n % 2) * 4}" cy="90" r="5" fill="${base}"/></svg>`;
  const shapes =
    kind === 'food'
      ? `<circle cx="160" cy="120" r="95" fill="${base}" stroke="#d6d6d6" stroke-width="4"/>
         <circle cx="160" cy="120" r="${55 + (n % 3) * 8}" fill="${accent}" opacity="0.85"/>
         <circle cx="${130 + (n % 4) * 10}" cy="105" r="14" fill="#ffffff" opacity="0.7"/>
         <circle cx="185" cy="${135 - (n % 3) * 6}" r="10" fill="#2f6f3a" opacity="0.8"/>`
      : `<rect x="80" y="50" width="160" height="140" rx="10" fill="${accent}"/>
         <rect x="80" y="50" width="160" height="30" rx="10" fill="${base}" opacity="0.5"/>
         <rect x="${110 + (n % 3) * 20}" y="110" width="60" height="40" rx="6" fill="${base}" opacity="0.8"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="${bg}"/>${shapes}</svg>`;
}

type PictureKind = 'food' | 'product' | 'portrait';
export type SeedPictures = Record<PictureKind, string[]>;

const memo = new Map<string, Buffer>();
/** A drawn picture's JPEG bytes (drawn once per process). */
async function pictureBytes(kind: PictureKind, n: number): Promise<Buffer> {
  const id = `${kind}-${n}`;
  let bytes = memo.get(id);
  if (!bytes) {
    bytes = await sharp(Buffer.from(drawing(kind, n)))
      .jpeg({ quality: 80 })
      .toBuffer();
    memo.set(id, bytes);
  }
  return bytes;
}

/**
 * Draws the demo pictures and stores them as uploads of the company (image and thumbnail); without a store, their
 * keys only (the rows name pictures the store does not have, shown as broken images: a seed without a store is a test's).
 */
export async function seedPictures(db: Conn, companyId: number, store: ImageStore | undefined): Promise<SeedPictures> {
  const out: SeedPictures = { food: [], product: [], portrait: [] };
  for (const kind of ['food', 'product', 'portrait'] as const) {
    for (let n = 0; n < 6; n++) {
      const bytes = await pictureBytes(kind, n);
      const key = store ? (await saveImage(db as never, store, companyId, bytes, null)).key : `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
      out[kind].push(key);
    }
  }
  return out;
}

/** A Delivery shop's menu: [name, category, price in satang, with the sizes, with the add-ons]. */
const MENU = [
  ['Pad Thai with shrimp', 'Noodles', 6_500, true, true],
  ['Tom Yum Goong', 'Soups', 12_000, true, false],
  ['Green curry with chicken', 'Curries', 8_000, true, true],
  ['Basil pork with rice', 'Rice dishes', 5_500, false, true],
  ['Khao Man Gai', 'Rice dishes', 5_000, true, true],
  ['Som Tam', 'Salads', 4_500, false, false],
  ['Massaman beef curry', 'Curries', 11_000, true, true],
  ['Boat noodles', 'Noodles', 4_000, true, false],
  ['Mango sticky rice', 'Desserts', 6_000, false, false],
  ['Thai iced tea', 'Drinks', 3_500, true, false],
  ['Fried rice with crab', 'Rice dishes', 9_000, true, true],
  ['Coconut ice cream', 'Desserts', 4_000, false, true],
] as const;
const SIZES = [
  { name: 'Regular', price: 0 },
  { name: 'Large', price: 1_500 },
];
const ADD_ONS = [
  { name: 'Fried egg', price: 1_000 },
  { name: 'Extra rice', price: 1_000 },
  { name: 'Extra chicken', price: 2_500 },
];

const TYPES = ['Clothing', 'Electronics', 'Home & Kitchen', 'Beauty', 'Toys'] as const;
/** The category tree of each Marketplace area: roots and their children. */
const CATEGORIES: [string, string[]][] = [
  ['Fashion', ['Men', 'Women', 'Kids']],
  ['Electronics', ['Phones', 'Accessories']],
  ['Home', ['Kitchen', 'Living room']],
];
/** [name, type, category (a child), [variant name, price in satang, stock, weight in gram][]]. */
const PRODUCTS = [
  [
    'Cotton T-shirt',
    'Clothing',
    'Men',
    [
      ['S', 25_000, 40, 180],
      ['M', 25_000, 55, 200],
      ['L', 27_000, 30, 220],
    ],
  ],
  [
    'Linen dress',
    'Clothing',
    'Women',
    [
      ['S', 89_000, 12, 350],
      ['M', 89_000, 8, 380],
    ],
  ],
  [
    'USB-C charging cable',
    'Electronics',
    'Accessories',
    [
      ['1 m', 19_000, 120, 60],
      ['2 m', 24_000, 80, 90],
    ],
  ],
  [
    'Wireless earbuds',
    'Electronics',
    'Phones',
    [
      ['Black', 159_000, 25, 120],
      ['White', 159_000, 0, 120],
    ],
  ],
  ['Ceramic rice bowl set', 'Home & Kitchen', 'Kitchen', [['4 bowls', 45_000, 30, 1_600]]],
  [
    'Scented candle',
    'Home & Kitchen',
    'Living room',
    [
      ['Jasmine', 32_000, 18, 400],
      ['Lemongrass', 32_000, 22, 400],
    ],
  ],
  [
    'Kids rain jacket',
    'Clothing',
    'Kids',
    [
      ['110 cm', 55_000, 15, 300],
      ['120 cm', 55_000, 10, 320],
    ],
  ],
] as const;
const CARRIERS = [
  [
    'Thailand Post EMS',
    'active',
    20_000,
    [
      [0, 1_000, 4_000],
      [1_000, 5_000, 7_000],
      [5_000, 20_000, 15_000],
    ],
  ],
  [
    'Kerry Express',
    'active',
    30_000,
    [
      [0, 2_000, 5_000],
      [2_000, 10_000, 9_000],
      [10_000, 30_000, 18_000],
    ],
  ],
  [
    'Flash Express',
    'close',
    15_000,
    [
      [0, 3_000, 3_500],
      [3_000, 15_000, 8_500],
    ],
  ],
] as const;
const REQUESTS = [
  ['Japanese ceramic knife', 'A 16 cm santoku, white blade if possible.', 1, 'open'],
  ['Yoga mat, 6 mm', 'Purple or blue, with a carrying strap.', 2, 'open'],
  ['Vintage film camera', 'Any working 35 mm camera, for a beginner.', 1, 'quoted'],
  ['Durian chips, 1 kg', 'For a family party next month.', 3, 'closed'],
] as const;

const json = (value: unknown) => `${lit(JSON.stringify(value))}::jsonb`;

export async function seedCatalogue(tx: Conn, companyId: number, adminId: number, now: Date, pictures: SeedPictures): Promise<void> {
  const company = num(companyId);
  const menu = MENU.map(
    ([name, category, price, sized, extras], i) =>
      `(${num(i)}, ${lit(name)}, ${lit(category)}, ${num(price)}, ${json(sized ? SIZES : [])}, ${json(extras ? ADD_ONS : [])}, ${json([pictures.food[i % pictures.food.length]])})`,
  ).join(',\n      ');
  // 8 to 12 dishes per live Delivery shop, never more than its product limit; one dish in eleven sold out.
  await run(
    tx,
    `WITH menu (n, name, category, price, options, add_ons, images) AS (VALUES
      ${menu}
    )
    INSERT INTO foods (company_id, app_id, area_id, shop_id, name, description, price, images, options, add_ons, category, availability, sort_order, created_at, updated_at, updated_by)
    SELECT s.company_id, s.app_id, s.area_id, s.id, m.name, m.name || ', made to order.', m.price + (s.id % 4) * 500, m.images, m.options, m.add_ons, m.category,
      CASE WHEN (s.id + m.n) % 11 = 0 THEN 'sold_out' ELSE 'in_stock' END, m.n + 1, ${ts(now)}, ${ts(now)}, ${num(adminId)}
    FROM shops s JOIN apps a ON a.id = s.app_id
    LEFT JOIN shop_packages p ON p.id = s.package_id
    CROSS JOIN menu m
    WHERE s.company_id = ${company} AND a.app_type = 'Delivery' AND s.deleted_at IS NULL
      AND m.n < LEAST(8 + s.id % 5, s.limit_product, coalesce(p.limit_product, s.limit_product))
    ORDER BY s.id, m.n`,
  );

  const marketAreas = `SELECT ar.id, ar.app_id FROM areas ar JOIN apps a ON a.id = ar.app_id WHERE ar.company_id = ${company} AND a.app_type = 'Marketplace' AND ar.deleted_at IS NULL`;
  await run(
    tx,
    `INSERT INTO product_types (company_id, app_id, area_id, name, sort_order, created_at, updated_at)
    SELECT ${company}, m.app_id, m.id, t.name, t.n, ${ts(now)}, ${ts(now)}
    FROM (${marketAreas}) m CROSS JOIN (VALUES ${TYPES.map((t, i) => `(${lit(t)}, ${num(i + 1)})`).join(', ')}) t (name, n)
    ORDER BY m.id, t.n`,
  );
  await run(
    tx,
    `INSERT INTO product_categories (company_id, app_id, area_id, parent_id, name, sort_order, created_at, updated_at)
    SELECT ${company}, m.app_id, m.id, NULL, r.name, r.n, ${ts(now)}, ${ts(now)}
    FROM (${marketAreas}) m CROSS JOIN (VALUES ${CATEGORIES.map(([name], i) => `(${lit(name)}, ${num(i + 1)})`).join(', ')}) r (name, n)
    ORDER BY m.id, r.n`,
  );
  const children = CATEGORIES.flatMap(([root, kids]) => kids.map((kid, i) => `(${lit(root)}, ${lit(kid)}, ${num(i + 1)})`)).join(', ');
  await run(
    tx,
    `INSERT INTO product_categories (company_id, app_id, area_id, parent_id, name, sort_order, created_at, updated_at)
    SELECT r.company_id, r.app_id, r.area_id, r.id, c.name, c.n, ${ts(now)}, ${ts(now)}
    FROM product_categories r JOIN (VALUES ${children}) c (root, name, n) ON c.root = r.name
    WHERE r.company_id = ${company} AND r.parent_id IS NULL
    ORDER BY r.id, c.n`,
  );

  const products = PRODUCTS.map(([name, type, category, variants], i) => {
    const list = variants.map(([variant, price, stock, weightGram], v) => ({ sku: `${i + 1}-${v + 1}`, name: variant, price, stock, weightGram }));
    return `(${num(i)}, ${lit(name)}, ${lit(type)}, ${lit(category)}, ${json(list)}, ${json([pictures.product[i % pictures.product.length]])})`;
  }).join(',\n      ');
  // Every live Marketplace shop lists 4 to 7 of them (within its limit); SKUs are the shop's id and the template's.
  await run(
    tx,
    `WITH catalogue (n, name, type, category, variants, images) AS (VALUES
      ${products}
    )
    INSERT INTO products (company_id, app_id, area_id, shop_id, name, description, product_type_id, category_id, images, variants, status, created_at, updated_at, updated_by)
    SELECT s.company_id, s.app_id, s.area_id, s.id, c.name, c.name || ' from ' || s.name || '.', t.id, k.id, c.images,
      (SELECT jsonb_agg(v || jsonb_build_object('sku', 'SKU-' || s.id || '-' || (v->>'sku')) ORDER BY ord) FROM jsonb_array_elements(c.variants) WITH ORDINALITY AS e (v, ord)),
      CASE WHEN (s.id + c.n) % 9 = 0 THEN 'hidden' ELSE 'active' END, ${ts(now)}, ${ts(now)}, ${num(adminId)}
    FROM shops s JOIN apps a ON a.id = s.app_id
    LEFT JOIN shop_packages p ON p.id = s.package_id
    CROSS JOIN catalogue c
    JOIN product_types t ON t.area_id = s.area_id AND t.name = c.type AND t.deleted_at IS NULL
    JOIN product_categories k ON k.area_id = s.area_id AND k.name = c.category AND k.parent_id IS NOT NULL AND k.deleted_at IS NULL
    WHERE s.company_id = ${company} AND a.app_type = 'Marketplace' AND s.deleted_at IS NULL
      AND c.n < LEAST(4 + s.id % 4, s.limit_product, coalesce(p.limit_product, s.limit_product))
    ORDER BY s.id, c.n`,
  );

  await run(
    tx,
    `INSERT INTO carriers (company_id, app_id, area_id, name, status, max_weight, bands, created_at, updated_at)
    SELECT ${company}, m.app_id, m.id, c.name, c.status, c.max_weight, c.bands, ${ts(now)}, ${ts(now)}
    FROM (${marketAreas}) m CROSS JOIN (VALUES ${CARRIERS.map(
      ([name, status, max, bands], i) =>
        `(${num(i)}, ${lit(name)}, ${lit(status)}, ${num(max)}, ${json(bands.map(([s, e, price]) => ({ s_weight: s, e_weight: e, price })))})`,
    ).join(', ')}) c (n, name, status, max_weight, bands)
    ORDER BY m.id, c.n`,
  );

  // The area's first members ask; the quoted one has a price, the closed one says why.
  await run(
    tx,
    `WITH asking AS (
      SELECT mb.company_id, mb.app_id, mb.area_id, mb.id, row_number() OVER (PARTITION BY mb.area_id ORDER BY mb.id) - 1 AS n
      FROM members mb JOIN (${marketAreas}) m ON m.id = mb.area_id
      WHERE mb.deleted_at IS NULL AND mb.status = 'active'
    ), request (n, title, detail, quantity, state) AS (VALUES ${REQUESTS.map(
      ([title, detail, quantity, state], i) => `(${num(i)}, ${lit(title)}, ${lit(detail)}, ${num(quantity)}, ${lit(state)})`,
    ).join(', ')})
    INSERT INTO purchase_requests (company_id, app_id, area_id, member_id, title, detail, quantity, state, quote_price, answer, answered_by, answered_at, created_at, updated_at)
    SELECT a.company_id, a.app_id, a.area_id, a.id, r.title, r.detail, r.quantity, r.state,
      CASE WHEN r.state = 'quoted' THEN 420000 END,
      CASE r.state WHEN 'quoted' THEN 'We can source it in about two weeks; the price includes delivery.' WHEN 'closed' THEN 'Not available from our suppliers this season.' ELSE '' END,
      CASE WHEN r.state <> 'open' THEN ${num(adminId)} END,
      CASE WHEN r.state <> 'open' THEN ${ts(now)} END,
      ${ts(new Date(now.getTime() - 3 * 86_400_000))}, ${ts(now)}
    FROM asking a JOIN request r ON r.n = a.n
    ORDER BY a.area_id, r.n`,
  );
}

/** Every third of the first demo members has set a photo in the member app. */
export async function seedMemberPhotos(tx: Conn, pictures: SeedPictures): Promise<void> {
  const keys = `ARRAY[${pictures.portrait.map(lit).join(', ')}]::text[]`;
  await run(tx, `UPDATE members SET photo = (${keys})[1 + (id / 3) % ${pictures.portrait.length}] WHERE id % 3 = 1 AND id <= 300`);
}
