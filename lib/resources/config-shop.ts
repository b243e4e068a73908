import { shopConfigContract } from '@contract/resources/shop-config';
import { defineScreen } from './screen';

/**
 * Shop Management step 5 (`Config/Shop`): the defaults for new shops of all areas, and each area's own (`?areaId=`),
 * one settings record on its contract. An area's commission rate is the shop commission of its new orders.
 */
export const configShopResource = defineScreen(shopConfigContract, {
  key: 'configShop',
  namespace: 'configShop',
  perArea: true,
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
