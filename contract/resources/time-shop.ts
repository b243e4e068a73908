import { z } from 'zod';
import { CODES } from '../codes';
import { refField, rowMetaSchema, timeField, versionField } from '../fields';
import { overlappingRanges, type HoursRange } from '../opening-hours';
import { filter, listQuerySchema } from '../list';
import type { ResourceContractBase } from '../resource';

const isTime = (value: unknown): value is string => timeField().safeParse(value).success;

const rangeSchema = z.object({ open: timeField(), close: timeField() });
const daySchema = z.object({
  day: z.number({ error: CODES.required }).int(CODES.integer).min(0, CODES.integer).max(6, CODES.integer),
  ranges: z.array(rangeSchema).max(12),
});

/**
 * A week of opening hours: one entry per day (0 = Sunday), each range open from `open` to `close` (closing before it
 * opens: overnight into the next day; the same time: 24 hours), and no range opening while another is still open,
 * across midnight and the week's end too (`overlap` on its `open`; contract/opening-hours.ts).
 */
export const hoursSchema = z
  .array(daySchema)
  .max(7)
  .superRefine(
    (days, ctx) => {
      const seen = new Set<number>();
      // Each day's ranges in input order (a malformed day or range as none), so an issue names the input's place.
      const laid = days.map((day, i) => {
        if (typeof day !== 'object' || day === null) return { day: 0, ranges: [] };
        if (seen.has(day.day)) {
          ctx.addIssue({ code: 'custom', path: [i, 'day'], message: CODES.overlap });
          return { day: 0, ranges: [] };
        }
        seen.add(day.day);
        if (!Number.isInteger(day.day) || day.day < 0 || day.day > 6 || !Array.isArray(day.ranges)) return { day: 0, ranges: [] };
        return {
          day: day.day,
          ranges: day.ranges.map((r): HoursRange | null => (isTime(r?.open) && isTime(r?.close) ? { open: r.open, close: r.close } : null)),
        };
      });
      for (const [i, j] of overlappingRanges(laid)) ctx.addIssue({ code: 'custom', path: [i, 'ranges', j, 'open'], message: CODES.overlap });
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
