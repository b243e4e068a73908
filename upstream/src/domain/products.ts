import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import { MAX_CATEGORY_DEPTH } from '@contract/lifecycle';
import type { Db } from '../db/client';
import { productCategories, productCounts, products, productTypes, shops } from '../db/schema';
import { parseId } from '../kit/schemas';
import type { Place } from '../kit/crud';
import { invalid } from '../kit/errors';
import { assertUnderProductLimit } from './catalogue-limits';

/**
 * The Marketplace catalogue's rules (contract/resources/products.ts, product-category.ts): a product belongs to a live
 * shop of its area, under the shop's product limit, with a type and a category of its area and SKUs no other live
 * product of the company has; a category hangs below a live category of its area, at most MAX_CATEGORY_DEPTH deep and
 * never below itself.
 */

/** Whether a table's live row `id` is in the place's company, app and area. */
async function liveIn(db: Db, table: typeof shops | typeof productTypes | typeof productCategories, place: Place, id: number): Promise<boolean> {
  if (place.appId === null || place.areaId === null || !Number.isInteger(id)) return false;
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, place.companyId), eq(table.appId, place.appId), eq(table.areaId, place.areaId), isNull(table.deletedAt)))
    .limit(1);
  return found !== undefined;
}

/** The SKUs among `skus` that a live product of the company other than `except` already has. */
export async function skusTaken(db: Db, companyId: number, skus: string[], except?: number): Promise<Set<string>> {
  const wanted = new Set(skus);
  if (wanted.size === 0) return new Set();
  // One containment test per SKU: each is served by the GIN index on `variants`.
  const contains = [...wanted].map((sku) => sql`${products.variants} @> ${JSON.stringify([{ sku }])}::jsonb`);
  const rows = await db
    .select({ variants: products.variants })
    .from(products)
    .where(and(eq(products.companyId, companyId), isNull(products.deletedAt), except === undefined ? undefined : ne(products.id, except), or(...contains)))
    .limit(100);
  const taken = new Set<string>();
  for (const row of rows) for (const v of row.variants) if (wanted.has(v.sku)) taken.add(v.sku);
  return taken;
}

/**
 * A product's fields before they are written: its shop is a live shop of the product's area (a Marketplace shop: the
 * area is the Marketplace app's), its type and category live ones of the area (else `unknownReference`), its SKUs
 * taken by no other live product of the company (`variants.{i}.sku: ['duplicateSku']`), and a new product (or one moved
 * to another shop) fits under the shop's product limit (`{shopId: ['productLimit']}`).
 */
