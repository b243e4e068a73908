import 'server-only';
import { isAppOnlyCall } from '@contract/app-channel';
import { isSupportAssigneesPath, SUPPORT_ASSIGNEES_FLAG } from '@contract/resources/support';
import { apiRuleFor, flagForMethod, type Flag, type PermissionService } from '@/lib/routes';
import type { ServerMessageCode } from './messages';

/**
 * Which `/api/admin/...` calls the BFF forwards, and after which check (ARCHITECTURE.md section 5): GET needs
 * `read`, POST `create`, PUT/PATCH `write`, DELETE `delete`, on the permission the route registry gives the path. A
 * read that serves a change needs the change's flag, as on the Platform API: who a support ticket can be assigned to.
 */
export const BFF_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type BffDecision =
  | { kind: 'forward'; path: string; flag: Flag; service: PermissionService | null; permission: string | true }
  | { kind: 'reject'; status: 403 | 404 | 405; code: ServerMessageCode };

const API_PREFIX = '/api/admin/';

/** The decoded segments after `/api/admin/`, or null when a segment is empty, a dot segment, or hides a slash. */
export function bffSegments(pathname: string): string[] | null {
  if (!pathname.startsWith(API_PREFIX)) return null;
  const raw = pathname.slice(API_PREFIX.length).replace(/\/$/, '').split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (!decoded || decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return null;
    segments.push(decoded);
  }
  return segments.length > 0 ? segments : null;
}

export function resolveBffRule(method: string, pathname: string, ownUid: string): BffDecision {
  const upper = method.toUpperCase();
  const flag = (BFF_METHODS as readonly string[]).includes(upper) ? flagForMethod(upper) : null;
  if (!flag) return { kind: 'reject', status: 405, code: 'methodNotAllowed' };
  const segments = bffSegments(pathname);
  if (!segments) return { kind: 'reject', status: 404, code: 'notFound' };
  // The auth calls are the portal's own handlers; nothing below /auth is ever forwarded.
  if (segments[0]!.toLowerCase() === 'auth') return { kind: 'reject', status: 404, code: 'notFound' };

  // What the member, shop and biker apps (or a payment provider) do is never a back-office user's to do.
  if (isAppOnlyCall(upper, segments)) return { kind: 'reject', status: 403, code: 'notAuthorized' };
  const path = API_PREFIX + segments.map(encodeURIComponent).join('/');
  if (upper === 'GET' && segments.length === 2 && segments[0] === 'Permission' && segments[1] === 'getPermission') {
    return { kind: 'forward', path, flag, service: null, permission: true };
  }
  if (upper === 'GET' && segments.length === 3 && segments[0] === 'AdminUser' && segments[1] === 'view' && segments[2] === ownUid) {
    return { kind: 'forward', path, flag, service: null, permission: true };
  }
  const rule = apiRuleFor(path);
  if (!rule) return { kind: 'reject', status: 403, code: 'notAuthorized' };
  const needed = upper === 'GET' && isSupportAssigneesPath(segments) ? SUPPORT_ASSIGNEES_FLAG : flag;
  return { kind: 'forward', path, flag: needed, service: rule.service, permission: rule.permission };
}
