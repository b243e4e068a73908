import { marketplacePackageContract } from '@contract/resources/marketplace-package';
import { shopPackageResource } from './shop-package';
import { defineScreen } from './screen';

/**
 * Marketplace → Manage/Packages: the Marketplace shops' packages, the shop packages' columns and form on their own
 * path (`Manage/Packages`, its own permission), added above the list and edited on `Manage/Packages/View/{id}`.
 */
export const marketplacePackageResource = defineScreen(marketplacePackageContract, {
  key: 'marketplacePackage',
  namespace: 'marketplacePackage',
  columns: shopPackageResource.columns,
  filters: shopPackageResource.filters,
  sections: shopPackageResource.sections,
  defaults: shopPackageResource.defaults,
  defaultSort: shopPackageResource.defaultSort,
});
