import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, type ResourceMode } from '@/lib/routes';
import { KIT_ROUTES, kitRewrites, kitRouteFor, kitSegment, type KitRewrite } from './kit-routes';

const view = (mode: ResourceMode) => ({ resource: 'shop' as const, mode });
const search = (query = '') => new URLSearchParams(query);

describe('the kit route of a page', () => {
  it('keeps a plain list and every page without a resource screen on the catch-all', () => {
    expect(kitRouteFor(view('list'), search())).toBeNull();
    expect(kitRouteFor(view('list'), search('q=noodle&page=2&status=active'))).toBeNull();
    expect(kitRouteFor(undefined, search('new=1'))).toBeNull();
    expect(kitRouteFor({ screen: 'orders' }, search('edit=1'))).toBeNull();
  });

  it('sends each other mode to the route that has its parts', () => {
    expect(kitRouteFor(view('add'), search())).toBe('form');
    expect(kitRouteFor(view('view'), search())).toBe('form');
    expect(kitRouteFor(view('sort'), search())).toBe('sort');
    expect(kitRouteFor(view('restore'), search())).toBe('restore');
    expect(kitRouteFor(view('config'), search())).toBe('config');
    expect(kitRouteFor(view('approval'), search())).toBe('approval');
  });

  it("sends a list's inline form, hand ordering and deleted rows to their routes", () => {
    expect(kitRouteFor(view('list'), search('new=1'))).toBe('form');
    expect(kitRouteFor(view('list'), search('edit=42'))).toBe('form');
    expect(kitRouteFor(view('list'), search('reorder=1'))).toBe('sort');
    expect(kitRouteFor(view('list'), search('deleted=1&page=2'))).toBe('restore');
    expect(kitRouteFor(view('list'), search('new=0'))).toBeNull();
  });

  it("next.config's rewrites send every resource page, with each query that selects a view, where kitRouteFor says", () => {
    const rewrites = kitRewrites(ROUTES);
    const applies = (r: KitRewrite, path: string, query: URLSearchParams) =>
      new RegExp(`^${r.source.replace(/:[^/]+/g, '[^/]+')}$`).test(path) &&
      (r.has ?? []).every((h) => query.has(h.key) && (h.value === undefined || query.get(h.key) === h.value));
    let checked = 0;
    for (const route of ROUTES) {
      if (!route.service || !route.view || !('resource' in route.view)) continue;
      const path = route.pattern.replace(/\[[^\]]+\]/g, '7');
      for (const q of ['', 'page=2', 'new=1', 'edit=3', 'reorder=1', 'deleted=1', 'new=1&deleted=1', 'reorder=1&edit=2']) {
        const query = new URLSearchParams(q);
        const kit = kitRouteFor(route.view, query);
        const prefix = route.area === 'company' ? '' : `/Service/${route.service}`;
        const expected = kit ? `${prefix}/${kitSegment(kit)}${path.slice(prefix.length)}` : null;
        const first = rewrites.find((r) => applies(r, path, query));
        expect(first ? first.destination.replace(/:[^/]+/g, '7') : null, `${path}?${q}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('no registry path starts with a kit segment, so a kit route is reachable only through the rewrite', () => {
    const segments = new Set(KIT_ROUTES.map(kitSegment));
    for (const route of ROUTES) expect(segments.has(route.pattern.split('/')[route.area === 'service' ? 3 : 1] ?? '')).toBe(false);
  });

  it('covers the company area too, and every destination has its route file', () => {
    const rewrites = kitRewrites(ROUTES);
    expect(rewrites).toContainEqual({ source: '/Information', destination: '/kit-form/Information', has: [{ type: 'query', key: 'new', value: '1' }] });
    for (const r of rewrites) {
      const parts = r.destination.split('/');
      const folder = parts[1] === 'Service' ? join('app/Service/[service]', parts[3]!) : join('app/(company)', parts[1]!);
      expect(existsSync(join(folder, '[...slug]/page.tsx')), r.destination).toBe(true);
    }
  });
});
