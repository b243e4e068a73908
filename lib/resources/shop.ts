import { z } from 'zod';
import { SHOP_STATUSES, allowedShopTransitions, type ShopStatus } from '@contract/lifecycle';
import { shopContract, shopHistoryEntrySchema } from '@contract/resources/shop';
import type { Option } from './kit';
import { defineScreen } from './screen';

export { SHOP_STATUSES, type ShopStatus };
export { shopStatusChangeSchema } from '@contract/resources/shop';
const statusOptions = (values: readonly ShopStatus[]): Option[] => values.map((value) => ({ value, label: `status.account.${value}` }));

/** Allowed status changes (contract/lifecycle): pending → active | close; active ↔ suspended; any → close. */
export const allowedTransitions = allowedShopTransitions;

/** The shop's wire schemas are the contract's (contract/resources/shop.ts): the Platform API runs the same. */
export const shopCreateSchema = shopContract.schemas.create;
export const shopUpdateSchema = shopContract.schemas.update;
export const shopHistorySchema = z.object({ status: z.literal(true), data: z.array(shopHistoryEntrySchema) });

/** Shop Management step 3: the UI of the shop list, form and restore list on the contract. */
export const shopResource = defineScreen(shopContract, {
  key: 'shop',
  namespace: 'shop',
  columns: [
    { field: 'images', label: 'fields.images', kind: 'image' },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'owner', label: 'fields.owner', kind: 'text' },
    { field: 'phone', label: 'fields.phone', kind: 'text' },
    { field: 'typeName', label: 'fields.typeId', kind: 'text' },
    { field: 'packageName', label: 'fields.packageId', kind: 'text' },
    { field: 'areaName', label: 'fields.areaId', kind: 'text' },
    { field: 'public', label: 'fields.public', kind: 'bool' },
    { field: 'status', label: 'fields.status', kind: 'status', sortable: true },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    { field: 'status', label: 'fields.status', kind: 'select', options: statusOptions(SHOP_STATUSES) },
    { field: 'typeId', label: 'fields.typeId', kind: 'select', optionsFrom: 'types' },
    { field: 'packageId', label: 'fields.packageId', kind: 'select', optionsFrom: 'packages' },
    { field: 'areaId', label: 'fields.areaId', kind: 'select', optionsFrom: 'areas' },
    { field: 'public', label: 'fields.public', kind: 'boolean' },
  ],
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'owner', label: 'fields.owner', kind: 'text', required: true, hint: 'limit50' },
        { name: 'images', label: 'fields.images', kind: 'images' },
        { name: 'email', label: 'fields.email', kind: 'email', required: true, hint: 'emailInvalid', availability: 'email' },
        { name: 'phone', label: 'fields.phone', kind: 'tel', required: true, hint: 'phoneInvalid', availability: 'phone' },
        {
          name: 'status',
          label: 'fields.status',
          kind: 'select',
          required: true,
          options: statusOptions(['pending', 'active']),
          createOnly: true,
          approvalOptions: ['active'],
        },
        { name: 'typeId', label: 'fields.typeId', kind: 'select', required: true, optionsFrom: 'types' },
        { name: 'packageId', label: 'fields.packageId', kind: 'select', required: true, optionsFrom: 'packages' },
        { name: 'areaId', label: 'fields.areaId', kind: 'select', optionsFrom: 'areas', adminOnly: true },
      ],
    },
    {
      title: 'sections.location',
      fields: [
        { name: 'openTime', label: 'fields.openTime', kind: 'time', required: true },
        { name: 'closeTime', label: 'fields.closeTime', kind: 'time', required: true },
        { name: 'lat', label: 'fields.lat', kind: 'latlng', required: true },
        { name: 'lng', label: 'fields.lng', kind: 'latlng', required: true },
      ],
    },
    {
      title: 'sections.settings',
      fields: [
        { name: 'public', label: 'fields.public', kind: 'checkbox' },
        { name: 'permissionEdit', label: 'fields.permissionEdit', kind: 'checkbox' },
        { name: 'orderShowPrice', label: 'fields.orderShowPrice', kind: 'checkbox' },
        { name: 'showDistanceShopOnHome', label: 'fields.showDistanceShopOnHome', kind: 'checkbox' },
        { name: 'showPersonDetailOnShop', label: 'fields.showPersonDetailOnShop', kind: 'checkbox' },
        { name: 'Limit_post', label: 'fields.Limit_post', kind: 'number', required: true },
        { name: 'Limit_product', label: 'fields.Limit_product', kind: 'number', required: true },
      ],
    },
  ],
  bulkStatuses: ['active', 'suspended', 'close'],
  approval: 'shop',
  viewPanels: ['shopStatus'],
  defaults: {
    name: '',
    owner: '',
    email: '',
    phone: '',
    status: 'pending',
    public: true,
    openTime: '09:00',
    closeTime: '18:00',
    lat: '13.7563309',
    lng: '100.5017651',
    packageId: '',
    typeId: '',
    permissionEdit: false,
    orderShowPrice: true,
    showDistanceShopOnHome: true,
    showPersonDetailOnShop: false,
    Limit_post: 0,
    Limit_product: 0,
  },
});
