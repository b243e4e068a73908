import 'server-only';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime, formatMoney } from '@/lib/format';
import { timelineOf } from '@/lib/orders/timeline';
import type { OrderDetail } from '@/lib/resources/orders-schemas';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { getPageCurrency } from '@/lib/server/currency';

/** The order's history: each event with its time and actor, and the refund where it happened. */
export async function OrderTimeline({ order }: { order: OrderDetail }) {
  const zone = await getTimeZone();
  const t = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const entries = timelineOf(order.events, order.refund);
  const actor = (type: string, name?: string | null) => {
    const role = t.has(`actor.${type}`) ? t(`actor.${type}`) : type;
    return name ? t('view.byActor', { name, role }) : role;
  };
  return (
    <Card title={t('view.timeline')}>
      {entries.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('view.noEvents')}</p>
      ) : (
        <ol className="relative space-y-4 border-s border-line ps-5" aria-label={t('view.timeline')}>
          {entries.map((entry, index) => (
            <li
              key={entry.kind === 'event' ? `e${entry.event.id}` : `r${index}`}
              className="relative"
              data-event={entry.kind === 'event' ? entry.event.event : 'refund'}
            >
              <span aria-hidden="true" className="absolute -start-[1.65rem] top-1.5 size-2.5 rounded-full border-2 border-surface bg-primary" />
              <div className="flex flex-wrap items-center gap-2">
                {entry.kind === 'event' ? <StatusBadge kind="orderEvent" value={entry.event.event} /> : <StatusBadge kind="transactionType" value="refund" />}
                <time dateTime={entry.at} className="text-xs text-fg-muted tabular-nums">
                  {formatDateTime(entry.at, zone)}
                </time>
              </div>
              {entry.kind === 'event' ? (
                <>
                  <p className="mt-1 text-sm text-fg">{actor(entry.event.actorType, entry.event.actorName)}</p>
                  {entry.event.note ? <p className="mt-0.5 text-sm text-fg-muted">{entry.event.note}</p> : null}
                </>
              ) : (
                <p className="mt-1 text-sm text-fg">{t('view.refundEntry', { amount: formatMoney(entry.amount, locale, currency) })}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
