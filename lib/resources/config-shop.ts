import { shopConfigContract } from '@contract/resources/shop-config';
import { defineResource } from './kit';

/** The wire schemas are the contract's (contract/resources/shop-config.ts). */
export const configShopUpdateSchema = shopConfigContract.schemas.update;
export const configShopSchema = shopConfigContract.schemas.item;

export const configShopResource = defineResource({
  key: 'configShop',
  namespace: 'configShop',
  api: 'Config/Shop',
  schemas: { row: configShopSchema, detail: configShopSchema, create: configShopUpdateSchema, update: configShopUpdateSchema },
  columns: [],
  filters: [],
  sortFields: [],
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  sections: [
    {
      title: 'sections.defaults',
      fields: [
        { name: 'defaultPackageId', label: 'fields.defaultPackageId', kind: 'select', required: true, optionsFrom: 'packages' },
        { name: 'defaultTypeId', label: 'fields.defaultTypeId', kind: 'select', required: true, optionsFrom: 'types' },
        { name: 'defaultOpenTime', label: 'fields.defaultOpenTime', kind: 'time', required: true },
        { name: 'defaultCloseTime', label: 'fields.defaultCloseTime', kind: 'time', required: true },
        { name: 'commissionRate', label: 'fields.commissionRate', kind: 'number', required: true },
      ],
    },
  ],
  routes: { list: '/Config/Shop' },
  single: true,
  defaults: {},
});
