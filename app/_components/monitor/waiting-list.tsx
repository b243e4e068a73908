'use client';

import { useTimeZone, useTranslations } from 'next-intl';
import type { CompanyDistanceUnit } from '@contract/distance-units';
import { formatMetresIn } from '@/lib/format';
import type { MonitorOrder } from '@/lib/monitor/schema';
import { useMoney } from '../ui/currency';
import { when } from './when';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { StatusBadge } from '../ui/status-badge';
import { cn } from '../ui/cn';

/** At most this many waiting orders are listed; the rest are counted. */
export const WAITING_SHOWN = 100;

interface WaitingListProps {
  orders: readonly MonitorOrder[];
  /** The company's distance unit: each order's delivery distance is shown in it. */
  distanceUnit: CompanyDistanceUnit;
  canAssign: boolean;
  selectedId: string | null;
  onSelect: (order: MonitorOrder) => void;
  onAssign: (order: MonitorOrder) => void;
}

/**
 * Orders ready for a biker, as the Platform API lists them (newest first), each with an Assign action when the user
 * may write and the API flags the order `waiting`.
 */
export function WaitingList({ orders, distanceUnit, canAssign, selectedId, onSelect, onAssign }: WaitingListProps) {
  const t = useTranslations('monitor.waiting');
  const zone = useTimeZone();
  const kinds = useTranslations('monitor.kind');
  const money = useMoney();
  const shown = orders.slice(0, WAITING_SHOWN);
  return (
    <Card title={t('title')} description={t('description', { count: orders.length })} className="flex min-h-0 flex-col">
      {shown.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul aria-label={t('title')} className="-mx-2 max-h-[26rem] space-y-1 overflow-y-auto" data-testid="monitor-waiting">
          {shown.map((order) => (
            <li
              key={order.id}
              data-order-no={order.orderNo}
              className={cn('flex items-start justify-between gap-3 rounded-md px-2 py-2', selectedId === order.id && 'bg-primary-soft')}
            >
              <button type="button" className="min-w-0 text-start" onClick={() => onSelect(order)}>
                <span className="block font-medium text-fg">{order.orderNo}</span>
                <span className="block truncate text-xs text-fg-muted">
                  {[kinds(order.kind === 'parcel' ? 'parcel' : 'food'), order.shopName || order.senderName, order.areaName].filter(Boolean).join(' · ')}
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                  <StatusBadge kind="orderEvent" value={order.status} />
                  {order.total !== null && <span>{money(order.total)}</span>}
                  {order.distanceM !== null && (
                    <span className="tabular-nums">
                      {t('distance', { value: formatMetresIn(order.distanceM, distanceUnit), unit: t(`units.${distanceUnit}`) })}
                    </span>
                  )}
                  {when(order.createdAt, zone) && <span>{when(order.createdAt, zone)}</span>}
                </span>
              </button>
              {canAssign && order.waiting && (
                <Button size="sm" variant="secondary" onClick={() => onAssign(order)} aria-label={t('assignOrder', { orderNo: order.orderNo })}>
                  {t('assign')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {orders.length > shown.length && <p className="mt-2 text-xs text-fg-muted">{t('more', { count: orders.length - shown.length })}</p>}
    </Card>
  );
}
