'use client';

import { allowedTransitions } from '@/lib/resources/shop';
import { StatusChanger } from './status-changer';

/** Change a shop's status along the allowed transitions, with an optional reason. */
export function ShopStatusChanger({ service, id, status, version }: { service: string; id: string; status: string; version: number }) {
  return (
    <StatusChanger
      url={`/api/admin/${service}/Shop/${encodeURIComponent(id)}/status`}
      version={version}
      transitions={allowedTransitions(status)}
      namespace="shop"
    />
  );
}
