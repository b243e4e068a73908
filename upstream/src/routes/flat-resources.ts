import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  bikerPackageContract,
  messengerFeeContract,
  officeContract,
  shippingRateContract,
  shopPackageContract,
  shopTypeContract,
  slideContract,
} from '@contract/resources';
import { bikerPackages, bikers, messengerFees, offices, shippingRates, shopPackages, shopTypes, slides, users } from '../db/schema';
import { mountCrud } from '../kit/crud';
import type { AppDeps, AppEnv } from '../kit/env';

/** The flat resources: a contract and its table each, mounted by the generic CRUD layer. A new one is a line here. */
export function registerFlatResources(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  mountCrud(app, deps, shopPackageContract, { table: shopPackages, columns: { Limit_post: shopPackages.limitPost, Limit_product: shopPackages.limitProduct } });
  mountCrud(app, deps, shopTypeContract, { table: shopTypes });
  mountCrud(app, deps, bikerPackageContract, { table: bikerPackages, inUseBy: [{ column: bikers.packageId, deletedAt: bikers.deletedAt }] });
  mountCrud(app, deps, slideContract, { table: slides });
  mountCrud(app, deps, shippingRateContract, { table: shippingRates, uniqueField: 'unit' });
  mountCrud(app, deps, messengerFeeContract, { table: messengerFees, uniqueField: 'areaId' });
  mountCrud(app, deps, officeContract, { table: offices, inUseBy: [{ column: users.officeId, deletedAt: users.deletedAt }] });
}
