import 'server-only';
import { canApprove, isService, type ApprovalKind } from '@contract/access';
import { can as hasFlag } from '@/lib/permissions';
import { apiPath, type ResourceModule } from '@/lib/resources/kit';
import { apiRuleFor, type Flag } from '@/lib/routes';
import { matchPath, ruleAllows } from '@/lib/server/guard-rules';
import type { PageContext } from '@/lib/server/guard';
import type { ListPermissions } from './resource-list';

/** Whether the user has the flag the BFF checks for an API path. */
export function canAt(ctx: PageContext, path: string, flag: Flag): boolean {
  const rule = apiRuleFor(path);
  return rule ? hasFlag(ctx.permissions, rule.service, rule.permission, flag) : false;
}

/** Whether the user has the approval right of the service (contract/access/approval.ts), as the BFF checks it. */
export const canApproveAt = (ctx: PageContext, service: string, kind: ApprovalKind): boolean =>
  isService(service) && canApprove(ctx.permissions, service, kind);

/** The flags the user has on a resource's API (the BFF checks the same ones). */
export function permissionsFor(ctx: PageContext, service: string, res: ResourceModule): ListPermissions {
  if (res.rootOnly && !ctx.session.root) return { create: false, write: false, delete: false, approve: false };
  const path = apiPath(service, res);
  return {
    create: canAt(ctx, path, 'create'),
    write: canAt(ctx, path, 'write'),
    delete: !res.undeletable && canAt(ctx, path, 'delete'),
    approve: !res.approval || canApproveAt(ctx, service, res.approval),
  };
}

/** Whether the user may save a hand ordering of the resource. */
export const canSortAt = (ctx: PageContext, service: string, res: ResourceModule) => canAt(ctx, `${apiPath(service, res)}/Sort`, 'write');

/** The service a kit page works in: its route's, or `''` in the company area (see `apiPath`, `pagePath`). */
export const serviceOfPage = (ctx: PageContext): string => (ctx.route.area === 'company' ? '' : String(ctx.route.service));

/** The first value of a search param. */
export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether the user may open a page of the registry (its rule and its read flag), to link to it or not. */
export function canOpen(ctx: PageContext, pathname: string): boolean {
  const match = matchPath(pathname);
  if (!match || !ruleAllows(match.route.rule, ctx.session.UserRole)) return false;
  const { service, permission } = match.route;
  return !service || permission === true || hasFlag(ctx.permissions, service, permission, 'read');
}
