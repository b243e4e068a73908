import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CODES } from '@contract/codes';
import type { Db, Tx } from '../db/client';
import { foods, orderItems, products, type ProductVariant } from '../db/schema';
import { invalid, type FieldErrors } from '../kit/errors';
import { parseId } from '../kit/schemas';

/**
 * Order items that name the catalogue (docs/catalogue.md): a food of the order's shop (`foodId`, with the names of its
 * chosen option and add-ons) or a product variant of it (`sku`). Their name and unit price come from the catalogue,
 * never from the app; a sold-out food is refused (`soldOut`), and a variant's stock is taken in the order's transaction
 * under the product's row lock (`outOfStock` when short, nothing written) and given back, once, when the order is
 * cancelled.
 */

/** An item as the member app sends it: free (`name`, `price`), a food, or a variant. */
export interface OrderItemInput {
  name?: string;
  price?: number;
  qty: number;
  foodId?: string;
  options?: string[];
  sku?: string;
}

/** An item as the order keeps it. */
export interface OrderLine {
  name: string;
  qty: number;
  price: number;
  foodId: number | null;
  productId: number | null;
  sku: string | null;
  /** A variant's weight in gram (what a Marketplace carrier charges by); null for food and free items. Not stored. */
  weightGram: number | null;
}

/** The shop whose catalogue the items name. */
interface ShopRef {
  id: number;
  companyId: number;
  appId: number;
}

/** A food's name with its chosen option and add-ons, and its unit price with theirs. */
function foodLine(
  food: { id: number; name: string; price: number; options: { name: string; price: number }[]; addOns: { name: string; price: number }[] },
  item: OrderItemInput,
  at: string,
  errors: FieldErrors,
): OrderLine {
  const chosen = [...new Set(item.options ?? [])];
  const options = chosen.map((n) => food.options.find((o) => o.name === n)).filter((o) => o !== undefined);
  const addOns = chosen.map((n) => food.addOns.find((a) => a.name === n)).filter((a) => a !== undefined);
  if (options.length + addOns.length !== chosen.length) errors[`${at}.options`] = [CODES.unknownReference];
  else if (options.length > 1) errors[`${at}.options`] = [CODES.overlap];
  const picked = [...options, ...addOns];
  return {
    name: picked.length ? `${food.name} (${picked.map((p) => p.name).join(', ')})` : food.name,
    qty: item.qty,
    price: food.price + picked.reduce((sum, p) => sum + p.price, 0),
    foodId: food.id,
    productId: null,
    sku: null,
    weightGram: null,
  };
}

/**
 * The order's lines: free items as sent, catalogue items priced from the catalogue. Refusals go in `errors` under the
 * item (`items.{i}.foodId: ['soldOut' | 'unknownReference']`, `items.{i}.sku: ['unknownReference']`). Stock is not
 * checked here: `takeStock` does it under the lock.
 */
