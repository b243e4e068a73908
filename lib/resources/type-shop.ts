import { shopTypeContract } from '@contract/resources/shop-type';
import { OPEN_CLOSE } from './options';
import { defineScreen, type ScreenDecl } from './screen';

/** The UI of the shop types, the same under both names. */
const ui = {
  namespace: 'shopType',
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'description', label: 'fields.description', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE }],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'description', label: 'fields.description', kind: 'textarea' },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
        { name: 'sortOrder', label: 'fields.sortOrder', kind: 'number' },
      ],
    },
  ],
  defaults: { name: '', status: 'active', sortOrder: 0 },
} satisfies Omit<ScreenDecl, 'key'>;

/** Shop Management step 2 (`TypeShop`): the list, the form, hand ordering and the RestoreShopType page. */
export const typeShopResource = defineScreen(shopTypeContract, { ...ui, key: 'typeShop' });

/** Marketplace's `ShopType`: the same rows, with the ShopType/Sort page; deleted types come back on RestoreShopType. */
export const shopTypeResource = defineScreen(shopTypeContract, { ...ui, key: 'shopType', path: 'ShopType', restorePageOf: 'typeShop' });
