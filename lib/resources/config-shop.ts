import { shopConfigContract } from '@contract/resources/shop-config';
import { defineScreen } from './screen';

/** Shop Management step 5 (`Config/Shop`): an area's defaults for new shops, one settings record on its contract. */
export const configShopResource = defineScreen(shopConfigContract, {
  key: 'configShop',
  namespace: 'configShop',
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
});
