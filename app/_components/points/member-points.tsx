import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import type { MemberPoints } from '@contract/resources/points';
import { formatDateTime, formatMoney, formatPoints, localeNumberFormat } from '@/lib/format';
import { getPageCurrency } from '@/lib/server/currency';
import { StatusBadge } from '../ui/status-badge';
import { Card } from '../ui/card';
import { Table } from '../ui/table';

const nowrap = 'whitespace-nowrap tabular-nums';
const linkClass = 'text-primary-text hover:underline';

/** A member's points on their page: the balance, the latest movements (with a link to all of them) and the vouchers they used. */
export async function MemberPointsCards({ points, historyHref }: { points: MemberPoints; historyHref: string | null }) {
  const zone = await getTimeZone();
  const t = await getTranslations('points');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const number = localeNumberFormat(locale);
  return (
    <>
      <Card
        title={t('member.title')}
        description={t('member.balance')}
        actions={
          historyHref && points.movements.total > 0 ? (
            <Link href={historyHref} className={linkClass}>
              {t('member.all')}
            </Link>
          ) : null
        }
      >
        <p className="px-5 pt-1 text-2xl font-semibold tabular-nums text-fg" data-testid="member-points-balance">
          {number.format(points.balance)}
        </p>
        <Table
          caption={t('member.latest')}
          scrollLabel={t('member.latest')}
          rows={points.movements.rows}
          rowKey={(m) => m.id}
          empty={<p className="p-5 text-sm text-fg-muted">{t('member.none')}</p>}
          columns={[
            { key: 'at', header: t('fields.createdAt'), className: nowrap, cell: (m) => formatDateTime(m.createdAt, zone) },
            { key: 'source', header: t('fields.source'), cell: (m) => <StatusBadge kind="pointSource" value={m.source} /> },
            { key: 'amount', header: t('fields.amount'), align: 'end', className: nowrap, cell: (m) => formatPoints(m.amount, locale) },
            { key: 'detail', header: t('fields.detail'), cell: (m) => m.detail || '—' },
          ]}
        />
      </Card>
      <Card title={t('member.vouchers')}>
        <Table
          caption={t('member.vouchers')}
          scrollLabel={t('member.vouchers')}
          rows={points.vouchers}
          rowKey={(v) => v.id}
          empty={<p className="p-5 text-sm text-fg-muted">{t('member.noVouchers')}</p>}
          columns={[
            { key: 'code', header: t('member.code'), className: 'whitespace-nowrap', cell: (v) => v.code },
            { key: 'order', header: t('member.order'), className: 'whitespace-nowrap', cell: (v) => v.orderNo ?? '—' },
            { key: 'discount', header: t('member.discount'), align: 'end', className: nowrap, cell: (v) => formatMoney(v.discount, locale, currency) },
            { key: 'at', header: t('member.usedAt'), className: nowrap, cell: (v) => formatDateTime(v.usedAt, zone) },
          ]}
        />
      </Card>
    </>
  );
}
