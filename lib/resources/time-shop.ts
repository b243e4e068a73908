import { z } from 'zod';
import { defineResource } from './kit';
import { idRefSchema, minutesOf, rowMetaSchema, timeSchema } from './validation';

const rangeSchema = z.object({ open: timeSchema, close: timeSchema });
const daySchema = z.object({ day: z.number().int().min(0).max(6), ranges: z.array(rangeSchema) });

/** Per day: each range closes after it opens, and no two ranges overlap (errors on `hours.i.ranges.j.close`). */
const hoursSchema = z.array(daySchema).superRefine((days, ctx) => {
  days.forEach((day, i) => {
    const valid = day.ranges
      .map((r, j) => ({ j, open: r.open, close: r.close }))
      .filter((r) => timeSchema.safeParse(r.open).success && timeSchema.safeParse(r.close).success);
    for (const r of valid) {
      if (minutesOf(r.close) <= minutesOf(r.open)) ctx.addIssue({ code: 'custom', path: [i, 'ranges', r.j, 'close'], message: 'closeBeforeOpen' });
    }
    const ordered = valid.filter((r) => minutesOf(r.close) > minutesOf(r.open)).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let k = 1; k < ordered.length; k++) {
      const prev = ordered[k - 1]!;
      const cur = ordered[k]!;
      if (minutesOf(cur.open) < minutesOf(prev.close)) ctx.addIssue({ code: 'custom', path: [i, 'ranges', cur.j, 'close'], message: 'overlap' });
    }
  });
});

export const timeShopCreateSchema = z.object({ shopId: idRefSchema, hours: hoursSchema });
export const timeShopUpdateSchema = z.object({ shopId: idRefSchema.optional(), hours: hoursSchema, version: z.number().int() });
export const timeShopRowSchema = rowMetaSchema.extend({
  shopId: z.coerce.string(),
  shopName: z.string().nullish(),
  hours: z.array(z.object({ day: z.number().int(), ranges: z.array(z.object({ open: z.string(), close: z.string() })) })),
});
export type TimeShopHours = z.infer<typeof hoursSchema>;

export const timeShopResource = defineResource({
  key: 'timeShop',
  namespace: 'timeShop',
  api: 'TimeShop',
  schemas: { row: timeShopRowSchema, detail: timeShopRowSchema, create: timeShopCreateSchema, update: timeShopUpdateSchema },
  columns: [
    { field: 'shopName', label: 'fields.shopId', kind: 'text', sortable: true, link: true },
    { field: 'areaName', label: 'fields.areaId', kind: 'text' },
    { field: 'updatedAt', label: 'fields.updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ field: 'shopId', label: 'fields.shopId', kind: 'select', optionsFrom: 'shops' }],
  sortFields: ['shopName', 'updatedAt'],
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  sections: [{ title: 'sections.main', fields: [{ name: 'shopId', label: 'fields.shopId', kind: 'select', required: true, optionsFrom: 'shops' }] }],
  routes: { list: '/TimeShop', add: '/TimeShop/Add', view: '/TimeShop/View' },
  defaults: { shopId: '', hours: [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ open: '09:00', close: '18:00' }] })) },
});
