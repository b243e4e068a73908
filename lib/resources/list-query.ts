import { z } from 'zod';
import type { ResourceModule } from './kit';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListQuery, type PageSize } from './list-url';

export * from './list-url';

type SearchInput = URLSearchParams | Record<string, string | string[] | undefined>;

function toParams(input: SearchInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) params.set(key, first);
  }
  return params;
}

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);
const pageSizeSchema = z.coerce
  .number()
  .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
  .catch(DEFAULT_PAGE_SIZE);
const orderSchema = z.enum(['asc', 'desc']);
const textSchema = z.string().trim().max(100).catch('');

/** A calendar day as `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Reads the list view from search params: anything invalid falls back to the module's default. */
export function parseListQuery(module: Pick<ResourceModule, 'sortFields' | 'defaultSort' | 'filters'>, input: SearchInput): ListQuery {
  const params = toParams(input);
  const sortRaw = params.get('sort');
  const sort = sortRaw && module.sortFields.includes(sortRaw) ? sortRaw : module.defaultSort.sort;
  const orderParsed = orderSchema.safeParse(params.get('order'));
  const order = orderParsed.success ? orderParsed.data : module.defaultSort.order;
  const filters: Record<string, string> = {};
  for (const filter of module.filters) {
    const value = textSchema.parse(params.get(filter.field) ?? '');
    if (!value) continue;
    if (filter.kind === 'boolean' && value !== 'true' && value !== 'false') continue;
    if (filter.kind === 'select' && filter.options && !filter.options.some((o) => o.value === value)) continue;
    if (filter.kind === 'date' && !isIsoDate(value)) continue;
    filters[filter.field] = value;
  }
  // A day range given backwards (`from` after `to`) is read the right way round; the upstream refuses it otherwise.
  const { from, to } = filters;
  if (from && to && from > to && isIsoDate(from) && isIsoDate(to)) Object.assign(filters, { from: to, to: from });
  return {
    page: pageSchema.parse(params.get('page') ?? 1),
    pageSize: pageSizeSchema.parse(params.get('pageSize') ?? DEFAULT_PAGE_SIZE),
    sort,
    order,
    q: textSchema.parse(params.get('q') ?? ''),
    filters,
  };
}
