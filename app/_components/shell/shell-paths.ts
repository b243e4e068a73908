import type { ShellArea } from './side-menu-model';

export const NOT_FOUND_PATH = '/pages/error-404';

/** The area's home page (the brand link and the first breadcrumb). */
export function areaHome(area: ShellArea): string {
  return area === 'company' ? '/' : `/Service/${area}/Dashboard`;
}

/** The signed-in user's profile page in an area. */
export function profileHref(area: ShellArea): string {
  return area === 'company' ? '/Profile' : `/Service/${area}/Profile`;
}

/** The service's notifications page; the company area has none. */
export function notificationsHref(area: ShellArea): string | null {
  return area === 'company' ? null : `/Service/${area}/Notification`;
}

/** Rebuilds a concrete pathname from a catch-all's (decoded) segments. */
export function pathFromSegments(prefix: string, segments: readonly string[]): string {
  const rest = segments.map((s) => encodeURIComponent(s)).join('/');
  return `${prefix.replace(/\/+$/, '')}/${rest}`;
}
