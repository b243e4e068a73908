import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { OrderDetail } from '@/lib/resources/orders-schemas';
import { StatusBadge } from '../ui/badge';
import { Card } from '../ui/card';
import { Facts } from './facts';

/** A signed amount: '+12.00 Baht' for money in, '-12.00 Baht' for money out. */
const signed = (amount: number, locale: string) => `${amount > 0 ? '+' : ''}${formatMoney(amount, locale)}`;

/** Items, delivery fee, discount and total; the split once settled; the refund once refunded. */
export async function OrderFees({ order }: { order: OrderDetail }) {
  const t = await getTranslations('orders');
  const locale = await getLocale();
  const money = (value: number) => <span className="tabular-nums">{formatMoney(value, locale)}</span>;
  return (
    <Card title={t('view.fees')}>
      <Facts
        items={[
          { label: t('fields.itemsTotal'), value: money(order.itemsTotal), when: order.kind !== 'parcel' },
          { label: t('fields.deliveryFee'), value: money(order.deliveryFee) },
          { label: t('fields.discount'), value: money(order.discount) },
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
              { label: t('fields.refundAt'), value: formatDateTime(order.refund.at) },
            ]}
          />
        </div>
      )}
    </Card>
  );
}

/** The wallet transactions the order caused (payment, split, refund), newest last. */
export async function OrderTransactions({ order }: { order: OrderDetail }) {
  const t = await getTranslations('orders');
  const locale = await getLocale();
  const th = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase';
  return (
    <Card title={t('view.transactions')}>
      {order.transactions.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('view.noTransactions')}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('view.transactions')}>
          <table className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-line bg-surface-muted">
                <th scope="col" className={th}>{t('fields.wallet')}</th>
                <th scope="col" className={th}>{t('fields.type')}</th>
                <th scope="col" className={th}>{t('fields.txStatus')}</th>
                <th scope="col" className={`${th} text-end`}>{t('fields.amount')}</th>
                <th scope="col" className={th}>{t('fields.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {order.transactions.map((tx) => (
                <tr key={tx.id} className="border-b border-line last:border-b-0">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {t.has(`owner.${tx.ownerType}`) ? t(`owner.${tx.ownerType}`) : tx.ownerType}
                    {tx.ownerName ? <span className="text-fg-muted"> · {tx.ownerName}</span> : null}
                  </td>
                  <td className="px-3 py-2"><StatusBadge kind="transactionType" value={tx.type} /></td>
                  <td className="px-3 py-2"><StatusBadge kind="walletTransaction" value={tx.status} /></td>
                  <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{signed(tx.amount, locale)}</td>
                  <td className="px-3 py-2 tabular-nums whitespace-nowrap">{formatDateTime(tx.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
