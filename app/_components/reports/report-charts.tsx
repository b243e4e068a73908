import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import type { Report, ReportRow } from '@contract/resources/reports';
import { dayLabel } from '@/lib/dashboard/days';
import { formatCompact, formatMoney, formatNumber } from '@/lib/format';
import { getPageCurrency } from '@/lib/server/currency';
import { ChartCard } from '../dashboard/chart-card';
import { DayChart } from '../dashboard/day-chart';
import { Meter } from '../dashboard/meter';
import { Table } from '../ui/table';

/** What the members paid per day (or month) of the period, as a line; the exact figures in a table under it. */
export async function ReportTrend({ report }: { report: Report }) {
  const [t, columns, locale, currency] = await Promise.all([
    getTranslations('reports.trend'),
    getTranslations('reports.columns'),
    getLocale(),
    getPageCurrency(),
  ]);
  const money = (satang: number) => formatMoney(satang, locale, currency);
  const points = report.trend.map((p) => ({ day: p.key, orders: p.orders, amount: p.SumTotal }));
  const peak = points.reduce<(typeof points)[number] | null>((best, p) => (p.amount > 0 && (!best || p.amount >= best.amount) ? p : best), null);
  const title = t(report.bucket === 'month' ? 'titleMonths' : 'title');
  return (
    <ChartCard
      id="report-trend"
      title={title}
      empty={!peak}
      summary={peak ? t('summary', { total: money(report.totals.SumTotal), when: dayLabel(peak.day), amount: money(peak.amount) }) : undefined}
      table={
        <Table
          caption={title}
          scrollLabel={t('title')}
          rows={report.trend}
          rowKey={(p) => p.key}
          empty={t('title')}
          columns={[
            { key: 'key', header: t('when'), cell: (p) => dayLabel(p.key) },
            { key: 'orders', header: t('orders'), align: 'end', className: 'tabular-nums', cell: (p) => formatNumber(p.orders) },
            { key: 'SumTotal', header: columns('SumTotal'), align: 'end', className: 'tabular-nums', cell: (p) => money(p.SumTotal) },
            { key: 'AppTotal', header: columns('AppTotal'), align: 'end', className: 'tabular-nums', cell: (p) => money(p.AppTotal) },
          ]}
        />
      }
    >
      <DayChart
        points={points}
        field="amount"
        // Ticks are whole units (moneyAxis), so the division is exact.
        tickText={(satang) => formatCompact(satang / 100)}
        tips={points.map((p) => t('tooltip', { when: dayLabel(p.day), amount: money(p.amount), orders: formatNumber(p.orders) }))}
      />
    </ChartCard>
  );
}

/** The first ten shops by SumTotal, each with a bar against the first's. */
export async function ReportTopChart({ rows, title }: { rows: ReportRow[]; title: string }) {
  const [t, locale, currency] = await Promise.all([getTranslations('reports'), getLocale(), getPageCurrency()]);
  const top = rows.slice(0, 10);
  const max = Math.max(0, ...top.map((r) => r.SumTotal));
  return (
    <ChartCard id="report-top" title={title} empty={top.length === 0}>
      <ol className="space-y-3" data-testid="report-top">
        {top.map((r, i) => (
          <li key={r.key} className="grid grid-cols-[2rem_1fr_auto] items-center gap-3 text-sm">
            <span className="text-end text-fg-muted tabular-nums">{formatNumber(i + 1)}</span>
            <span className="min-w-0">
              <span className="block truncate font-medium text-fg">{r.label}</span>
              <Meter value={r.SumTotal} max={max} className="mt-1" />
            </span>
            <span className="text-end tabular-nums">
              {formatMoney(r.SumTotal, locale, currency)}
              <span className="block text-xs text-fg-muted">{t('ordersCount', { count: r.orders })}</span>
            </span>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
