import { OPEN_STATUSES } from '../lifecycle/shops';
import { enumField, nameField, textField, sortOrderField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/**
 * Shop Management step 2: the types a shop is filed under, ordered by hand. Delivery calls them `TypeShop`,
 * Marketplace `ShopType`: the same rows under the one `TypeShop` permission. A create without `sortOrder` is
 * numbered after the last type of its area; an update without it keeps the row's place.
 */
export const shopTypeContract = defineResourceContract({
  name: 'ShopType',
  noun: 'shop type',
  path: 'TypeShop',
  aliases: ['ShopType'],
  scope: 'area',
  fields: {
    name: nameField(),
    description: textField(200).default(''),
    status: enumField(OPEN_STATUSES),
    sortOrder: sortOrderField().optional(),
  },
  sort: ['sortOrder', 'name', 'createdAt'],
  defaultSort: 'sortOrder',
  search: ['name', 'description'],
  filters: { status: filter.oneOf(OPEN_STATUSES), areaId: filter.ref() },
  sortOrder: 'sortOrder',
});
