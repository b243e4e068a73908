import 'server-only';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatNumber } from '@/lib/format';
import { ORDER_KINDS, orderListPath } from '@/lib/orders/lifecycle';
import { parseStatusQuery, statusTiles } from '@/lib/orders/status-counts';
import { fetchOrderStatusCounts } from '@/lib/resources/orders-server';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { DayInput } from '../ui/day-input';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { canReadOrders } from './list-access';

const tileClasses = 'flex items-center justify-between gap-3 rounded-md border border-line px-4 py-3';

/** `/OrdersStatus`: orders per status of one kind, in an optional day range; each count opens the filtered list. */
export async function OrdersStatusScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const service = String(ctx.route.service);
  const query = parseStatusQuery(searchParams);
  const t = await getTranslations('orders.statusPage');
  const self = (kind: string) =>
    `${pathname}?${new URLSearchParams({ kind, ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) })}`;
  const data = await fetchOrderStatusCounts(service, query, self(query.kind));
  const linked = canReadOrders(ctx, service, query.kind);
  const range = { from: query.from, to: query.to };

  return (
    <PageFrame route={ctx.route} description={t('description')}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
          <nav aria-label={t('kind')} className="flex gap-2">
            {ORDER_KINDS.map((kind) => (
              <Link
                key={kind}
                href={self(kind)}
                aria-current={kind === query.kind ? 'page' : undefined}
                className={buttonClasses({ variant: kind === query.kind ? 'primary' : 'secondary', size: 'sm' })}
              >
                {t(`kinds.${kind}`)}
              </Link>
            ))}
          </nav>
          <form method="get" action={pathname} className="flex flex-wrap items-end gap-3" aria-label={t('range')}>
            <input type="hidden" name="kind" value={query.kind} />
            {(['from', 'to'] as const).map((field) => (
              <div key={field} className="w-44">
                <label htmlFor={`status-${field}`} className="mb-1 block text-xs font-medium text-fg-muted">
                  {t(field)}
                </label>
                <DayInput id={`status-${field}`} name={field} value={query[field] ?? ''} />
              </div>
            ))}
            <button type="submit" className={buttonClasses({ variant: 'secondary' })}>
              {t('apply')}
            </button>
          </form>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('counts')}>
          <li>
            <Tile href={linked ? orderListPath(service, query.kind, range) : null} strong label={t('total')} count={data.total} />
          </li>
          {statusTiles(data.counts).map((tile) => (
            <li key={tile.status}>
              <Tile
                href={linked ? orderListPath(service, query.kind, { ...range, status: tile.status }) : null}
                label={<StatusBadge kind="orderEvent" value={tile.status} />}
                count={tile.count}
              />
            </li>
          ))}
        </ul>
      </Card>
    </PageFrame>
  );
}

function Tile({ href, label, count, strong }: { href: string | null; label: ReactNode; count: number; strong?: boolean }) {
  const body = (
    <>
      <span className={cn('min-w-0', strong && 'font-semibold text-fg')}>{label}</span>
      <span className="text-lg font-semibold text-fg tabular-nums">{formatNumber(count, 0)}</span>
    </>
  );
  if (!href) return <div className={tileClasses}>{body}</div>;
  return (
    <Link href={href} className={cn(tileClasses, 'hover:border-primary hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus')}>
      {body}
    </Link>
  );
}
