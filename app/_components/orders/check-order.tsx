import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime, formatMoney } from '@/lib/format';
import { normalizeCheckQuery } from '@/lib/orders/check';
import { orderViewPath } from '@/lib/orders/lifecycle';
import { fetchCheckOrders } from '@/lib/resources/orders-server';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { inputClasses } from '../ui/form-field';
import { canReadOrders } from './list-access';
import { getPageCurrency } from '@/lib/server/currency';

const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase';

/** `/Check/Order`: find orders of both kinds by order number or member phone; each result opens its view page. */
export async function CheckOrderScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const zone = await getTimeZone();
  const service = String(ctx.route.service);
  const q = normalizeCheckQuery(searchParams.q);
  const t = await getTranslations('orders.check');
  const tf = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const rows = q ? await fetchCheckOrders(service, q, `${pathname}?${new URLSearchParams({ q })}`) : [];

  return (
    <PageFrame route={ctx.route} description={t('description')}>
      <Card>
        <form method="get" action={pathname} role="search" className="mb-4 flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <label htmlFor="check-q" className="mb-1 block text-xs font-medium text-fg-muted">
              {t('label')}
            </label>
            <input id="check-q" name="q" type="search" defaultValue={q} maxLength={50} placeholder={t('placeholder')} className={inputClasses()} />
          </div>
          <button type="submit" className={buttonClasses()}>
            {t('submit')}
          </button>
        </form>
        {!q ? (
          <EmptyState title={t('promptTitle')} description={t('promptBody')} />
        ) : rows.length === 0 ? (
          <EmptyState title={t('notFound', { q })} description={t('notFoundBody')} />
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('results')}>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t('results')}</caption>
              <thead>
                <tr className="border-b border-line bg-surface-muted">
                  <th scope="col" className={th}>
                    {tf('fields.orderNo')}
                  </th>
                  <th scope="col" className={th}>
                    {tf('fields.kind')}
                  </th>
                  <th scope="col" className={th}>
                    {tf('fields.createdAt')}
                  </th>
                  <th scope="col" className={th}>
                    {tf('fields.member')}
                  </th>
                  <th scope="col" className={th}>
                    {tf('fields.status')}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {tf('fields.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-line last:border-b-0">
                    <td className="px-3 py-2 font-medium">
                      {canReadOrders(ctx, service, row.kind) ? (
                        <Link href={orderViewPath(service, row.kind, row.id)} className="text-primary-text underline-offset-2 hover:underline">
                          {row.orderNo}
                        </Link>
                      ) : (
                        row.orderNo
                      )}
                    </td>
                    <td className="px-3 py-2">{tf(`kind.${row.kind === 'parcel' ? 'parcel' : 'food'}`)}</td>
                    <td className="px-3 py-2 tabular-nums whitespace-nowrap">{formatDateTime(row.createdAt, zone)}</td>
                    <td className="px-3 py-2">{[row.memberName, row.memberPhone].filter(Boolean).join(' · ')}</td>
                    <td className="px-3 py-2">
                      <StatusBadge kind="orderEvent" value={row.status} />
                    </td>
                    <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{formatMoney(row.total, locale, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