export async function resolveItems(db: Db, shop: ShopRef | null, items: OrderItemInput[], errors: FieldErrors): Promise<OrderLine[]> {
  const foodIds = [...new Set(items.flatMap((i) => (i.foodId === undefined ? [] : [parseId(i.foodId) ?? -1])))];
  const skus = [...new Set(items.flatMap((i) => (i.sku === undefined ? [] : [i.sku])))];
  const foodRows =
    shop && foodIds.length
      ? await db
          .select({ id: foods.id, name: foods.name, price: foods.price, options: foods.options, addOns: foods.addOns, availability: foods.availability })
          .from(foods)
          .where(and(inArray(foods.id, foodIds), eq(foods.shopId, shop.id), eq(foods.companyId, shop.companyId), isNull(foods.deletedAt)))
      : [];
  const productRows =
    shop && skus.length
      ? await db
          .select({ id: products.id, variants: products.variants })
          .from(products)
          .where(
            and(
              eq(products.shopId, shop.id),
              eq(products.companyId, shop.companyId),
              eq(products.appId, shop.appId),
              eq(products.status, 'active'),
              isNull(products.deletedAt),
              or(...skus.map((sku) => sql`${products.variants} @> ${JSON.stringify([{ sku }])}::jsonb`)),
            ),
          )
      : [];
  return items.map((item, i): OrderLine => {
    const at = `items.${i}`;
    if (item.foodId !== undefined) {
      const food = foodRows.find((f) => f.id === parseId(item.foodId));
      if (!food) errors[`${at}.foodId`] = [CODES.unknownReference];
      else if (food.availability !== 'in_stock') errors[`${at}.foodId`] = [CODES.soldOut];
      return food ? foodLine(food, item, at, errors) : { name: '', qty: item.qty, price: 0, foodId: null, productId: null, sku: null, weightGram: null };
    }
    if (item.sku !== undefined) {
      const product = productRows.find((p) => p.variants.some((v) => v.sku === item.sku));
      const variant = product?.variants.find((v) => v.sku === item.sku);
      if (!product || !variant) {
        errors[`${at}.sku`] = [CODES.unknownReference];
        return { name: '', qty: item.qty, price: 0, foodId: null, productId: null, sku: null, weightGram: null };
      }
      return { name: variant.name, qty: item.qty, price: variant.price, foodId: null, productId: product.id, sku: variant.sku, weightGram: variant.weightGram };
    }
    return { name: item.name ?? '', qty: item.qty, price: item.price ?? 0, foodId: null, productId: null, sku: null, weightGram: null };
  });
}

/** Adds `delta` (per SKU) to the variants' stock of each product, under its row lock; answers the SKUs that would go below zero. */
async function moveStock(tx: Tx, deltas: Map<number, Map<string, number>>): Promise<Set<string>> {
  const short = new Set<string>();
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return short;
  // Locked in id order, so two orders of the same products never wait on each other in a circle.
  const rows = await tx
    .select({ id: products.id, variants: products.variants })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const updates: { id: number; variants: ProductVariant[] }[] = [];
  for (const row of rows) {
    const bySku = deltas.get(row.id)!;
    const variants = row.variants.map((v) => {
      const delta = bySku.get(v.sku);
      if (delta === undefined) return v;
      if (v.stock + delta < 0) short.add(v.sku);
      return { ...v, stock: v.stock + delta };
    });
    updates.push({ id: row.id, variants });
  }
  if (short.size > 0) return short;
  for (const u of updates) {
    await tx
      .update(products)
      .set({ variants: u.variants, version: sql`${products.version} + 1` })
      .where(eq(products.id, u.id));
  }
  return short;
}

const deltasOf = (lines: Pick<OrderLine, 'productId' | 'sku' | 'qty'>[], sign: 1 | -1) => {
  const deltas = new Map<number, Map<string, number>>();
  for (const line of lines) {
    if (line.productId === null || line.sku === null) continue;
    const bySku = deltas.get(line.productId) ?? new Map<string, number>();
    bySku.set(line.sku, (bySku.get(line.sku) ?? 0) + sign * line.qty);
    deltas.set(line.productId, bySku);
  }
  return deltas;
};

/**
 * Takes the variants' stock of an order's lines in its transaction: 400 `items.{i}.sku: ['outOfStock']` on every line
 * of a variant that has less than the order asks for (the transaction then writes nothing).
 */
export async function takeStock(tx: Tx, lines: OrderLine[]): Promise<void> {
  const short = await moveStock(tx, deltasOf(lines, -1));
  if (short.size === 0) return;
  const errors: FieldErrors = {};
  lines.forEach((line, i) => {
    if (line.sku !== null && short.has(line.sku)) errors[`items.${i}.sku`] = [CODES.outOfStock];
  });
  throw invalid(errors);
}

/** Gives a cancelled order's variants their stock back, in the cancel's transaction (a cancel happens once). */
export async function returnStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx
    .select({ productId: orderItems.productId, sku: orderItems.sku, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await moveStock(tx, deltasOf(lines, 1));
}
