import 'server-only';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import {
  REPORT_MONEY,
  REPORT_PATHS,
  REPORT_ROWS,
  reportAnswerSchema,
  reportViewOf,
  type Report,
  type ReportFigure,
  type ReportRow,
  type ReportView,
} from '@contract/resources/reports';
import { dayLabel } from '@/lib/dashboard/days';
import { formatMoney, formatNumber } from '@/lib/format';
import { parseReportQuery, rawReportQuery, reportExportHref, reportHref, type RawQuery } from '@/lib/reports/query';
import { fetchOptions } from '@/lib/resources/server';
import { getPageCurrency } from '@/lib/server/currency';
import { fetchForPage } from '@/lib/server/page-fetch';
import { redirect } from 'next/navigation';
import { FigureGrid } from '../dashboard/figure-grid';
import { canAt } from '../resource/access';
import { PageFrame } from '../shell/page-frame';
import type { ScreenProps } from '../shell/screens';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { Table, type Column } from '../ui/table';
import { PrintButton } from './print-button';
import { ReportFilters, type FilterOption } from './report-filters';
import { ReportTopChart, ReportTrend } from './report-charts';
import { NOT_FOUND_PATH } from '../shell/shell-paths';

/** The columns a view shows after its key: orders, the spec's money columns, and the discount the app carried. */
const FIGURE_COLUMNS: ReportFigure[] = ['orders', ...REPORT_MONEY.slice(0, 2), 'Discount', ...REPORT_MONEY.slice(2)];
/** Shop and biker lists can be sorted by any figure; a time or area report reads in its own order. */
const sortable = (view: ReportView) => view === 'shop' || view === 'biker';

async function fetchReport(service: string, view: ReportView, raw: RawQuery, returnTo: string): Promise<Report> {
  const answer = await fetchForPage(`/api/admin/${service}/${REPORT_PATHS[view]}`, { schema: reportAnswerSchema, returnTo, query: raw });
  return answer.data;
}

/**
 * `/Report`, `/Report/Admin`, `/Report/Shop`, `/Report/Biker`, `/Report/TopShop` and the Marketplace's `/Report/All`:
 * the money of successful orders over a period of local days, by day (or month), area, shop or biker, with a totals
 * row, the trend, the top ten where it helps, CSV and XLSX exports of the same query, and a print view.
 */
