import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { productCategoryContract } from '@contract/resources/product-category';
import { productTypeContract } from '@contract/resources/product-type';
import { productContract } from '@contract/resources/products';
import { productCategories, products, productTypes, shops } from '../db/schema';
import { prepareCategory, prepareProduct, productComputed, productTotal } from '../domain/products';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';

/**
 * The Marketplace catalogue's flat resources: product types (hand ordered), the category tree (siblings hand ordered
 * by `PUT …/Product/Category/Sort {ids}`), and products with their variants (domain/products.ts).
 */
export function registerProductRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  mountCrud(app, deps, productTypeContract, {
    table: productTypes,
    inUseBy: [{ column: products.productTypeId, deletedAt: products.deletedAt }],
  });
  mountCrud(app, deps, productCategoryContract, {
    table: productCategories,
    prepare: prepareCategory,
    inUseBy: [
      { column: productCategories.parentId, deletedAt: productCategories.deletedAt },
      { column: products.categoryId, deletedAt: products.deletedAt },
    ],
  });
  mountCrud(app, deps, productContract, {
    table: products,
    prepare: prepareProduct,
    joins: {
      shopName: { column: shops.name, on: eq(shops.id, products.shopId) },
      productTypeName: { column: productTypes.name, on: eq(productTypes.id, products.productTypeId) },
      categoryName: { column: productCategories.name, on: eq(productCategories.id, products.categoryId) },
    },
    computed: productComputed,
    total: productTotal,
  });
}
