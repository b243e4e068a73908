import type { Context } from 'hono';
import { APPROVAL_FLAG, approvalPermission, type ApprovalKind } from '@contract/access';
import { assertCan } from './auth';
import type { AppDeps, AppEnv } from './env';

/**
 * The approval right (contract/access/approval.ts) of the call's service, or 403: every route that can make a shop or
 * a biker active asks this, whatever flag its own path needed.
 */
export async function assertApproval(deps: AppDeps, c: Context<AppEnv>, kind: ApprovalKind): Promise<void> {
  const service = c.var.service.appType;
  await assertCan(deps, c.var.auth, service, approvalPermission(service, kind), APPROVAL_FLAG);
}
