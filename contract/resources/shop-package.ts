import { OPEN_STATUSES } from '../lifecycle/shops';
import { enumField, intField, nameField, satangField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/** Shop Management step 1: the packages a shop subscribes to (price in satang, limits on posts and products). */
export const shopPackageContract = defineResourceContract({
  name: 'ShopPackage',
  noun: 'shop package',
  path: 'ShopPackage',
  scope: 'area',
  fields: {
    name: nameField(),
    price: satangField(),
    duration: intField(1, 3650),
    Limit_post: intField(),
    Limit_product: intField(),
    status: enumField(OPEN_STATUSES),
  },
  sort: ['name', 'price', 'duration', 'createdAt'],
  defaultOrder: 'asc',
  search: ['name'],
  filters: { status: filter.oneOf(OPEN_STATUSES), areaId: filter.ref() },
});
