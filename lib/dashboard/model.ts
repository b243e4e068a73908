import { countsOf, type DashboardCount } from './counts';
import { PER_DAY_DAYS, windowEnd, zeroFill } from './days';
import { KPI_METRICS, type DashboardData, type DayPoint, type KpiKey, type KpiKind, type StatusCount, type TopShop } from './schema';

/** What a dashboard shows, from a parsed answer: plain data for the server components. */

export interface Kpi {
  key: KpiKey;
  kind: KpiKind;
  /** A count, or satang for `money`. */
  value: number;
}

export interface DashboardModel {
  /** The headline figures the answer carries, in card order. */
  kpis: Kpi[];
  /** 30 days ending today (the company's day), oldest first, zero-filled; null when the answer has no series. */
  perDay: DayPoint[] | null;
  /** Statuses with orders, most first; null when the answer has none. */
  perStatus: StatusCount[] | null;
  /** Shops with orders, in the answer's ranking; null when the answer has none. */
  topShops: TopShop[] | null;
  /** The area's other counts (applications, areas, shops…). */
  counts: DashboardCount[];
}

export const TOP_SHOPS_SHOWN = 10;

const ORDER_FIELDS = new Set<string>([...KPI_METRICS.map((m) => m.key), 'perDay', 'perStatus', 'topShops']);

/** Counts of the same status added together; zero counts left out; most orders first, then by name. */
export function statusTotals(counts: readonly StatusCount[]): StatusCount[] {
  const totals = new Map<string, number>();
  for (const c of counts) totals.set(c.status, (totals.get(c.status) ?? 0) + c.count);
  return [...totals]
    .filter(([, count]) => count > 0)
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}

export function toDashboardModel(data: DashboardData, today: string): DashboardModel {
  const kpis: Kpi[] = [];
  for (const { key, kind } of KPI_METRICS) {
    const value = data[key];
    if (value !== undefined) kpis.push({ key, kind, value });
  }
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !ORDER_FIELDS.has(key)));
  return {
    kpis,
    perDay: data.perDay ? zeroFill(data.perDay, windowEnd(data.perDay, today), PER_DAY_DAYS) : null,
    perStatus: data.perStatus ? statusTotals(data.perStatus) : null,
    topShops: data.topShops ? data.topShops.filter((s) => s.orders > 0).slice(0, TOP_SHOPS_SHOWN) : null,
    counts: countsOf(rest),
  };
}
