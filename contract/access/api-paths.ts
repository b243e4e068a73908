import { ACCESS_ROUTES, SERVICE_ACTIONS } from './routes';
import { SERVICES } from './services';
import type { PermissionService } from './services';

export interface ApiRule {
  service: PermissionService;
  /** `true` for the signed-in user's own data (no flag check). */
  permission: string | true;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** API prefixes derived from the routes: `/api/admin/{Service}/{X}` and `/api/admin/{X}` for company data. */
const API_PREFIXES: { prefix: string[]; rule: ApiRule }[] = (() => {
  const seen = new Map<string, { prefix: string[]; rule: ApiRule }>();
  for (const route of ACCESS_ROUTES) {
    if (route.service === null || route.permission === true) continue;
    const words = route.permission.split(' ');
    const rest = route.area === 'company' ? words.slice(1) : words.slice(2);
    if (route.area === 'company' && route.pattern === '/') continue; // the dashboard reads through /api/admin/Dashboard
    const prefix = route.area === 'company' ? rest : [route.service, ...rest];
    const key = prefix.join('/');
    if (!seen.has(key)) seen.set(key, { prefix, rule: { service: route.service, permission: route.permission } });
  }
  // An action's permission (Wallet Adjust) guards the API paths below its own prefix.
  for (const action of SERVICE_ACTIONS) {
    const prefix = [action.service, ...action.path.split('/').filter(Boolean)];
    seen.set(prefix.join('/'), { prefix, rule: { service: action.service, permission: action.permission } });
  }
  seen.set('Dashboard', { prefix: ['Dashboard'], rule: { service: 'Admin', permission: 'Company Dashboard' } });
  // The signed-in user's own notifications (personal, like the Notification pages).
  seen.set('Notification', { prefix: ['Notification'], rule: { service: 'Admin', permission: true } });
  // The signed-in user's own profile and password (personal, like the Profile pages).
  seen.set('Profile', { prefix: ['Profile'], rule: { service: 'Admin', permission: true } });
  // Chat (personal, like the Chat pages): every user of the service; the Platform API keeps staff to their area.
  for (const service of SERVICES) seen.set(`${service}/Chat`, { prefix: [service, 'Chat'], rule: { service, permission: true } });
  // How money is written on the service's screens: every user of the service reads it, whatever their flags.
  for (const service of SERVICES) seen.set(`${service}/Currency/format`, { prefix: [service, 'Currency', 'format'], rule: { service, permission: true } });
  return [...seen.values()].sort((a, b) => b.prefix.length - a.prefix.length);
})();

/**
 * The permission an `/api/admin/...` business path needs, by the longest route prefix. Returns null for a path no
 * route gives (the BFF does not forward it; the Platform API refuses it).
 */
export function apiRuleFor(apiPath: string): ApiRule | null {
  const parts = segmentsOf(apiPath);
  if (parts[0] !== 'api' || parts[1] !== 'admin') return null;
  const rest = parts.slice(2);
  for (const { prefix, rule } of API_PREFIXES) {
    if (prefix.length <= rest.length && prefix.every((p, i) => p === rest[i])) return rule;
  }
  return null;
}
