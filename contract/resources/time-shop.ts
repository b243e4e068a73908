import { z } from 'zod';
import { CODES } from '../codes';
import { minutesOf, refField, rowMetaSchema, timeField, versionField } from '../fields';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

const isTime = (value: unknown): value is string => timeField().safeParse(value).success;

const rangeSchema = z.object({ open: timeField(), close: timeField() });
const daySchema = z.object({
  day: z.number({ error: CODES.required }).int(CODES.integer).min(0, CODES.integer).max(6, CODES.integer),
  ranges: z.array(rangeSchema).max(12),
});

/**
 * A week of opening hours: one entry per day (0 = Sunday), each range closing after it opens (`closeBeforeOpen` on
 * its `close`), and no range of a day starting before an earlier one has closed (`overlap` on its `open`). A range
 * that closes before it opens is left out of the overlap check, so each range gets one message.
 */
export const hoursSchema = z
  .array(daySchema)
  .max(7)
  .superRefine(
    (days, ctx) => {
      const seen = new Set<number>();
      days.forEach((day, i) => {
        if (typeof day !== 'object' || day === null) return;
        if (seen.has(day.day)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: CODES.overlap });
        seen.add(day.day);
        const ranges = (Array.isArray(day.ranges) ? day.ranges : []).map((r, j) => ({ j, open: r?.open, close: r?.close }));
        const valid: { j: number; open: string; close: string }[] = [];
        for (const r of ranges) {
          if (!isTime(r.open) || !isTime(r.close)) continue;
          if (minutesOf(r.close) <= minutesOf(r.open)) ctx.addIssue({ code: 'custom', path: [i, 'ranges', r.j, 'close'], message: CODES.closeBeforeOpen });
          else valid.push({ j: r.j, open: r.open, close: r.close });
        }
        valid.sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
        let latest = -1;
        for (const r of valid) {
          if (minutesOf(r.open) < latest) ctx.addIssue({ code: 'custom', path: [i, 'ranges', r.j, 'open'], message: CODES.overlap });
          latest = Math.max(latest, minutesOf(r.close));
        }
      });
    },
    { when: (payload) => Array.isArray(payload.value) },
  );
export type WeekHours = z.infer<typeof hoursSchema>;

/** Shop Management step 4: a shop's opening hours, one record per shop. */
export const timeShopContract = {
  name: 'TimeShop',
  path: 'TimeShop',
  scope: 'area',
  sort: ['shopName', 'updatedAt'],
  defaultSort: { sort: 'updatedAt', order: 'desc' },
  search: ['shopName'],
  schemas: {
    item: rowMetaSchema.extend({
      shopId: z.coerce.string(),
      shopName: z.string().nullish(),
      hours: z.array(z.object({ day: z.number().int(), ranges: z.array(z.object({ open: z.string(), close: z.string() })) })),
    }),
    create: z.object({ shopId: refField(), hours: hoursSchema }),
    update: z.object({ hours: hoursSchema, version: versionField() }),
    query: listQuerySchema(['shopName', 'updatedAt'], { shopId: filter.ref() }),
  },
} as const satisfies ResourceContractBase;
