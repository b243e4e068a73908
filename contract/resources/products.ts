import { z } from 'zod';
import { CODES } from '../codes';
import { enumField, intField, nameField, satangField, textField } from '../fields';
import { imageListField } from '../images';
import { MAX_IMAGES, MAX_VARIANTS, PRODUCT_STATUSES } from '../lifecycle/catalogue';
import { filter } from '../list';
import { defineResourceContract } from '../resource';
import { optionalRefField } from './product-category';
import { shopRefField } from './promotion';

/** A SKU: 1–50 characters, trimmed; compared as written. */
export const skuField = () => nameField(50);

/** What a member buys: a product's variant with its own SKU, price (satang), stock and weight (gram). */
export const productVariantSchema = z.object({
  sku: skuField(),
  name: nameField(100),
  /** Satang. */
  price: satangField(),
  stock: intField(0, 10_000_000),
  weightGram: intField(0, 1_000_000),
});
export type ProductVariantInput = z.infer<typeof productVariantSchema>;

/** A SKU appears once among a product's variants (`duplicateSku` on each repeat's cell). */
const skusOnce = (value: { variants?: unknown }, ctx: z.RefinementCtx) => {
  const rows = Array.isArray(value.variants) ? (value.variants as { sku?: unknown }[]) : [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const sku = typeof row?.sku === 'string' ? row.sku.trim() : '';
    if (!sku) return;
    if (seen.has(sku)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: CODES.duplicateSku });
    seen.add(sku);
  });
};

/**
 * Marketplace → Products: a Marketplace shop's products, each with 1…MAX_VARIANTS variants. The shop is a live shop
 * of the product's area and lists at most its product limit (`{shopId: ['productLimit']}`); the type and category are
 * live ones of the area; a SKU is unique within the product (the contract) and the company (the Platform API:
 * `variants.{i}.sku: ['duplicateSku']`).
 */
export const productContract = defineResourceContract({
  name: 'Product',
  noun: 'product',
  path: 'Products',
  scope: 'area',
  fields: {
    shopId: shopRefField(),
    name: nameField(100),
    description: textField(2000).default(''),
    productTypeId: optionalRefField(),
    categoryId: optionalRefField(),
    images: imageListField(MAX_IMAGES),
    status: enumField(PRODUCT_STATUSES).default('active'),
    variants: z.array(productVariantSchema).min(1, CODES.required).max(MAX_VARIANTS, CODES.outOfRange),
  },
  refine: skusOnce,
  itemFields: {
    shopName: z.string().nullish(),
    productTypeName: z.string().nullish(),
    categoryName: z.string().nullish(),
    /** The variants' stock together. */
    totalStock: z.coerce.number().int(),
    /** The cheapest and dearest variant (satang). */
    minPrice: z.coerce.number().int().nullish(),
    maxPrice: z.coerce.number().int().nullish(),
  },
  sort: ['id', 'name', 'createdAt'],
  defaultSort: 'id',
  defaultOrder: 'desc',
  search: ['name'],
  filters: {
    shopId: filter.ref(),
    productTypeId: filter.ref(),
    categoryId: filter.ref(),
    status: filter.oneOf(PRODUCT_STATUSES),
    areaId: filter.ref(),
  },
});
