import { nameField, sortOrderField } from '../fields';
import { filter } from '../list';
import { defineResourceContract } from '../resource';

/**
 * Marketplace → ProductType: the kinds of products an area's shops list (clothing, electronics …), ordered by hand.
 * A create without `sortOrder` is numbered after the area's last type; a type products still have is not deleted.
 */
export const productTypeContract = defineResourceContract({
  name: 'ProductType',
  noun: 'product type',
  path: 'ProductType',
  scope: 'area',
  fields: {
    name: nameField(),
    /** Left out: after the area's last type (a create) or where it is (an update). */
    sortOrder: sortOrderField().optional(),
  },
  sort: ['sortOrder', 'name', 'createdAt'],
  defaultSort: 'sortOrder',
  search: ['name'],
  filters: { areaId: filter.ref() },
  sortOrder: 'sortOrder',
});
