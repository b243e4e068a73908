import { z } from 'zod';
import { defineResource } from './kit';
import { rowMetaSchema } from './validation';

export const REGIS_STATES = ['waiting', 'approved', 'rejected'] as const;

export const regisShopRowSchema = rowMetaSchema.extend({
  name: z.string(),
  owner: z.string(),
  email: z.string(),
  phone: z.string(),
  typeId: z.coerce.string().nullish(),
  typeName: z.string().nullish(),
  packageId: z.coerce.string().nullish(),
  note: z.string().nullish(),
  state: z.string(),
  reason: z.string().nullish(),
});
export const regisRejectSchema = z.object({ reason: z.string().trim().min(1, 'required').max(200, 'tooLong200') });
const noBodySchema = z.object({});

export const regisShopResource = defineResource({
  key: 'regisShop',
  namespace: 'regisShop',
  api: 'Regis/Shop',
  schemas: { row: regisShopRowSchema, detail: regisShopRowSchema, create: noBodySchema, update: noBodySchema },
  columns: [
    { field: 'name', label: 'fields.name', kind: 'text' },
    { field: 'owner', label: 'fields.owner', kind: 'text' },
    { field: 'email', label: 'fields.email', kind: 'text' },
    { field: 'phone', label: 'fields.phone', kind: 'text' },
    { field: 'typeName', label: 'fields.typeId', kind: 'text' },
    { field: 'note', label: 'fields.note', kind: 'text' },
    { field: 'state', label: 'fields.state', kind: 'text' },
    { field: 'createdAt', label: 'fields.createdAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'state', label: 'fields.state', kind: 'select', options: REGIS_STATES.map((value) => ({ value, label: `regisShop.states.${value}` })) }],
  sortFields: ['createdAt'],
  defaultSort: { sort: 'createdAt', order: 'asc' },
  sections: [],
  routes: { list: '/Regis/Shop' },
  defaults: {},
});
