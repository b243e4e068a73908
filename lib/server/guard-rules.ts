import 'server-only';
import { matchRoute, type RouteMatch, type Rule } from '@/lib/routes';

/** The spec's route rules: admin → only admin; staff → staff or admin; public → anyone. */
export function ruleAllows(rule: Rule, role: string | null | undefined): boolean {
  switch (rule) {
    case 'public':
      return true;
    case 'staff':
      return role === 'staff' || role === 'admin';
    case 'admin':
      return role === 'admin';
    default:
      return false;
  }
}

/** The registry entry of a pathname; a path that cannot be decoded matches nothing (→ the 404 page). */
export function matchPath(pathname: string): RouteMatch | null {
  try {
    return matchRoute(pathname);
  } catch {
    return null;
  }
}

/** A request the router or the browser makes ahead of a navigation (Next's prefetch, a speculative load), not one. */
export function isPrefetchRequest(headers: Pick<Headers, 'get'>): boolean {
  return headers.get('next-router-prefetch') === '1' || /prefetch/i.test(headers.get('sec-purpose') ?? headers.get('purpose') ?? '');
}
