import { z } from 'zod';
import type { ResourceModule } from './kit';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** The list view as the URL keeps it, so a bookmark or shared link restores it. */
export interface ListQuery {
  page: number;
  pageSize: PageSize;
  sort: string;
  order: 'asc' | 'desc';
  q: string;
  filters: Record<string, string>;
}

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

/** The search params of a list view, in a stable order; defaults are left out so URLs stay short. */
export function serializeListQuery(query: ListQuery, defaults?: Pick<ResourceModule, 'defaultSort'>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const key of Object.keys(query.filters).sort()) {
    const value = query.filters[key];
    if (value) params.set(key, value);
  }
  const isDefaultSort = defaults && query.sort === defaults.defaultSort.sort && query.order === defaults.defaultSort.order;
  if (!isDefaultSort) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** The query the upstream list endpoint takes (always explicit page, size and sort). */
export function upstreamListParams(query: ListQuery, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { page: String(query.page), pageSize: String(query.pageSize), sort: query.sort, order: query.order };
  if (query.q) out.q = query.q;
  return { ...out, ...query.filters, ...extra };
}

/** The href of the same view with some parts changed (a new filter or sort goes back to page 1). */
export function hrefWith(pathname: string, query: ListQuery, change: Partial<ListQuery>, defaults?: Pick<ResourceModule, 'defaultSort'>): string {
  const resetsPage = 'sort' in change || 'order' in change || 'q' in change || 'filters' in change || 'pageSize' in change;
  const next: ListQuery = { ...query, ...(resetsPage ? { page: 1 } : {}), ...change };
  const search = serializeListQuery(next, defaults).toString();
  return search ? `${pathname}?${search}` : pathname;
}
