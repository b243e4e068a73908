import { z } from 'zod';
import { CODES } from '../codes';
import { dateField } from '../fields';
import { filter, pageSizeField } from '../list';

/**
 * The reports (service → Report): the money of successful orders over a period of the company's local days
 * (Asia/Bangkok), by day, area, shop or biker, with the spec's columns. Every figure is satang and comes from the
 * split at success (docs/orders.md section 2): the shop keeps ShopTotal of its items and the app ShopCommission; the
 * biker keeps BikerTotal of the delivery fee and the app BikerCommission; the app's commission less the discount it
 * carries is AppTotal; SumTotal = AppTotal + ShopTotal + BikerTotal = what the members paid.
 */
export const REPORT_VIEWS = ['overview', 'admin', 'shop', 'biker', 'topShop', 'all'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** The route (below the service) of each view, as the spec names them. */
export const REPORT_PATHS: Record<ReportView, string> = {
  overview: 'Report',
  admin: 'Report/Admin',
  shop: 'Report/Shop',
  biker: 'Report/Biker',
  topShop: 'Report/TopShop',
  all: 'Report/All',
};
export const reportViewOf = (path: string): ReportView | null =>
  (Object.entries(REPORT_PATHS).find(([, p]) => p === path)?.[0] as ReportView | undefined) ?? null;

/** What a view's rows are: days (months past REPORT_DAYS_MAX), areas, shops or bikers. */
export const REPORT_ROWS: Record<ReportView, 'time' | 'area' | 'shop' | 'biker'> = {
  overview: 'time',
  all: 'time',
  admin: 'area',
  shop: 'shop',
  topShop: 'shop',
  biker: 'biker',
};

export const REPORT_PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The spec's money columns, in its order. */
export const REPORT_MONEY = ['AppTotal', 'AppCommission', 'ShopTotal', 'ShopCommission', 'BikerTotal', 'BikerCommission', 'SumTotal'] as const;
export type ReportMoney = (typeof REPORT_MONEY)[number];
/** Every figure of a row: the orders counted, the discounts the app carried, and the spec's columns. */
export const REPORT_FIGURES = ['orders', 'Discount', ...REPORT_MONEY] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

export const REPORT_SORTS = ['key', ...REPORT_FIGURES] as const;
/** A custom range spans at most this many days; past REPORT_DAYS_MAX days a time report has a row per month. */
export const REPORT_RANGE_MAX = 1_096;
export const REPORT_DAYS_MAX = 62;

const figure = () => z.number().int();
export const reportFiguresSchema = z.object(Object.fromEntries(REPORT_FIGURES.map((f) => [f, figure()])) as Record<ReportFigure, ReturnType<typeof figure>>);
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  /** The day (YYYY-MM-DD), month (YYYY-MM), area id, shop id (shopRefId) or biker id. */
  key: z.string(),
  /** The area's, shop's or biker's name; the key again for a day or month. */
  label: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  view: z.enum(REPORT_VIEWS),
  from: z.string(),
  to: z.string(),
  /** `day` or `month` for a time report; null otherwise. */
  bucket: z.enum(['day', 'month']).nullable(),
  rows: z.array(reportRowSchema),
  /** Rows in all (the page shows `rows`). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every row of the period and filters, not only the page. */
  totals: reportFiguresSchema,
  /** Per day (or month) of the period, zero-filled: the trend chart. */
  trend: z.array(z.object({ key: z.string(), orders: z.number().int(), SumTotal: z.number().int(), AppTotal: z.number().int() })),
});
export type Report = z.infer<typeof reportSchema>;
export const reportAnswerSchema = z.object({ status: z.literal(true), data: reportSchema });

