'use client';

import { allowedTransitions } from '@/lib/resources/shop';
import { StatusChanger } from './status-changer';

/** Change a shop's status along the allowed transitions, with an optional reason. */
export function ShopStatusChanger({
  service,
  id,
  status,
  version,
  canApprove,
}: {
  service: string;
  id: string;
  status: string;
  version: number;
  /** Who lacks the approval right is not offered `active` (the BFF and the Platform API refuse it too). */
  canApprove: boolean;
}) {
  return (
    <StatusChanger
      url={`/api/admin/${service}/Shop/${encodeURIComponent(id)}/status`}
      version={version}
      transitions={allowedTransitions(status).filter((to) => canApprove || to !== 'active')}
      namespace="shop"
    />
  );
}
