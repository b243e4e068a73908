import { z } from 'zod';
import { defineResource, type ResourceModule } from './kit';
import { openCloseSchema } from './shop-package';
import { nameSchema, rowMetaSchema } from './validation';

const OPEN_CLOSE = [
  { value: 'active', label: 'status.account.active' },
  { value: 'close', label: 'status.account.close' },
] as const;

const typeShopFieldsSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(200, 'tooLong200').optional(),
  status: openCloseSchema,
  sortOrder: z.number('integer').int('integer').min(0, 'notNegative'),
});

export const typeShopCreateSchema = typeShopFieldsSchema;
export const typeShopUpdateSchema = typeShopFieldsSchema.extend({ version: z.number().int() });
export const typeShopRowSchema = rowMetaSchema.extend({
  name: z.string(),
  description: z.string().nullish(),
  status: z.string(),
  sortOrder: z.number().int(),
});
export const typeShopSortSchema = z.object({ ids: z.array(z.string()).min(1, 'required') });

export const typeShopResource: ResourceModule = defineResource({
  key: 'typeShop',
  namespace: 'shopType',
  api: 'TypeShop',
  schemas: { row: typeShopRowSchema, detail: typeShopRowSchema, create: typeShopCreateSchema, update: typeShopUpdateSchema },
  columns: [
    { field: 'sortOrder', label: 'fields.sortOrder', kind: 'text', sortable: true },
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'description', label: 'fields.description', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE }],
  sortFields: ['sortOrder', 'name', 'createdAt'],
  defaultSort: { sort: 'sortOrder', order: 'asc' },
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'description', label: 'fields.description', kind: 'textarea' },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
        { name: 'sortOrder', label: 'fields.sortOrder', kind: 'number', required: true },
      ],
    },
  ],
  routes: { list: '/TypeShop', restore: '/RestoreShopType' },
  exportable: true,
  defaults: { name: '', description: '', status: 'active', sortOrder: 0 },
});

/** Marketplace's name for the same data. */
export const shopTypeResource: ResourceModule = {
  ...typeShopResource,
  key: 'shopType',
  api: 'ShopType',
  routes: { list: '/ShopType', restore: '/RestoreShopType' },
  handOrder: { field: 'sortOrder', label: 'name', body: typeShopSortSchema },
};
