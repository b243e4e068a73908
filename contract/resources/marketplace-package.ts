import { defineResourceContract } from '../resource';
import { shopPackageContract } from './shop-package';

/**
 * Marketplace → Manage/Packages: the Marketplace shops' packages (the `shop_packages` rows of the Marketplace app),
 * the same fields, rules, sort and filters as the shop packages, under the path's own permission
 * (`Service Marketplace Manage Packages`) alone: not an alias, which would ask for `ShopPackage`'s too. A package
 * shops still use is not deleted (409 `IN_USE`).
 */
export const marketplacePackageContract = defineResourceContract({
  name: 'MarketplacePackage',
  noun: 'Marketplace package',
  path: 'Manage/Packages',
  scope: 'area',
  fields: shopPackageContract.fields,
  sort: shopPackageContract.sort,
  defaultOrder: 'asc',
  search: shopPackageContract.search,
  filters: shopPackageContract.filters,
});
