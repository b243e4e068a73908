import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  bikerPackageContract,
  carrierContract,
  marketplacePackageContract,
  messengerFeeContract,
  officeContract,
  popularContract,
  promotionContract,
  shippingRateContract,
  shopPackageContract,
  shopTypeContract,
  slideContract,
  voucherContract,
} from '@contract/resources';
import { eq } from 'drizzle-orm';
import {
  bikerPackages,
  bikers,
  carriers,
  messengerFees,
  offices,
  popularShops,
  promotions,
  shippingRates,
  shopPackages,
  shops,
  shopTypes,
  slides,
  users,
} from '../db/schema';
import { mountCrud } from '../kit/crud';
import { checkVoucherShop, voucherReadOnly, voucherShopJoin } from '../domain/vouchers';
import { voucherUses, vouchers } from '../db/schema';
import { preparePopular, preparePromotion, promotionStatusSql } from '../domain/promotions';
import type { AppDeps, AppEnv } from '../kit/env';
import { registerFoodRoutes } from './foods';
import { registerProductRoutes } from './products';

/** The flat resources: a contract and its table each, mounted by the generic CRUD layer. A new one is a line here. */
export function registerFlatResources(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  mountCrud(app, deps, shopPackageContract, {
    table: shopPackages,
    columns: { Limit_post: shopPackages.limitPost, Limit_product: shopPackages.limitProduct },
    inUseBy: [{ column: shops.packageId, deletedAt: shops.deletedAt }],
  });
  mountCrud(app, deps, shopTypeContract, { table: shopTypes });
  mountCrud(app, deps, bikerPackageContract, { table: bikerPackages, inUseBy: [{ column: bikers.packageId, deletedAt: bikers.deletedAt }] });
  mountCrud(app, deps, slideContract, { table: slides });
  mountCrud(app, deps, voucherContract, {
    table: vouchers,
    uniqueField: 'code',
    prepare: checkVoucherShop,
    joins: voucherShopJoin,
    computed: voucherReadOnly,
    inUseBy: [{ column: voucherUses.voucherId }],
  });
  mountCrud(app, deps, shippingRateContract, { table: shippingRates, uniqueField: 'unit' });
  mountCrud(app, deps, messengerFeeContract, { table: messengerFees, uniqueField: 'areaId' });
  mountCrud(app, deps, promotionContract, { table: promotions, prepare: preparePromotion, computed: { status: promotionStatusSql } });
  mountCrud(app, deps, popularContract, {
    table: popularShops,
    uniqueField: 'shopId',
    prepare: preparePopular,
    joins: { shopName: { column: shops.name, on: eq(shops.id, popularShops.shopId) } },
  });
  mountCrud(app, deps, carrierContract, { table: carriers });
  mountCrud(app, deps, marketplacePackageContract, {
    table: shopPackages,
    columns: { Limit_post: shopPackages.limitPost, Limit_product: shopPackages.limitProduct },
    inUseBy: [{ column: shops.packageId, deletedAt: shops.deletedAt }],
  });
  registerFoodRoutes(app, deps);
  registerProductRoutes(app, deps);
  mountCrud(app, deps, officeContract, { table: offices, inUseBy: [{ column: users.officeId, deletedAt: users.deletedAt }] });
}
