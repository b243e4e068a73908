import { z } from 'zod';
import { dateField, idText } from './fields';

/** The page sizes a list offers (ItemPerPage). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type SortOrder = 'asc' | 'desc';

/** `pageSize`: one of PAGE_SIZES, 25 when left out. */
export const pageSizeField = () =>
  z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 100')
    .meta({ enum: [...PAGE_SIZES] })
    .default(25);

/**
 * `?page=1&pageSize=25&sort=field&order=asc|desc&q=…&deleted=1` plus a resource's own filters; a parameter not declared
 * (an unknown filter) is refused, `pageSize` is one of PAGE_SIZES.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortFields: S, filters: F) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: pageSizeField(),
    sort: z.enum(sortFields).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().trim().max(200).optional(),
    /** `1`: the soft-deleted rows instead (for restore screens). */
    deleted: z.enum(['0', '1']).optional(),
    ...filters,
  });
}

/**
 * A search counts its matches up to this many: past it the answer says `more: true` with this `total` (the list shows
 * "10,000+"), so a broad search of a million rows costs what ten thousand do.
 */
export const SEARCH_COUNT_CAP = 10_000;

/** A list answer: `{status: true, data, total, page, pageSize}`, and `more: true` when a search found more than `total`. */
export function listAnswerSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    more: z.boolean().optional(),
  });
}

/** One row's answer: `{status: true, data}`. */
export function itemAnswerSchema<T extends z.ZodType>(item: T) {
  return z.object({ status: z.literal(true), data: item });
}

/** List filters a resource declares: how each is written in the query string. */
export const filter = {
  /** `true` | `false`. */
  bool: () => z.enum(['true', 'false']).optional(),
  /** One of the values. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional(),
  /** A row id (within the id column's range). */
  ref: () => idText().optional(),
  /** A day, `YYYY-MM-DD`, on the calendar (2026-02-31 is refused). */
  day: () => dateField().optional(),
};
