import { z } from '@hono/zod-openapi';
import { and, asc, desc, gte, ilike, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** `?page=1&pageSize=25&sort=field&order=asc|desc&q=…&deleted=1` plus a resource's own filters. */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortFields: S, filters: F) {
  return z.object(listShape(sortFields, filters));
}

/** The page sizes a list offers (ItemPerPage). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * The stricter list query of the resource kit: `pageSize` one of PAGE_SIZES and any parameter not declared (an
 * unknown filter) answered with 400.
 */
export function strictListQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortFields: S, filters: F) {
  const shape = listShape(sortFields, filters);
  return z.strictObject({
    ...shape,
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 25, 50 or 100')
      .openapi({ enum: [...PAGE_SIZES] })
      .default(25),
  });
}

function listShape<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortFields: S, filters: F) {
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
    sort: z.enum(sortFields).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().trim().max(200).optional(),
    /** `1`: the soft-deleted rows instead (for restore screens). */
    deleted: z.enum(['0', '1']).optional(),
    ...filters,
  };
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
  deleted?: '0' | '1';
}

export interface ListResult<T> {
  rows: T[];
  total: number;
  /** A search found more than `total` (SEARCH_COUNT_CAP). */
  more?: boolean;
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    more: z.boolean().optional().openapi({ description: 'A search found more rows than `total` (it counts up to 10,000)' }),
  });
}

export function pageWindow(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** ORDER BY the requested sortable column (else the fallback), then the fallback as a tie-breaker. */
export function orderFor(columns: Record<string, AnyColumn>, query: ListQuery, fallback: AnyColumn): SQL[] {
  const column = (query.sort && columns[query.sort]) || fallback;
  const direction = query.order === 'desc' ? desc : asc;
  return column === fallback ? [direction(fallback)] : [direction(column), asc(fallback)];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The phone numbers that start with `q` when `q` is written as one (digits, with an optional leading `+` and spaces or
 * dashes between), as a range on the column (`>= '081' AND < '082'`), which its btree index serves whatever the
 * collation; null when `q` is not a phone number.
 */
export function phonePrefixWhere(column: AnyColumn, q: string | undefined): SQL | null {
  if (!q || !/^\+?\d[\d\s-]*$/.test(q)) return null;
  const digits = q.replace(/[\s-]/g, '');
  const last = digits.charCodeAt(digits.length - 1);
  const upper = `${digits.slice(0, -1)}${String.fromCharCode(last + 1)}`;
  return and(gte(column, digits), lt(column, upper))!;
}

/** Case-insensitive substring match of `q` on any of the columns. */
export function searchWhere(columns: AnyColumn[], q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}