export async function ReportScreen({ ctx, pathname, searchParams }: ScreenProps) {
  const view = reportViewOf(ctx.route.path.slice(1));
  if (!view) redirect(NOT_FOUND_PATH);
  const service = String(ctx.route.service);
  const raw = rawReportQuery(searchParams);
  const returnTo = pathname + (Object.keys(raw).length ? `?${new URLSearchParams(raw)}` : '');
  const parsed = parseReportQuery(raw);
  const [t, tv, locale, currency] = await Promise.all([getTranslations('reports'), getTranslations('validation'), getLocale(), getPageCurrency()]);
  const rows = REPORT_ROWS[view];
  const admin = ctx.session.UserRole === 'admin';

  const sources = [
    ...(admin ? (['areas'] as const) : []),
    ...(rows !== 'biker' ? (['shops'] as const) : []),
    ...(rows === 'biker' ? (['bikers'] as const) : []),
  ];
  const topPath = `/api/admin/${service}/${REPORT_PATHS.topShop}`;
  const showTop = (view === 'overview' || view === 'all') && canAt(ctx, topPath, 'read');
  const [report, options, top] = await Promise.all([
    parsed.ok ? fetchReport(service, view, raw, returnTo) : null,
    fetchOptions(service, sources, returnTo),
    parsed.ok && showTop ? fetchReport(service, 'topShop', { ...raw, pageSize: '10', page: '1' }, returnTo) : null,
  ]);
  const asOptions = (list: { value: string; label: string }[] | undefined): FilterOption[] | undefined =>
    list?.map((o) => ({ value: o.value, label: o.label }));
  const errors = parsed.ok ? {} : Object.fromEntries(Object.entries(parsed.errors).map(([field, codes]) => [field, tv(codes[0] as never)]));
  const money = (satang: number) => formatMoney(satang, locale, currency);
  const keyText = (r: ReportRow) => (rows === 'time' ? dayLabel(r.key) : r.label);

  const keyHeader = rows === 'time' ? t(`columns.${report?.bucket === 'month' ? 'month' : 'day'}`) : t(`columns.${rows}`);
  const sortLink = (key: 'key' | ReportFigure, text: string) => {
    if (!sortable(view) || !report) return text;
    const active = (raw.sort ?? 'SumTotal') === key;
    const order = active && (raw.order ?? (key === 'key' ? 'asc' : 'desc')) === 'desc' ? 'asc' : 'desc';
    return (
      <Link href={reportHref(pathname, raw, { sort: key, order })} className="underline-offset-2 hover:underline" aria-label={t('sortBy', { column: text })}>
        {text}
        {active ? (order === 'asc' ? ' ↓' : ' ↑') : ''}
      </Link>
    );
  };
  const columns: Column<ReportRow>[] = [
    ...(view === 'topShop'
      ? [
          {
            key: 'rank',
            header: t('columns.rank'),
            align: 'end' as const,
            className: 'w-12 tabular-nums',
            cell: (r: ReportRow) => formatNumber(report!.rows.indexOf(r) + 1),
          },
        ]
      : []),
    {
      key: 'key',
      header: sortLink('key', keyHeader),
      className: 'min-w-40 whitespace-nowrap',
      cell: (r) => (
        <span>
          {keyText(r)}
          {rows === 'shop' && <span className="ms-2 text-xs text-fg-muted">#{r.key}</span>}
        </span>
      ),
    },
    ...FIGURE_COLUMNS.map((f) => ({
      key: f,
      header: sortLink(f, t(`columns.${f}`)),
      align: 'end' as const,
      className: 'tabular-nums whitespace-nowrap',
      cell: (r: ReportRow) => (f === 'orders' ? formatNumber(r[f]) : money(r[f])),
    })),
  ];
  const footer = report
    ? {
        [columns[0]!.key]: report.total > report.rows.length ? t('totalAllRows', { count: report.total }) : t('total'),
        ...Object.fromEntries(
          FIGURE_COLUMNS.map((f) => [
            f,
            <data key={f} value={report.totals[f]}>
              {f === 'orders' ? formatNumber(report.totals[f]) : money(report.totals[f])}
            </data>,
          ]),
        ),
      }
    : undefined;
  const pages = report ? Math.max(1, Math.ceil(report.total / report.pageSize)) : 1;
  const periodText = report ? t('periodRange', { from: dayLabel(report.from), to: dayLabel(report.to) }) : '';

  return (
    <PageFrame
      route={ctx.route}
      description={t(`descriptions.${view}`)}
      actions={
        report && (
          <div className="flex flex-wrap gap-2" data-print="hide">
            <a href={reportExportHref(service, view, raw, 'xlsx')} download className={buttonClasses({ variant: 'secondary' })}>
              {t('exportXlsx')}
            </a>
            <a href={reportExportHref(service, view, raw, 'csv')} download className={buttonClasses({ variant: 'secondary' })}>
              {t('exportCsv')}
            </a>
            <PrintButton label={t('print')} />
          </div>
        )
      }
    >
      <div className="space-y-6">
        <Card>
          <ReportFilters
            pathname={pathname}
            raw={raw}
            areas={asOptions(options.areas)}
            shops={rows === 'biker' ? undefined : asOptions(options.shops)}
            bikers={rows === 'biker' ? asOptions(options.bikers) : undefined}
            search={rows === 'shop' || rows === 'biker'}
            errors={errors}
          />
          {report && (
            <p className="mt-3 text-sm text-fg-muted" data-testid="report-period">
              {periodText}
            </p>
          )}
        </Card>
        {!report ? (
          <Card>
            <EmptyState title={t('invalidTitle')} description={t('invalidBody')} />
          </Card>
        ) : (
          <>
            <FigureGrid
              testId="report-totals"
              figures={(['SumTotal', 'AppTotal', 'ShopTotal', 'BikerTotal'] as const).map((f) => ({
                key: f,
                label: t(`columns.${f}`),
                value: report.totals[f],
                text: money(report.totals[f]),
                hint: f === 'SumTotal' ? t('ordersCount', { count: report.totals.orders }) : t(`hints.${f}`),
              }))}
            />
            {(rows === 'time' || view === 'admin') && <ReportTrend report={report} />}
            {view === 'topShop' && <ReportTopChart rows={report.rows} title={t('topChart')} />}
            {top && <ReportTopChart rows={top.rows} title={t('topChart')} />}
            <Card title={t('tableTitle')} description={periodText}>
              <div data-testid="report-table">
                <Table
                  caption={t('tableTitle')}
                  scrollLabel={t('scroll')}
                  rows={report.rows}
                  rowKey={(r) => r.key}
                  empty={<EmptyState title={t('emptyTitle')} description={t('emptyBody')} />}
                  columns={columns}
                  footer={report.rows.length ? footer : undefined}
                />
              </div>
              {sortable(view) && pages > 1 && (
                <nav aria-label={t('pagination')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-fg-muted" data-print="hide">
                  <p>{t('rowsCount', { count: report.total })}</p>
                  <div className="flex items-center gap-2">
                    {report.page > 1 ? (
                      <Link
                        href={reportHref(pathname, raw, { page: String(report.page - 1) })}
                        rel="prev"
                        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      >
                        {t('previous')}
                      </Link>
                    ) : null}
                    <span>{t('pageOf', { page: report.page, pages })}</span>
                    {report.page < pages ? (
                      <Link
                        href={reportHref(pathname, raw, { page: String(report.page + 1) })}
                        rel="next"
                        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      >
                        {t('next')}
                      </Link>
                    ) : null}
                  </div>
                </nav>
              )}
            </Card>
          </>
        )}
      </div>
    </PageFrame>
  );
}
