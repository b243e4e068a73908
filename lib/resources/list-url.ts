import type { ResourceModule } from './kit';

/**
 * A list view as the URL keeps it, and the URLs of its variations. No zod here: the list's client parts (table,
 * controls, pagination) import this, and the page's bundle stays small. Reading a URL is `list-query.ts`.
 */
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
  /** The page's tab showing this list (`?tab=`), kept in every URL of the view; none for the page's own list. */
  tab?: string;
}

/** The search params of a list view, in a stable order; defaults are left out so URLs stay short. */
export function serializeListQuery(query: ListQuery, defaults?: Pick<ResourceModule, 'defaultSort'>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tab) params.set('tab', query.tab);
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
