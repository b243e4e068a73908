import 'server-only';
import { can } from '@/lib/permissions';
import { listOf } from '@/lib/orders/lifecycle';
import { apiRuleFor } from '@/lib/routes';
import type { PageContext } from '@/lib/server/guard';

/** The user may open a kind's order list (and its view pages): the read flag the registry gives the list. */
export function canReadOrders(ctx: PageContext, service: string, kind: string): boolean {
  const rule = apiRuleFor(`/api/admin/${service}/${listOf(kind)}`);
  return rule ? can(ctx.permissions, rule.service, rule.permission, 'read') : false;
}
