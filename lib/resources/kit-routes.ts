import type { ResourceMode, ScreenRef } from '@/lib/routes';

/**
 * The resource kit's screens live in route files of their own, so a page loads only its own client code: the list
 * (the catch-all route) carries no form, no drag-and-drop and no week editor. next.config.ts rewrites each registry
 * path to the route that renders it (`/Service/Delivery/Shop/Add` → `/Service/Delivery/kit-form/Shop/Add`), after
 * proxy.ts has checked the registry path; the browser keeps the registry path. Company pages go the same way below
 * `app/(company)/` (`/Information?new=1` → `/kit-form/Information`). A kit path typed in is not a registry path, so
 * proxy.ts sends it to the 404 page.
 */
export const KIT_ROUTES = ['form', 'sort', 'restore', 'config', 'approval'] as const;
export type KitRoute = (typeof KIT_ROUTES)[number];

/** The folder of a kit route below `app/Service/[service]/` (and `app/(company)/` for the company area). */
export const kitSegment = (route: KitRoute) => `kit-${route}`;

const BY_MODE: Record<ResourceMode, KitRoute | null> = {
  list: null,
  add: 'form',
  view: 'form',
  sort: 'sort',
  restore: 'restore',
  config: 'config',
  approval: 'approval',
};

/**
 * The kit route a page renders on, or null for the catch-all. A list opens its inline form (`?new=1`, `?edit={id}`),
 * its hand ordering (`?reorder=1`) or its deleted rows (`?deleted=1`) above or instead of the rows; those views load
 * the parts they need from the route that has them.
 */
export function kitRouteFor(view: ScreenRef | undefined, search: URLSearchParams): KitRoute | null {
  if (!view || !('resource' in view)) return null;
  if (view.mode !== 'list') return BY_MODE[view.mode];
  if (search.get('deleted') === '1') return 'restore';
  if (search.get('reorder') === '1') return 'sort';
  if (search.get('new') === '1' || search.has('edit')) return 'form';
  return null;
}

/** A rewrite of next.config's `beforeFiles`: a registry path (and the query that selects a view) → its kit route. */
export interface KitRewrite {
  source: string;
  destination: string;
  has?: { type: 'query'; key: string; value?: string }[];
}

const LIST_VIEWS: { route: KitRoute; has: NonNullable<KitRewrite['has']>[number] }[] = [
  { route: 'restore', has: { type: 'query', key: 'deleted', value: '1' } },
  { route: 'sort', has: { type: 'query', key: 'reorder', value: '1' } },
  { route: 'form', has: { type: 'query', key: 'new', value: '1' } },
  { route: 'form', has: { type: 'query', key: 'edit' } },
];

/**
 * The rewrites that send each resource page of the registry to its kit route, in next.config's syntax
 * (`[id]` → `:id`); the first that matches wins, in the order kitRouteFor decides.
 */
export function kitRewrites(routes: readonly { pattern: string; area?: string; service?: string | null; view?: ScreenRef }[]): KitRewrite[] {
  const out: KitRewrite[] = [];
  for (const r of routes) {
    if (!r.service || !r.view || !('resource' in r.view)) continue;
    const source = r.pattern.replace(/\[([^\]]+)\]/g, ':$1');
    // Company pages are full paths (`/Information` → `/kit-form/Information`); service pages keep their service.
    const prefix = r.area === 'company' ? '' : `/Service/${r.service}`;
    const tail = source.slice(prefix.length);
    const route = BY_MODE[r.view.mode];
    if (route) out.push({ source, destination: `${prefix}/${kitSegment(route)}${tail}` });
    else for (const v of LIST_VIEWS) out.push({ source, destination: `${prefix}/${kitSegment(v.route)}${tail}`, has: [v.has] });
  }
  return out;
}
