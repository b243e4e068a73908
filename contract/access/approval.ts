import { can, type PermissionList } from './permissions';
import { isService, type Flag, type ServiceName } from './services';

/**
 * Approval: the one permission checked wherever a shop's or a biker's status can become active. It is the decision
 * right of the registrations menu (`Service {service} Regis Shop` / `Regis Biker`, flag `create`, the flag approving a
 * registration already needs): creating a shop as active, moving one (or many) to active, approving a registration,
 * reactivating a biker and importing bikers (they start active) all need it, in the portal's BFF and in the Platform API.
 */
export type ApprovalKind = 'shop' | 'biker';
export const APPROVAL_FLAG: Flag = 'create';

export const approvalPermission = (service: ServiceName, kind: ApprovalKind): string => `Service ${service} Regis ${kind === 'shop' ? 'Shop' : 'Biker'}`;

/** Whether a permission list holds the approval right of the kind (an administrator's list holds every flag). */
export const canApprove = (list: PermissionList | null | undefined, service: ServiceName, kind: ApprovalKind): boolean =>
  can(list, service, approvalPermission(service, kind), APPROVAL_FLAG);

const statusOf = (body: unknown): unknown => (body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined);

/**
 * The approval a back-office call needs (its segments below `/api/admin/`, its JSON body), or null when it cannot make
 * a shop or biker active. The Platform API checks the same calls on its own (upstream/src/kit/approval.ts).
 */
export function approvalNeeded(method: string, segments: readonly string[], body: unknown): { service: ServiceName; kind: ApprovalKind } | null {
  const [service, ...rest] = segments;
  if (!isService(service)) return null;
  const upper = method.toUpperCase();
  const path = rest.join('/');
  const active = statusOf(body) === 'active';
  if (upper === 'POST' && path === 'Shop' && active) return { service, kind: 'shop' };
  if (upper === 'PATCH' && active && (path === 'Shop/status' || /^Shop\/[^/]+\/status$/.test(path))) return { service, kind: 'shop' };
  if (upper === 'PATCH' && active && /^Member\/Biker\/[^/]+\/status$/.test(path)) return { service, kind: 'biker' };
  if (upper === 'POST' && /^Regis\/Shop\/[^/]+\/approve$/.test(path)) return { service, kind: 'shop' };
  if (upper === 'POST' && /^Regis\/Biker\/[^/]+\/approve$/.test(path)) return { service, kind: 'biker' };
  if (upper === 'POST' && /^Import\/Biker\/[^/]+\/run$/.test(path)) return { service, kind: 'biker' };
  return null;
}
