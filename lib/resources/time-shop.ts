import { timeShopContract, type WeekHours } from '@contract/resources/time-shop';
import { defineResource } from './kit';

/** The wire schemas are the contract's (contract/resources/time-shop.ts): the Platform API runs the same week rules. */
export const timeShopCreateSchema = timeShopContract.schemas.create;
export const timeShopUpdateSchema = timeShopContract.schemas.update;
export const timeShopRowSchema = timeShopContract.schemas.item;
export type TimeShopHours = WeekHours;

export const timeShopResource = defineResource({
  key: 'timeShop',
  namespace: 'timeShop',
  api: 'TimeShop',
  form: 'week',
  labelField: 'shopName',
  schemas: { row: timeShopRowSchema, detail: timeShopRowSchema, create: timeShopCreateSchema, update: timeShopUpdateSchema },
  columns: [
    { field: 'shopName', label: 'fields.shopId', kind: 'text', sortable: true, link: true },
    { field: 'areaName', label: 'fields.areaId', kind: 'text' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'shopId', label: 'fields.shopId', kind: 'select', optionsFrom: 'shops' }],
  sortFields: [...timeShopContract.sort],
  defaultSort: timeShopContract.defaultSort,
  sections: [{ title: 'sections.main', fields: [{ name: 'shopId', label: 'fields.shopId', kind: 'select', required: true, optionsFrom: 'shops' }] }],
  routes: { list: '/TimeShop', add: '/TimeShop/Add', view: '/TimeShop/View' },
  defaults: { shopId: '', hours: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ open: '09:00', close: '18:00' }] })) },
});
