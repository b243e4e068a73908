import { z } from 'zod';
import { defineResource } from './kit';
import { idRefSchema, minutesOf, timeSchema } from './validation';

const configFieldsSchema = z.object({
  defaultPackageId: idRefSchema,
  defaultTypeId: idRefSchema,
  commissionRate: z.number('integer').int('integer').min(0, 'outOfRange').max(10000, 'outOfRange'),
  defaultOpenTime: timeSchema,
  defaultCloseTime: timeSchema,
});
const closesAfter = (v: { defaultOpenTime: string; defaultCloseTime: string }) =>
  !timeSchema.safeParse(v.defaultOpenTime).success ||
  !timeSchema.safeParse(v.defaultCloseTime).success ||
  minutesOf(v.defaultCloseTime) > minutesOf(v.defaultOpenTime);

export const configShopUpdateSchema = configFieldsSchema.extend({ version: z.number().int() }).refine(closesAfter, {
  path: ['defaultCloseTime'],
  message: 'closeBeforeOpen',
  when: (payload: { value: unknown }) => z.object({ defaultOpenTime: timeSchema, defaultCloseTime: timeSchema }).safeParse(payload.value).success,
});
export const configShopSchema = configFieldsSchema.extend({
  version: z.number().int(),
  defaultPackageId: z.coerce.string(),
  defaultTypeId: z.coerce.string(),
  updatedAt: z.string().optional(),
  updatedBy: z.object({ uid: z.coerce.string(), displayName: z.string() }).nullish(),
});

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
  defaults: {},
});
