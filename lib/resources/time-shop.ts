import { timeShopContract, type WeekHours } from '@contract/resources/time-shop';
import { defineScreen } from './screen';

/** The body of a create, as the week editor, the BFF and the Platform API check it (the same week rules). */
export const timeShopCreateSchema = timeShopContract.schemas.create;
export type TimeShopHours = WeekHours;

/** Shop Management step 4: a shop's opening hours, edited a week at a time on its contract. */
export const timeShopResource = defineScreen(timeShopContract, {
  key: 'timeShop',
  namespace: 'timeShop',
  form: 'week',
  labelField: 'shopName',
  columns: [
    { field: 'shopName', label: 'fields.shopId', kind: 'text', sortable: true, link: true },
    { field: 'areaName', label: 'fields.areaId', kind: 'text' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'shopId', label: 'fields.shopId', kind: 'select', optionsFrom: 'shops' }],
  sections: [{ title: 'sections.main', fields: [{ name: 'shopId', label: 'fields.shopId', kind: 'select', required: true, optionsFrom: 'shops' }] }],
  defaults: { shopId: '', hours: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ open: '09:00', close: '18:00' }] })) },
});
