import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { dayLabel, peakDay, totalOf } from '@/lib/dashboard/days';
import type { DayPoint } from '@/lib/dashboard/schema';
import { formatCompact, formatMoney, formatNumber } from '@/lib/format';
import { Table } from '../ui/table';
import { ChartCard } from './chart-card';
import { DayChart } from './day-chart';
import { getPageCurrency } from '@/lib/server/currency';

/** The 30 days as a table: day, orders placed, revenue of those delivered (newest first, as people look them up). */
async function DaysTable({ points, caption }: { points: DayPoint[]; caption: string }) {
  const [t, locale, currency] = await Promise.all([getTranslations('dashboard'), getLocale(), getPageCurrency()]);
  return (
    <Table
      caption={caption}
      scrollLabel={t('scroll')}
      rows={[...points].reverse()}
      rowKey={(p) => p.day}
      empty={t('noOrdersTitle')}
      columns={[
        { key: 'day', header: t('columns.day'), cell: (p) => dayLabel(p.day) },
        { key: 'orders', header: t('columns.orders'), align: 'end', className: 'tabular-nums', cell: (p) => formatNumber(p.orders) },
        { key: 'amount', header: t('columns.revenue'), align: 'end', className: 'tabular-nums', cell: (p) => formatMoney(p.amount, locale, currency) },
      ]}
    />
  );
}

/** Orders placed per day over the window, as columns. */
export async function OrdersPerDay({ points }: { points: DayPoint[] }) {
  const t = await getTranslations('dashboard.perDay');
  const peak = peakDay(points, 'orders');
  const title = t('title');
  return (
    <ChartCard
      id="orders-per-day"
      title={title}
      description={t('description')}
      empty={!peak}
      summary={peak ? t('summary', { total: formatNumber(totalOf(points, 'orders')), day: dayLabel(peak.day), orders: formatNumber(peak.orders) }) : undefined}
      table={<DaysTable points={points} caption={title} />}
    >
      <DayChart
        points={points}
        field="orders"
        tickText={(value) => formatCompact(value)}
        tips={points.map((p) => t('tooltip', { day: dayLabel(p.day), orders: formatNumber(p.orders) }))}
      />
    </ChartCard>
  );
}

/** Revenue per day: the totals (satang, shown in baht) of the delivered orders by the day they were placed, as a line. */
export async function AmountPerDay({ points }: { points: DayPoint[] }) {
  const [t, locale, currency] = await Promise.all([getTranslations('dashboard.amountPerDay'), getLocale(), getPageCurrency()]);
  const peak = peakDay(points, 'amount');
  const title = t('title');
  const money = (satang: number) => formatMoney(satang, locale, currency);
  return (
    <ChartCard
      id="amount-per-day"
      title={title}
      description={t('description')}
      empty={!peak}
      summary={peak ? t('summary', { total: money(totalOf(points, 'amount')), day: dayLabel(peak.day), amount: money(peak.amount) }) : undefined}
      table={<DaysTable points={points} caption={title} />}
    >
      <DayChart
        points={points}
        field="amount"
        // Ticks are whole baht (moneyAxis), so the division is exact.
        tickText={(satang) => formatCompact(satang / 100)}
        tips={points.map((p) => t('tooltip', { day: dayLabel(p.day), amount: money(p.amount) }))}
      />
    </ChartCard>
  );
}