const day = () => dateField().optional();
/** `?period=day|week|month|custom&date=&from=&to=&areaId&shopId&bikerId&q&page&pageSize&sort&order`. */
export const reportQuerySchema = z
  .strictObject({
    period: z.enum(REPORT_PERIODS).default('month'),
    /** Any day of the period (day, week, month); today when left out. */
    date: day(),
    /** custom: the first and last day, inclusive. */
    from: day(),
    to: day(),
    areaId: filter.ref(),
    shopId: filter.ref(),
    bikerId: filter.ref(),
    /** Part of a shop's or biker's name. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: pageSizeField(),
    sort: z.enum(REPORT_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: CODES.required });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: CODES.required });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: CODES.endBeforeStart });
    if (q.from && q.to && daysBetween(q.from, q.to) >= REPORT_RANGE_MAX) ctx.addIssue({ code: 'custom', path: ['to'], message: CODES.outOfRange });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** The ledger's side of a period (docs/orders.md section 3), and whether the report's totals agree with it. */
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  report: z.object({ AppTotal: z.number().int(), ShopTotal: z.number().int(), BikerTotal: z.number().int(), SumTotal: z.number().int() }),
  ledger: z.object({ AppTotal: z.number().int(), ShopTotal: z.number().int(), BikerTotal: z.number().int(), SumTotal: z.number().int() }),
  agrees: z.boolean(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// Days as calendar dates (YYYY-MM-DD), computed in UTC so no local offset moves them.
const toTime = (d: string) => Date.parse(`${d}T00:00:00Z`);
const toDay = (t: number) => new Date(t).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => toDay(toTime(d) + n * 86_400_000);
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / 86_400_000);

/** Today in the company's time zone. */
export const localToday = (now: Date, timeZone = 'Asia/Bangkok') =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The first and last day (inclusive) of a period: a day, its Monday-to-Sunday week, its month, or the range given. */
export function reportRange(q: Pick<ReportQuery, 'period' | 'date' | 'from' | 'to'>, today: string): { from: string; to: string } {
  if (q.period === 'custom' && q.from && q.to) return { from: q.from, to: q.to };
  const anchor = q.date ?? today;
  if (q.period === 'day') return { from: anchor, to: anchor };
  if (q.period === 'week') {
    const monday = addDays(anchor, -((new Date(toTime(anchor)).getUTCDay() + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  const first = `${anchor.slice(0, 8)}01`;
  const next = new Date(toTime(first));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: first, to: addDays(toDay(next.getTime()), -1) };
}

/** A time report's rows: days, or months past REPORT_DAYS_MAX days. */
export const bucketOf = (from: string, to: string): 'day' | 'month' => (daysBetween(from, to) + 1 > REPORT_DAYS_MAX ? 'month' : 'day');

/** The keys of a period's buckets, oldest first: every day, or every month it touches. */
export function bucketKeys(from: string, to: string, bucket: 'day' | 'month'): string[] {
  const keys: string[] = [];
  if (bucket === 'day') {
    for (let d = from; d <= to; d = addDays(d, 1)) keys.push(d);
    return keys;
  }
  const cursor = new Date(toTime(`${from.slice(0, 8)}01`));
  while (toDay(cursor.getTime()).slice(0, 7) <= to.slice(0, 7)) {
    keys.push(toDay(cursor.getTime()).slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return keys;
}

/** The derived columns from a split's sums (items, fees, discounts, totals, shares). */
export function figuresOf(s: {
  orders: number;
  items: number;
  fee: number;
  discount: number;
  total: number;
  appShare: number;
  shopShare: number;
  bikerShare: number;
}): ReportFigures {
  const ShopCommission = s.items - s.shopShare;
  const BikerCommission = s.fee - s.bikerShare;
  return {
    orders: s.orders,
    Discount: s.discount,
    AppTotal: s.appShare,
    AppCommission: ShopCommission + BikerCommission,
    ShopTotal: s.shopShare,
    ShopCommission,
    BikerTotal: s.bikerShare,
    BikerCommission,
    SumTotal: s.total,
  };
}

export const ZERO_FIGURES: ReportFigures = figuresOf({ orders: 0, items: 0, fee: 0, discount: 0, total: 0, appShare: 0, shopShare: 0, bikerShare: 0 });

/** The export's file name: the view, the period and the filters, e.g. `report-shop_2026-10-01_2026-10-31_area-3_shop-12.xlsx`. */
export function reportFileName(
  view: ReportView,
  range: { from: string; to: string },
  q: Pick<ReportQuery, 'areaId' | 'shopId' | 'bikerId' | 'q'>,
  format: ReportExportFormat,
): string {
  const parts = [`report-${view}`, range.from, range.to];
  if (q.areaId) parts.push(`area-${q.areaId}`);
  if (q.shopId) parts.push(`shop-${q.shopId}`);
  if (q.bikerId) parts.push(`biker-${q.bikerId}`);
  if (q.q) parts.push(`q-${q.q.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40)}`);
  return `${parts.join('_')}.${format}`;
}

/** The export's first column: what a view's rows are keyed by (the spec's shopRefId for shops). */
const EXPORT_KEY: Record<'time' | 'area' | 'shop' | 'biker', string> = { time: 'date', area: 'areaId', shop: 'shopRefId', biker: 'bikerId' };
/** The export's columns: key, name, orders, then money from the fourth on (Discount and the spec's columns). */
export const reportExportHeader = (view: ReportView): string[] => [EXPORT_KEY[REPORT_ROWS[view]], 'name', 'orders', 'Discount', ...REPORT_MONEY];
export const REPORT_EXPORT_MONEY_FROM = 3;

/** One line of the export: a row, or the totals as `Total`; money stays in satang (the exporter writes the unit). */
export function reportExportLine(view: ReportView, row: ReportRow | { totals: ReportFigures }): (string | number)[] {
  const f = 'totals' in row ? row.totals : row;
  const head = 'totals' in row ? ['Total', ''] : [row.key, row.label];
  return [...head, f.orders, f.Discount, ...REPORT_MONEY.map((m) => f[m])];
}

/** Satang as the major unit with two decimals, without floating point: 123456 → "1234.56", -5 → "-0.05". */
export function majorUnits(satang: number): string {
  const abs = Math.abs(satang);
  return `${satang < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
