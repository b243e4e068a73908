import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import type { MemberDetail } from '@contract/resources/accounts';
import { formatDateTime, formatMoney, formatSignedMoney } from '@/lib/format';
import { getPageCurrency } from '@/lib/server/currency';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { Stars } from '../ui/stars';
import { Table } from '../ui/table';

/** The parts a member's and a biker's pages share: orders, wallet, ratings, status history. */
type Orders = MemberDetail['orders'];
type Wallet = MemberDetail['wallet'];
type Ratings = MemberDetail['ratings'];
type History = MemberDetail['statusHistory'];

const nowrap = 'whitespace-nowrap tabular-nums';
const linkClass = 'text-primary-text hover:underline';

/** The latest orders, each linked to its page, and a link to all of them in the orders list. */
export async function AccountOrders({
  orders,
  allHref,
  orderHref,
}: {
  service: string;
  orders: Orders;
  /** The orders list, when the user may open it; each order's page likewise (no link to a page they cannot read). */
  allHref: string | null;
  orderHref: (kind: Orders['rows'][number]['kind'], id: string) => string | null;
}) {
  const zone = await getTimeZone();
  const t = await getTranslations('accounts');
  const to = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  return (
    <Card
      title={t('orders')}
      description={t('ordersShown', { shown: orders.rows.length, total: orders.total })}
      actions={
        orders.total > 0 && allHref ? (
          <Link href={allHref} className={linkClass}>
            {t('allOrders')}
          </Link>
        ) : null
      }
    >
      <Table
        caption={t('orders')}
        scrollLabel={t('orders')}
        rows={orders.rows}
        rowKey={(o) => o.id}
        empty={<p className="p-5 text-sm text-fg-muted">{t('noOrders')}</p>}
        columns={[
          {
            key: 'orderNo',
            header: to('fields.orderNo'),
            className: 'whitespace-nowrap',
            cell: (o) => {
              const href = orderHref(o.kind, o.id);
              return href ? (
                <Link href={href} className={linkClass}>
                  {o.orderNo}
                </Link>
              ) : (
                o.orderNo
              );
            },
          },
          { key: 'shop', header: to('fields.shop'), cell: (o) => o.shopName ?? to(`kind.${o.kind === 'parcel' ? 'parcel' : 'food'}`) },
          { key: 'status', header: to('fields.status'), cell: (o) => <StatusBadge kind="orderEvent" value={o.status} /> },
          { key: 'total', header: to('fields.total'), align: 'end', className: nowrap, cell: (o) => formatMoney(o.total, locale, currency) },
          { key: 'at', header: to('fields.createdAt'), className: nowrap, cell: (o) => formatDateTime(o.createdAt, zone) },
        ]}
      />
    </Card>
  );
}

/** The wallet's balance and latest transactions. */
export async function AccountWallet({ wallet }: { wallet: Wallet }) {
  const zone = await getTimeZone();
  const t = await getTranslations('accounts');
  const to = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  if (!wallet) {
    return (
      <Card title={t('wallet')}>
        <p className="p-5 text-sm text-fg-muted">{t('noWallet')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('wallet')} description={t('balance', { balance: formatMoney(wallet.balance, locale, currency) })}>
      <Table
        caption={t('wallet')}
        scrollLabel={t('wallet')}
        rows={wallet.transactions}
        rowKey={(tx) => tx.id}
        empty={<p className="p-5 text-sm text-fg-muted">{t('noTransactions')}</p>}
        columns={[
          { key: 'type', header: to('fields.type'), cell: (tx) => <StatusBadge kind="transactionType" value={tx.type} /> },
          { key: 'status', header: to('fields.txStatus'), cell: (tx) => <StatusBadge kind="walletTransaction" value={tx.status} /> },
          { key: 'order', header: to('fields.orderNo'), className: 'whitespace-nowrap', cell: (tx) => tx.orderNo ?? '' },
          {
            key: 'amount',
            header: to('fields.amount'),
            align: 'end',
            className: nowrap,
            cell: (tx) => formatSignedMoney(tx.amount, locale, currency),
          },
          { key: 'at', header: to('fields.createdAt'), className: nowrap, cell: (tx) => formatDateTime(tx.createdAt, zone) },
        ]}
      />
    </Card>
  );
}

/** Ratings given (a member's) or received (a biker's): stars, comment, whether hidden. */
export async function AccountRatings({ title, ratings, whoLabel }: { title: string; ratings: Ratings; whoLabel: string }) {
  const zone = await getTimeZone();
  const t = await getTranslations('accounts');
  return (
    <Card title={title}>
      <Table
        caption={title}
        scrollLabel={title}
        rows={ratings}
        rowKey={(r) => r.id}
        empty={<p className="p-5 text-sm text-fg-muted">{t('noRatings')}</p>}
        columns={[
          {
            key: 'stars',
            header: t('stars'),
            className: 'whitespace-nowrap',
            cell: (r) => <Stars value={r.stars} />,
          },
          { key: 'who', header: whoLabel, cell: (r) => r.name },
          { key: 'comment', header: t('comment'), cell: (r) => (r.hidden ? <span className="text-fg-muted line-through">{r.comment}</span> : r.comment) },
          { key: 'order', header: t('order'), className: 'whitespace-nowrap', cell: (r) => r.orderNo },
          { key: 'hidden', header: t('visibility'), cell: (r) => (r.hidden ? t('hidden') : t('visible')) },
          { key: 'at', header: t('when'), className: nowrap, cell: (r) => formatDateTime(r.createdAt, zone) },
        ]}
      />
    </Card>
  );
}

/** Every status change made from the back-office: from, to, why, who, when (newest first). */
export async function AccountHistory({ history }: { history: History }) {
  const zone = await getTimeZone();
  const t = await getTranslations('accounts');
  return (
    <Card title={t('history')}>
      <Table
        caption={t('history')}
        scrollLabel={t('history')}
        rows={history}
        rowKey={(h) => h.id}
        empty={<p className="p-5 text-sm text-fg-muted">{t('noHistory')}</p>}
        columns={[
          {
            key: 'change',
            header: t('change'),
            className: 'whitespace-nowrap',
            cell: (h) => (
              <span className="inline-flex items-center gap-1">
                <StatusBadge kind="account" value={h.fromStatus} /> → <StatusBadge kind="account" value={h.toStatus} />
              </span>
            ),
          },
          { key: 'reason', header: t('reason'), cell: (h) => h.reason },
          { key: 'by', header: t('by'), cell: (h) => h.changedBy ?? '' },
          { key: 'at', header: t('when'), className: nowrap, cell: (h) => formatDateTime(h.changedAt, zone) },
        ]}
      />
    </Card>
  );
}
