import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { TopShop } from '@/lib/dashboard/schema';
import { formatMoney, formatNumber } from '@/lib/format';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { Table } from '../ui/table';
import { Meter } from './meter';
import { getPageCurrency } from '@/lib/server/currency';

export interface TopShopsProps {
  shops: TopShop[];
  /** A shop's view page, when the user may open it (a service dashboard with read on its Shop menu). */
  shopHref: ((shopId: string) => string) | null;
}

/** The shops with the most delivered orders this month, ranked, each with a bar of its orders against the first's. */
export async function TopShops({ shops, shopHref }: TopShopsProps) {
  const [t, locale, currency] = await Promise.all([getTranslations('dashboard'), getLocale(), getPageCurrency()]);
  const title = t('topShops.title');
  const max = Math.max(0, ...shops.map((s) => s.orders));
  const rows = shops.map((shop, i) => ({ ...shop, rank: i + 1 }));
  return (
    <Card title={title} description={t('topShops.description')} className="min-w-0">
      <div data-testid="top-shops">
        <Table
          caption={title}
          scrollLabel={t('scroll')}
          rows={rows}
          rowKey={(r) => r.shopId}
          empty={<EmptyState title={t('noOrdersTitle')} description={t('topShops.empty')} />}
          columns={[
            { key: 'rank', header: t('columns.rank'), align: 'end', className: 'w-12 tabular-nums text-fg-muted', cell: (r) => formatNumber(r.rank) },
            {
              key: 'shop',
              header: t('columns.shop'),
              className: 'min-w-40',
              cell: (r) => (
                <>
                  {shopHref ? (
                    <Link href={shopHref(r.shopId)} className="font-medium text-primary-text underline-offset-2 hover:underline">
                      {r.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{r.name}</span>
                  )}
                  <Meter value={r.orders} max={max} className="mt-1.5" />
                </>
              ),
            },
            { key: 'orders', header: t('columns.orders'), align: 'end', className: 'tabular-nums', cell: (r) => formatNumber(r.orders) },
            {
              key: 'amount',
              header: t('columns.revenue'),
              align: 'end',
              className: 'tabular-nums whitespace-nowrap',
              cell: (r) => formatMoney(r.amount, locale, currency),
            },
          ]}
        />
      </div>
    </Card>
  );
}