export async function prepareProduct(
  db: Db,
  place: Place,
  input: Record<string, unknown>,
  current?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const errors: Record<string, string[]> = {};
  const shopId = Number(input.shopId);
  if (!(await liveIn(db, shops, place, shopId))) errors.shopId = [CODES.unknownReference];
  const typeId = input.productTypeId as number | null | undefined;
  if (typeId != null && !(await liveIn(db, productTypes, place, typeId))) errors.productTypeId = [CODES.unknownReference];
  const categoryId = input.categoryId as number | null | undefined;
  if (categoryId != null && !(await liveIn(db, productCategories, place, categoryId))) errors.categoryId = [CODES.unknownReference];
  const variants = (input.variants as { sku: string }[] | undefined) ?? [];
  const taken = await skusTaken(
    db,
    place.companyId,
    variants.map((v) => v.sku),
    current === undefined ? undefined : Number(current.id),
  );
  variants.forEach((v, i) => {
    if (taken.has(v.sku)) errors[`variants.${i}.sku`] = [CODES.duplicateSku];
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  if (current === undefined || Number(current.shopId) !== shopId) await assertUnderProductLimit(db, products, shopId);
  return input;
}

/** The live category `id` of the place's area and its parent, or null. */
async function categoryOf(db: Db, place: Place, id: number): Promise<{ id: number; parentId: number | null } | null> {
  if (place.appId === null || place.areaId === null) return null;
  const [row] = await db
    .select({ id: productCategories.id, parentId: productCategories.parentId })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.id, id),
        eq(productCategories.companyId, place.companyId),
        eq(productCategories.appId, place.appId),
        eq(productCategories.areaId, place.areaId),
        isNull(productCategories.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many levels a category's live subtree has below it (0 for a leaf), looked at no deeper than `limit`. */
async function levelsBelow(db: Db, id: number, limit: number): Promise<number> {
  let level = [id];
  let levels = 0;
  while (level.length > 0 && levels <= limit) {
    const children = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(inArray(productCategories.parentId, level), isNull(productCategories.deletedAt)));
    if (children.length === 0) break;
    levels += 1;
    level = children.map((c) => c.id);
  }
  return levels;
}

/**
 * A category's fields before they are written: its parent (if any) is a live category of its area (else
 * `{parentId: ['unknownReference']}`), not the category itself nor one below it (`categoryCycle`), and the category
 * with what hangs below it stays within MAX_CATEGORY_DEPTH levels (`categoryTooDeep`).
 */
export async function prepareCategory(
  db: Db,
  place: Place,
  input: Record<string, unknown>,
  current?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const parentId = (input.parentId as number | null | undefined) ?? null;
  if (parentId === null) {
    if (current !== undefined && 1 + (await levelsBelow(db, Number(current.id), MAX_CATEGORY_DEPTH)) > MAX_CATEGORY_DEPTH)
      throw invalid({ parentId: [CODES.categoryTooDeep] });
    return { ...input, parentId: null };
  }
  const self = current === undefined ? null : Number(current.id);
  // The parent's chain up to its root: its length is the parent's level.
  const chain: number[] = [];
  let at: number | null = parentId;
  while (at !== null) {
    if (at === self || chain.includes(at)) throw invalid({ parentId: [CODES.categoryCycle] });
    const node = await categoryOf(db, place, at);
    if (!node) throw invalid({ parentId: [CODES.unknownReference] });
    chain.push(at);
    if (chain.length > MAX_CATEGORY_DEPTH) throw invalid({ parentId: [CODES.categoryTooDeep] });
    at = node.parentId;
  }
  const below = self === null ? 0 : await levelsBelow(db, self, MAX_CATEGORY_DEPTH);
  if (chain.length + 1 + below > MAX_CATEGORY_DEPTH) throw invalid({ parentId: [CODES.categoryTooDeep] });
  return { ...input, parentId };
}

/** The list's values over a product's variants: their stock together, and the cheapest and dearest price (satang). */
const satangOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const overVariants = (expression: string): SQL => sql.raw(`(SELECT ${expression} FROM jsonb_array_elements("products"."variants") v)`);
export const productComputed = {
  totalStock: () => overVariants(`COALESCE(SUM((v->>'stock')::int), 0)::int`),
  // Satang as a bigint (PostgreSQL's driver answers it as text): read back as the number it is, exactly (≤ 2^53).
  minPrice: () => overVariants(`MIN((v->>'price')::bigint)`).mapWith(satangOf),
  maxPrice: () => overVariants(`MAX((v->>'price')::bigint)`).mapWith(satangOf),
};

/**
 * The products list's total from `product_counts` (kept by triggers on products) when the query filters by no more
 * than area, shop and status; null (count the rows) with a search, a type or category, or the deleted rows.
 */
export async function productTotal(db: Db, scope: { appId?: number | null; areaId?: number | null }, query: Record<string, unknown>): Promise<number | null> {
  const given = (name: string) => (typeof query[name] === 'string' && query[name] !== '' ? (query[name] as string) : undefined);
  if (given('q') || query.deleted === '1' || given('productTypeId') || given('categoryId') || !scope.appId) return null;
  const asked = given('areaId');
  // Staff are kept to their area: another area's filter finds nothing, as the rows' query does.
  if (scope.areaId != null && asked !== undefined && parseId(asked) !== scope.areaId) return 0;
  const area = scope.areaId ?? (asked === undefined ? null : (parseId(asked) ?? -1));
  const shop = given('shopId');
  const status = given('status');
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${productCounts.n}), 0)` })
    .from(productCounts)
    .where(
      and(
        eq(productCounts.appId, scope.appId),
        area === null ? undefined : eq(productCounts.areaId, area),
        shop === undefined ? undefined : eq(productCounts.shopId, parseId(shop) ?? -1),
        status === undefined ? undefined : eq(productCounts.status, status as never),
      ),
    );
  return Number(row?.n ?? 0);
}
