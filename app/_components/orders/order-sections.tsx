import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { formatDateTime, formatMoney, formatWeight } from '@/lib/format';
import type { OrderDetail } from '@/lib/resources/orders-schemas';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { Table } from '../ui/table';
import { Facts } from './facts';
import { getPageCurrency } from '@/lib/server/currency';

const person = (name?: string | null, phone?: string | null) => [name, phone].filter(Boolean).join(' · ');
/** A person's name, linked to their page when the user may open it. */
const linked = (text: string, href?: string) =>
  href ? (
    <Link href={href} className="text-primary-text hover:underline">
      {text}
    </Link>
  ) : (
    text
  );

/** Status, payment and the order's own notes. */
export async function OrderSummary({ order }: { order: OrderDetail }) {
  const zone = await getTimeZone();
  const t = await getTranslations('orders');
  return (
    <Card title={t('view.summary')}>
      <Facts
        items={[
          { label: t('fields.status'), value: <StatusBadge kind="orderEvent" value={order.status} /> },
          { label: t('fields.kind'), value: t(`kind.${order.kind === 'parcel' ? 'parcel' : 'food'}`) },
          { label: t('fields.paymentMethod'), value: <StatusBadge kind="paymentMethod" value={order.paymentMethod} /> },
          {
            label: t('fields.paymentStatus'),
            value: t.has(`paymentStatus.${order.paymentStatus}`) ? t(`paymentStatus.${order.paymentStatus}`) : order.paymentStatus,
          },
          { label: t('fields.createdAt'), value: formatDateTime(order.createdAt, zone) },
          { label: t('fields.updatedAt'), value: formatDateTime(order.updatedAt, zone) },
          { label: t('fields.area'), value: order.areaName },
          { label: t('fields.note'), value: order.note, when: Boolean(order.note) },
          { label: t('fields.cancelReason'), value: order.cancelReason, when: Boolean(order.cancelReason) },
        ]}
      />
    </Card>
  );
}

/** Who is involved: the member, the shop or the parcel's sender and receiver, and the biker. */
export async function OrderParties({ order, links = {} }: { order: OrderDetail; links?: { member?: string; biker?: string } }) {
  const t = await getTranslations('orders');
  const locale = await getLocale();
  const parcel = order.kind === 'parcel';
  return (
    <Card title={parcel ? t('view.parcel') : t('view.parties')}>
      <Facts
        items={[
          { label: t('fields.member'), value: linked(person(order.memberName, order.memberPhone), links.member) },
          { label: t('fields.shop'), value: order.shopName, when: !parcel },
          { label: t('fields.sender'), value: person(order.senderName, order.senderPhone), when: parcel },
          { label: t('fields.receiver'), value: person(order.receiverName, order.receiverPhone), when: parcel },
          { label: t('fields.weight'), value: typeof order.weightGram === 'number' ? formatWeight(order.weightGram, locale) : null, when: parcel },
          { label: t('fields.biker'), value: order.bikerName ? linked(order.bikerName, links.biker) : t('view.noBiker') },
          { label: t('fields.pickup'), value: order.pickup?.address },
          { label: t('fields.dropoff'), value: order.dropoff?.address },
        ]}
      />
    </Card>
  );
}

/** The food order's items: name, quantity, unit price and line total. */
export async function OrderItems({ order }: { order: OrderDetail }) {
  const t = await getTranslations('orders');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const rows = order.items.map((item, index) => ({ ...item, index }));
  return (
    <Card title={t('view.items')}>
      <Table
        caption={t('view.items')}
        scrollLabel={t('view.items')}
        rows={rows}
        rowKey={(item) => item.index}
        empty={<p className="text-sm text-fg-muted">{t('view.noItems')}</p>}
        columns={[
          { key: 'name', header: t('fields.itemName'), cell: (item) => item.name },
          { key: 'qty', header: t('fields.qty'), align: 'end', className: 'tabular-nums', cell: (item) => item.qty },
          { key: 'price', header: t('fields.price'), align: 'end', className: 'tabular-nums', cell: (item) => formatMoney(item.price, locale, currency) },
          {
            key: 'total',
            header: t('fields.lineTotal'),
            align: 'end',
            className: 'tabular-nums',
            cell: (item) => formatMoney(item.price * item.qty, locale, currency),
          },
        ]}
      />
    </Card>
  );
}
