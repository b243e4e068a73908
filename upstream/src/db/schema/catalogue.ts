import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FoodAvailability, ProductStatus, PurchaseRequestState } from '../../../../contract/lifecycle';
import { createdAt, deletedAt, live, pk, updatedAt, version } from './columns';
import { members } from './orders';
import { inArea, updatedBy } from './scope';
import { shops } from './shops';
import { companies, users } from './tenancy';

/**
 * The catalogue: uploaded images, the Delivery shops' food, the Marketplace's product types, category tree, products
 * with their variants, carriers' weight tables and members' purchase requests (contract/lifecycle/catalogue.ts).
 */

/** An uploaded image (contract/images.ts): the file and its thumbnail live in the image store under `key`. */
export const images = pgTable(
  'images',
  {
    id: pk(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** `{sha256}.{ext}`: the same bytes uploaded twice are one image. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('images_key_idx').on(t.companyId, t.key)],
);

/** An option or add-on of a food: its name and what it adds to the price (satang). */
export interface FoodChoice {
  name: string;
  price: number;
}

/** A food on a Delivery shop's menu; a shop has at most its package's Limit_product foods. */
export const foods = pgTable(
  'foods',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Satang. */
    price: integer('price').notNull(),
    /** Image keys (contract/images.ts), the first shown in lists. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Options the member picks one of (size, spice), each with what it adds to the price. */
    options: jsonb('options').$type<FoodChoice[]>().notNull().default([]),
    /** Add-ons the member may add (an egg, extra rice), each with its price. */
    addOns: jsonb('add_ons').$type<FoodChoice[]>().notNull().default([]),
    /** The menu section it is listed under ('' for none). */
    category: text('category').notNull().default(''),
    availability: text('availability').$type<FoodAvailability>().notNull().default('in_stock'),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('foods_scope_idx').on(t.appId, t.areaId, t.id).where(live),
    index('foods_shop_idx').on(t.shopId, t.sortOrder, t.id).where(live),
    check('foods_price_ck', sql`${t.price} >= 0`),
  ],
);

/** A Marketplace product type (clothing, electronics …). */
export const productTypes = pgTable(
  'product_types',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('product_types_scope_idx').on(t.appId, t.areaId, t.sortOrder, t.id).where(live)],
);

/** A node of an area's product category tree: roots have no parent; siblings are shown in `sort_order`. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: pk(),
    ...inArea,
    parentId: integer('parent_id').references((): AnyPgColumn => productCategories.id),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('product_categories_scope_idx').on(t.appId, t.areaId, t.parentId, t.sortOrder, t.id).where(live)],
);

/** A variant of a product: what a member buys. Stock never goes below zero (the table's check). */
export interface ProductVariant {
  sku: string;
  name: string;
  /** Satang. */
  price: number;
  stock: number;
  weightGram: number;
}

/** A Marketplace shop's product; a shop has at most its package's Limit_product products. */
export const products = pgTable(
  'products',
  {
    id: pk(),
    ...inArea,
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    productTypeId: integer('product_type_id').references(() => productTypes.id),
    categoryId: integer('category_id').references(() => productCategories.id),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    variants: jsonb('variants').$type<ProductVariant[]>().notNull().default([]),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('products_scope_idx').on(t.appId, t.areaId, t.id).where(live),
    index('products_shop_idx').on(t.shopId, t.id).where(live),
    index('products_variants_idx').using('gin', t.variants),
    check('products_stock_ck', sql`NOT jsonb_path_exists(${t.variants}, '$[*] ? (@.stock < 0)')`),
  ],
);

/**
 * How many live products each shop has in each status, kept by statement triggers on `products` (migration 0026): the
 * products list's total without a search comes from here instead of counting a million rows.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    appId: integer('app_id').notNull(),
    areaId: integer('area_id').notNull(),
    shopId: integer('shop_id').notNull(),
    status: text('status').$type<ProductStatus>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.areaId, t.shopId, t.status] })],
);

/** A carrier (Marketplace → Carrier) and its weight table: bands in gram, as the messenger fee's. */
export const carriers = pgTable(
  'carriers',
  {
    id: pk(),
    ...inArea,
    name: text('name').notNull(),
    maxWeight: integer('max_weight').notNull(),
    bands: jsonb('bands').$type<{ s_weight: number; e_weight: number; price: number }[]>().notNull(),
    status: text('status').notNull().default('active'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [index('carriers_scope_idx').on(t.appId, t.areaId, t.id).where(live)],
);

/** A member's request to buy a product nobody lists (Request/Buy), answered by staff with a quote or closed. */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: pk(),
    ...inArea,
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    state: text('state').$type<PurchaseRequestState>().notNull().default('open'),
    /** Satang, set by a quote. */
    quotePrice: integer('quote_price'),
    /** Staff's answer to the member: the quote's terms or why the request is closed. */
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('purchase_requests_scope_idx').on(t.appId, t.areaId, t.id).where(live),
    index('purchase_requests_state_idx').on(t.appId, t.state, t.id).where(live),
  ],
);
