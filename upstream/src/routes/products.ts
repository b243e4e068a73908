import type { OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { SERVICES } from '@contract/access';
import { productCategoryContract } from '@contract/resources/product-category';
import { productTypeContract } from '@contract/resources/product-type';
import { productContract } from '@contract/resources/products';
import { productCategories, products, productTypes, shops } from '../db/schema';
import { prepareCategory, prepareProduct, productComputed } from '../domain/products';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';
import { ApiError, MESSAGES } from '../kit/errors';

/** The catalogue is Marketplace's: under another service its paths do not exist (an administrator passes every flag). */
const notHere: MiddlewareHandler<AppEnv> = async () => {
  throw new ApiError(404, MESSAGES.notFound);
};

/**
 * The Marketplace catalogue's flat resources: product types (hand ordered), the category tree (siblings hand ordered
 * by `PUT …/Product/Category/Sort {ids}`), and products with their variants (domain/products.ts).
 */
export function registerProductRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  for (const service of SERVICES.filter((s) => s !== 'Marketplace')) {
    for (const contract of [productTypeContract, productCategoryContract, productContract]) {
      app.use(`/api/admin/${service}/${contract.path}`, notHere);
      app.use(`/api/admin/${service}/${contract.path}/*`, notHere);
    }
  }
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
  });
}
