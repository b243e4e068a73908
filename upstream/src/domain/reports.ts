import { sql, type SQL } from 'drizzle-orm';
import {
  bucketKeys,
  bucketOf,
  figuresOf,
  localToday,
  REPORT_ROWS,
  reportRange,
  ZERO_FIGURES,
  type Reconciliation,
  type Report,
  type ReportFigures,
  type ReportQuery,
  type ReportRow,
  type ReportView,
} from '@contract/resources/reports';
import type { Db } from '../db/client';
import { invalid } from '../kit/errors';
import { parseId } from '../kit/schemas';
import { companyTimeZone } from './company-time';
import type { ServiceScope } from './scope';

/**
 * The reports (docs/orders.md section 6), read from `report_daily`: every successful order counted once under its
 * shop (0 for a parcel) and once under its biker, by its creation day in the company's time zone (the zone gives the
 * period's days and today too). A view's rows group those
 * sums by day or month, area, shop or biker; the totals and the trend cover every row of the period and filters.
 */
type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const n = (v: unknown) => Number(v ?? 0);

const SUMS = sql.raw(`count(*) FILTER (WHERE r.orders <> 0) AS n_rows, sum(r.orders)::int8 AS orders, sum(r.items)::int8 AS items, sum(r.fee)::int8 AS fee,
  sum(r.discount)::int8 AS discount, sum(r.total)::int8 AS total, sum(r.app_share)::int8 AS app_share, sum(r.shop_share)::int8 AS shop_share,
  sum(r.biker_share)::int8 AS biker_share`);
const figuresFrom = (r: Row): ReportFigures =>
  figuresOf({
    orders: n(r.orders),
    items: n(r.items),
    fee: n(r.fee),
    discount: n(r.discount),
    total: n(r.total),
    appShare: n(r.app_share),
    shopShare: n(r.shop_share),
    bikerShare: n(r.biker_share),
  });

/** The sort of a view's rows: a figure, or its key (a day, an area, a shop's or biker's name). */
const SORT_SQL: Record<string, string> = {
  orders: 'orders',
  Discount: 'discount',
  AppTotal: 'app_share',
  AppCommission: '(items - shop_share + fee - biker_share)',
  ShopTotal: 'shop_share',
  ShopCommission: '(items - shop_share)',
  BikerTotal: 'biker_share',
  BikerCommission: '(fee - biker_share)',
  SumTotal: 'total',
};

export interface ReportRequest extends ReportQuery {
  view: ReportView;
}

/** Whose rows a request reads: a biker's when the view lists bikers or a biker is asked for, else a shop's. */
function partyOf(q: ReportRequest): 'shop' | 'biker' {
  const biker = REPORT_ROWS[q.view] === 'biker' || q.bikerId !== undefined;
  if (biker && q.shopId !== undefined) throw invalid({ shopId: ['outOfRange'] });
  return biker ? 'biker' : 'shop';
}

function whereOf(scope: ServiceScope, q: ReportRequest, range: { from: string; to: string }): SQL {
  const party = partyOf(q);
  const parts: SQL[] = [sql`r.app_id = ${scope.appId}`, sql`r.party = ${party}`, sql`r.day BETWEEN ${range.from}::date AND ${range.to}::date`];
  if (scope.areaId !== null) parts.push(sql`r.area_id = ${scope.areaId}`);
  if (q.areaId) parts.push(sql`r.area_id = ${parseId(q.areaId) ?? -1}`);
  const one = party === 'shop' ? q.shopId : q.bikerId;
  if (one) parts.push(sql`r.party_id = ${parseId(one) ?? -1}`);
  // Shop lists leave out the orders without a shop (parcels).
  if (REPORT_ROWS[q.view] === 'shop') parts.push(sql`r.party_id <> 0`);
  if (q.q && (REPORT_ROWS[q.view] === 'shop' || REPORT_ROWS[q.view] === 'biker')) {
    const table = sql.raw(party === 'shop' ? 'shops' : 'bikers');
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`r.party_id IN (SELECT p.id FROM ${table} p WHERE p.app_id = ${scope.appId} AND p.name ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The group key of a view's rows, as text. */
function keyOf(q: ReportRequest, bucket: 'day' | 'month'): SQL {
  switch (REPORT_ROWS[q.view]) {
    case 'time':
      return bucket === 'day' ? sql.raw(`r.day::text`) : sql.raw(`to_char(r.day, 'YYYY-MM')`);
    case 'area':
      return sql.raw('r.area_id::text');
    default:
      return sql.raw('r.party_id::text');
  }
}

/** Names of the rows' areas, shops or bikers. */
async function labels(db: Db, q: ReportRequest, keys: string[]): Promise<Map<string, string>> {
  const kind = REPORT_ROWS[q.view];
  if (kind === 'time' || keys.length === 0) return new Map(keys.map((k) => [k, k]));
  const table = sql.raw(kind === 'area' ? 'areas' : kind === 'shop' ? 'shops' : 'bikers');
  const ids = keys.map(Number);
  const found = await rowsOf(
    db,
    sql`SELECT id::text AS id, name FROM ${table} WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [String(r.id), String(r.name)]));
}

