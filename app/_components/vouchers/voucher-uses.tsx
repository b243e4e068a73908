import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations, getTimeZone } from 'next-intl/server';
import { voucherUsesAnswerSchema, type VoucherUse } from '@contract/resources/voucher';
import { formatDateTime, formatMoney } from '@/lib/format';
import { orderViewPath } from '@/lib/orders/lifecycle';
import type { PageContext } from '@/lib/server/guard';
import { getPageCurrency } from '@/lib/server/currency';
import { fetchForPage } from '@/lib/server/page-fetch';
import { canOpen, firstParam } from '../resource/access';
import { StatusBadge } from '../ui/status-badge';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { Table } from '../ui/table';
import { Facts } from '../orders/facts';

const PAGE_SIZE = 10;

/**
 * A voucher's uses on its view page: what it has cost (uses, the discount given, the app's and the shops' parts) and
 * the orders that used it, newest first, paged by `?usesPage=` in the URL; an order number opens the order where the
 * user may open it.
 */
export async function VoucherUses({
  ctx,
  service,
  id,
  pathname,
  searchParams,
}: {
  ctx: PageContext;
  service: string;
  id: string;
  pathname: string;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  const zone = await getTimeZone();
  const t = await getTranslations('voucher.uses');
  const [locale, currency] = await Promise.all([getLocale(), getPageCurrency()]);
  const asked = Number(firstParam(searchParams.usesPage) ?? '1');
  const page = Number.isSafeInteger(asked) && asked >= 1 && asked <= 1_000_000 ? asked : 1;
  const answer = await fetchForPage(`/api/admin/${service}/Voucher/${encodeURIComponent(id)}/uses`, {
    schema: voucherUsesAnswerSchema,
    returnTo: pathname,
    query: { page, pageSize: PAGE_SIZE },
  });
  const money = (value: number) => <span className="tabular-nums whitespace-nowrap">{formatMoney(value, locale, currency)}</span>;
  const pages = Math.max(1, Math.ceil(answer.total / PAGE_SIZE));
  const pageHref = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(searchParams)) {
      const first = firstParam(value);
      if (key !== 'usesPage' && first !== undefined) params.set(key, first);
    }
    if (n > 1) params.set('usesPage', String(n));
    const qs = params.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const pageLink = (n: number, label: string, rel: 'prev' | 'next') =>
    n >= 1 && n <= pages && n !== page ? (
      <Link href={pageHref(n)} rel={rel} scroll={false} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} pointer-events-none opacity-50`}>
        {label}
      </span>
    );
  const orderCell = (use: VoucherUse) => {
    const href = orderViewPath(service, use.kind, use.orderId);
    return canOpen(ctx, href) ? (
      <Link href={href} className="font-medium text-primary underline-offset-2 hover:underline">
        {use.orderNo}
      </Link>
    ) : (
      use.orderNo
    );
  };
  return (
    <div className="mt-6 space-y-4">
      <Card title={t('summaryTitle')}>
        <Facts
          items={[
            { label: t('summary.uses'), value: <span className="tabular-nums">{answer.summary.uses}</span> },
            { label: t('summary.totalDiscount'), value: money(answer.summary.totalDiscount) },
            { label: t('summary.paidByApp'), value: money(answer.summary.paidByApp) },
            { label: t('summary.paidByShops'), value: money(answer.summary.paidByShops) },
          ]}
        />
      </Card>
      <Card title={t('title')}>
        <Table
          caption={t('title')}
          scrollLabel={t('title')}
          rows={answer.data}
          rowKey={(use) => use.id}
          empty={<p className="text-sm text-fg-muted">{t('empty')}</p>}
          columns={[
            { key: 'orderNo', header: t('columns.orderNo'), className: 'whitespace-nowrap', cell: orderCell },
            { key: 'member', header: t('columns.member'), cell: (use) => use.memberName },
            { key: 'shop', header: t('columns.shop'), cell: (use) => use.shopName ?? '–' },
            { key: 'discount', header: t('columns.discount'), align: 'end', cell: (use) => money(use.discount) },
            { key: 'source', header: t('columns.source'), cell: (use) => <StatusBadge kind="voucherSource" value={use.source} /> },
            { key: 'at', header: t('columns.at'), className: 'whitespace-nowrap tabular-nums', cell: (use) => formatDateTime(use.createdAt, zone) },
          ]}
        />
        {answer.total > PAGE_SIZE && (
          <nav aria-label={t('pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted">
            <p>{t('total', { total: answer.total })}</p>
            <div className="flex items-center gap-2">
              {pageLink(page - 1, t('previous'), 'prev')}
              <span>{t('pageOf', { page, pages })}</span>
              {pageLink(page + 1, t('next'), 'next')}
            </div>
          </nav>
        )}
      </Card>
    </div>
  );
}
