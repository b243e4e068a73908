import 'server-only';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime, formatMetresIn, formatMoney, formatSignedMoney } from '@/lib/format';
import type { OrderDetail } from '@/lib/resources/orders-schemas';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { Table } from '../ui/table';
import { Facts } from './facts';
import { getPageCurrency } from '@/lib/server/currency';
import { getDistanceUnit } from '@/lib/server/company-brand';

/**
 * Items, delivery fee (with the distance it was priced by, in the company's unit, the band's estimate time and a
 * Marketplace order's carrier), discount and total; the split once settled; the refund once refunded.
 */
export async function OrderFees({ order }: { order: OrderDetail }) {
  const zone = await getTimeZone();
  const t = await getTranslations('orders');
  const [locale, currency, unit] = await Promise.all([getLocale(), getPageCurrency(), getDistanceUnit()]);
  const money = (value: number) => <span className="tabular-nums">{formatMoney(value, locale, currency)}</span>;
  const delivery = order.delivery;
  const distance = delivery?.distanceM ?? null;
  const minutes = delivery?.estimateMinutes ?? null;
  return (
    <Card title={t('view.fees')}>
      <Facts
        items={[
          { label: t('fields.itemsTotal'), value: money(order.itemsTotal), when: order.kind !== 'parcel' },
          { label: t('fields.deliveryFee'), value: money(order.deliveryFee) },
          {
            label: t('fields.distance'),
            value:
              distance === null ? null : (
                <span className="tabular-nums">{t('view.distance', { value: formatMetresIn(distance, unit), unit: t(`view.units.${unit}`) })}</span>
              ),
            when: distance !== null,
          },
          { label: t('fields.estimateTime'), value: minutes === null ? null : t('view.minutes', { minutes }), when: minutes !== null },
          { label: t('fields.carrier'), value: delivery?.carrierName, when: Boolean(delivery?.carrierName) },
          { label: t('fields.discount'), value: money(order.discount) },
          { label: t('fields.voucherCode'), value: order.voucherCode, when: Boolean(order.voucherCode) },
          { label: t('fields.total'), value: <strong>{money(order.total)}</strong> },
        ]}
      />
      {order.shares && (
        <div className="mt-4 border-t border-line pt-4">
          <h3 className="mb-3 text-sm font-semibold text-fg">{t('view.shares')}</h3>
          <Facts
            items={[
              { label: t('fields.appShare'), value: money(order.shares.app) },
              { label: t('fields.shopShare'), value: money(order.shares.shop), when: order.kind !== 'parcel' || order.shares.shop !== 0 },
              { label: t('fields.bikerShare'), value: money(order.shares.biker) },
            ]}
          />
        </div>
      )}
      {order.refund && (
        <div className="mt-4 border-t border-line pt-4">
          <h3 className="mb-3 text-sm font-semibold text-fg">{t('view.refund')}</h3>
          <Facts
            items={[
              { label: t('fields.refundAmount'), value: money(order.refund.amount) },
              { label: t('fields.refundAt'), value: formatDateTime(order.refund.at, zone) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

/** The wallet transactions the order caused (payment, split, refund), newest last. */
export async function OrderTransactions({ order }: { order: OrderDetail }) {
  const zone = await getTimeZone();
  const t = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const nowrap = 'whitespace-nowrap tabular-nums';
  return (
    <Card title={t('view.transactions')}>
      <Table
        caption={t('view.transactions')}
        scrollLabel={t('view.transactions')}
        rows={order.transactions}
        rowKey={(tx) => tx.id}
        empty={<p className="text-sm text-fg-muted">{t('view.noTransactions')}</p>}
        columns={[
          {
            key: 'wallet',
            header: t('fields.wallet'),
            className: 'whitespace-nowrap',
            cell: (tx) => (
              <>
                {t.has(`owner.${tx.ownerType}`) ? t(`owner.${tx.ownerType}`) : tx.ownerType}
                {tx.ownerName ? <span className="text-fg-muted"> · {tx.ownerName}</span> : null}
              </>
            ),
          },
          { key: 'type', header: t('fields.type'), cell: (tx) => <StatusBadge kind="transactionType" value={tx.type} /> },
          { key: 'status', header: t('fields.txStatus'), cell: (tx) => <StatusBadge kind="walletTransaction" value={tx.status} /> },
          { key: 'amount', header: t('fields.amount'), align: 'end', className: nowrap, cell: (tx) => formatSignedMoney(tx.amount, locale, currency) },
          { key: 'at', header: t('fields.createdAt'), className: nowrap, cell: (tx) => formatDateTime(tx.createdAt, zone) },
        ]}
      />
    </Card>
  );
}