export async function buildReport(db: Db, scope: ServiceScope, q: ReportRequest, now: Date): Promise<Report> {
  const range = reportRange(q, localToday(now, await companyTimeZone(db, scope.companyId)));
  const where = whereOf(scope, q, range);
  const kind = REPORT_ROWS[q.view];
  const bucket = bucketOf(range.from, range.to);
  const key = keyOf(q, bucket);
  const timeKey = keyOf({ ...q, view: 'overview' }, bucket);

  const [totalsRow] = await rowsOf(db, sql`SELECT ${SUMS} FROM report_daily r WHERE ${where}`);
  const totals = totalsRow ? figuresFrom(totalsRow) : ZERO_FIGURES;
  const trendRows = await rowsOf(db, sql`SELECT ${timeKey} AS key, ${SUMS} FROM report_daily r WHERE ${where} GROUP BY 1`);
  const byTime = new Map(trendRows.map((r) => [String(r.key), figuresFrom(r)]));
  const trend = bucketKeys(range.from, range.to, bucket).map((k) => {
    const f = byTime.get(k) ?? ZERO_FIGURES;
    return { key: k, orders: f.orders, SumTotal: f.SumTotal, AppTotal: f.AppTotal };
  });

  let rows: ReportRow[];
  let total: number;
  let page = 1;
  let pageSize = q.pageSize;
  if (kind === 'time') {
    // Every day (or month) of the period, zero-filled, oldest first unless asked otherwise.
    rows = trend.map((t) => ({ key: t.key, label: t.key, ...(byTime.get(t.key) ?? ZERO_FIGURES) }));
    if (q.sort && q.sort !== 'key') rows.sort((a, b) => a[q.sort as keyof ReportFigures] - b[q.sort as keyof ReportFigures] || a.key.localeCompare(b.key));
    if ((q.order ?? 'asc') === 'desc') rows.reverse();
    total = rows.length;
    pageSize = total;
  } else {
    const topOnly = q.view === 'topShop';
    const sort = topOnly ? 'SumTotal' : (q.sort ?? (kind === 'area' ? 'key' : 'SumTotal'));
    const order = topOnly ? 'desc' : (q.order ?? (sort === 'key' ? 'asc' : 'desc'));
    const dir = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
    const by = sort === 'key' ? sql.raw('key::int') : sql.raw(SORT_SQL[sort]!);
    page = topOnly ? 1 : q.page;
    const grouped = await rowsOf(
      db,
      sql`SELECT key, orders, items, fee, discount, total, app_share, shop_share, biker_share, count(*) OVER () AS n_groups FROM (
        SELECT ${key} AS key, ${SUMS} FROM report_daily r WHERE ${where} GROUP BY 1) g
        WHERE orders <> 0
        ORDER BY ${by} ${dir}, key::int ASC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    total = grouped.length ? n(grouped[0]!.n_groups) : 0;
    if (!grouped.length && page > 1) {
      const [count] = await rowsOf(
        db,
        sql`SELECT count(*) AS n FROM (SELECT ${key} FROM report_daily r WHERE ${where} GROUP BY 1 HAVING sum(r.orders) <> 0) g`,
      );
      total = n(count?.n);
    }
    if (topOnly) total = Math.min(total, pageSize);
    const names = await labels(
      db,
      q,
      grouped.map((r) => String(r.key)),
    );
    rows = grouped.map((r) => ({ key: String(r.key), label: names.get(String(r.key)) ?? String(r.key), ...figuresFrom(r) }));
  }
  return { view: q.view, from: range.from, to: range.to, bucket: kind === 'time' ? bucket : null, rows, total, page, pageSize, totals, trend };
}

/** Every row of a report (its pages in turn), for the export. */
export async function* reportRows(db: Db, scope: ServiceScope, q: ReportRequest, now: Date): AsyncGenerator<ReportRow | { totals: ReportFigures }> {
  let page = 1;
  for (;;) {
    // The top shops as the screen shows them (its page size); other lists in pages of 100.
    const report = await buildReport(db, scope, { ...q, page, pageSize: q.view === 'topShop' ? q.pageSize : 100 }, now);
    yield* report.rows;
    if (report.view === 'topShop' || page * 100 >= report.total || report.rows.length === 0 || report.bucket !== null) {
      yield { totals: report.totals };
      return;
    }
    page += 1;
  }
}

/**
 * The ledger's side of a period and scope: the money moved by the orders created in it that are closed (success,
 * fail, cancelled; a cancelled paid order's payment and refund net to zero). AppTotal is what the platform's wallet
 * kept, ShopTotal what the shops' wallets received, BikerTotal what the bikers' wallets received plus the cash they
 * collected; SumTotal their sum. The report's totals must agree with it to the satang.
 */
export async function reconcile(db: Db, scope: ServiceScope, q: ReportRequest, now: Date): Promise<Reconciliation> {
  const zone = await companyTimeZone(db, scope.companyId);
  const range = reportRange(q, localToday(now, zone));
  const report = await buildReport(db, scope, { ...q, view: 'overview', shopId: undefined, bikerId: undefined, q: undefined }, now);
  const area = sql.join(
    [scope.areaId !== null ? sql`AND o.area_id = ${scope.areaId}` : sql``, q.areaId ? sql`AND o.area_id = ${parseId(q.areaId) ?? -1}` : sql``],
    sql` `,
  );
  const [ledger] = await rowsOf(
    db,
    sql`WITH closed AS (
        SELECT o.id, o.total, o.payment_method, o.status FROM orders o
        WHERE o.app_id = ${scope.appId} ${area}
          AND o.created_at >= (${range.from}::date::timestamp AT TIME ZONE ${zone})
          AND o.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${zone})
          AND o.status IN ('success', 'fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order'))
      SELECT
        coalesce(sum(t.amount) FILTER (WHERE w.owner_type = 'admin'), 0)::int8 AS app,
        coalesce(sum(t.amount) FILTER (WHERE w.owner_type = 'shop'), 0)::int8 AS shop,
        coalesce(sum(t.amount) FILTER (WHERE w.owner_type = 'biker'), 0)::int8
          + (SELECT coalesce(sum(c.total), 0) FROM closed c WHERE c.payment_method = 'cash' AND c.status = 'success')::int8 AS biker
      FROM closed c JOIN wallet_transactions t ON t.order_id = c.id JOIN wallets w ON w.id = t.wallet_id
      WHERE w.owner_type IN ('admin', 'shop', 'biker')`,
  );
  const l = { AppTotal: n(ledger?.app), ShopTotal: n(ledger?.shop), BikerTotal: n(ledger?.biker), SumTotal: 0 };
  l.SumTotal = l.AppTotal + l.ShopTotal + l.BikerTotal;
  const r = { AppTotal: report.totals.AppTotal, ShopTotal: report.totals.ShopTotal, BikerTotal: report.totals.BikerTotal, SumTotal: report.totals.SumTotal };
  const agrees = r.AppTotal === l.AppTotal && r.ShopTotal === l.ShopTotal && r.BikerTotal === l.BikerTotal && r.SumTotal === l.SumTotal;
  return { from: range.from, to: range.to, report: r, ledger: l, agrees };
}
