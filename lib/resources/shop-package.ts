import { z } from 'zod';
import { defineResource } from './kit';
import { countSchema, nameSchema, rowMetaSchema, satangSchema } from './validation';

export const openCloseSchema = z.enum(['active', 'close'], 'required');
const OPEN_CLOSE = [
  { value: 'active', label: 'status.account.active' },
  { value: 'close', label: 'status.account.close' },
] as const;

const shopPackageFieldsSchema = z.object({
  name: nameSchema,
  price: satangSchema,
  duration: z.number('integer').int('integer').min(1, 'outOfRange').max(3650, 'outOfRange'),
  Limit_post: countSchema,
  Limit_product: countSchema,
  status: openCloseSchema,
});

export const shopPackageCreateSchema = shopPackageFieldsSchema;
export const shopPackageUpdateSchema = shopPackageFieldsSchema.extend({ version: z.number().int() });
export const shopPackageRowSchema = rowMetaSchema.extend({
  name: z.string(),
  price: z.number().int(),
  duration: z.number().int(),
  Limit_post: z.number().int(),
  Limit_product: z.number().int(),
  status: z.string(),
});

export const shopPackageResource = defineResource({
  key: 'shopPackage',
  namespace: 'shopPackage',
  api: 'ShopPackage',
  schemas: { row: shopPackageRowSchema, detail: shopPackageRowSchema, create: shopPackageCreateSchema, update: shopPackageUpdateSchema },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text', sortable: true, link: true },
    { field: 'price', label: 'fields.price', kind: 'money', sortable: true },
    { field: 'duration', label: 'fields.duration', kind: 'text', sortable: true },
    { field: 'Limit_post', label: 'fields.Limit_post', kind: 'text' },
    { field: 'Limit_product', label: 'fields.Limit_product', kind: 'text' },
    { field: 'status', label: 'fields.status', kind: 'status' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'status', label: 'fields.status', kind: 'select', options: OPEN_CLOSE }],
  sortFields: ['name', 'price', 'duration', 'createdAt'],
  defaultSort: { sort: 'createdAt', order: 'desc' },
  sections: [
    {
      title: 'sections.main',
      fields: [
        { name: 'name', label: 'fields.name', kind: 'text', required: true, hint: 'limit50' },
        { name: 'price', label: 'fields.price', kind: 'money', required: true },
        { name: 'duration', label: 'fields.duration', kind: 'number', required: true },
        { name: 'Limit_post', label: 'fields.Limit_post', kind: 'number', required: true },
        { name: 'Limit_product', label: 'fields.Limit_product', kind: 'number', required: true },
        { name: 'status', label: 'fields.status', kind: 'select', required: true, options: OPEN_CLOSE },
      ],
    },
  ],
  routes: { list: '/ShopPackage', restore: '/RestoreShopPackage' },
  bulkStatuses: [],
  exportable: true,
  defaults: { name: '', price: 0, duration: 30, Limit_post: 0, Limit_product: 0, status: 'active' },
});
