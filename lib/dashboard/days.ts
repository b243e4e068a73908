import { TIME_ZONE } from '@/lib/i18n/locales';
import type { DayPoint } from './schema';

/** Calendar days as `YYYY-MM-DD` strings: the dashboards' days are the company's (its time zone; Asia/Bangkok by default). */

export const PER_DAY_DAYS = 30;

const DAY_MS = 86_400_000;

/** One formatter per zone, made once. */
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  const known = DAY_FORMATS.get(timeZone);
  if (known) return known;
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  DAY_FORMATS.set(timeZone, format);
  return format;
}

/** The date of an instant in a time zone: `2026-11-22`. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dayFormatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The date of an instant in Asia/Bangkok: `2026-11-22`. */
export const bangkokDay = (at: Date): string => dayIn(at, TIME_ZONE);

function toUtc(day: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `offset` days after `day` (before, when negative). */
export function addDays(day: string, offset: number): string {
  return fromUtc(toUtc(day) + offset * DAY_MS);
}

/**
 * `days` consecutive days ending with `end`, oldest first, each with the answer's figures or zero. Figures of a day
 * outside the window are dropped; a day answered twice adds up.
 */
export function zeroFill(points: readonly DayPoint[], end: string, days: number = PER_DAY_DAYS): DayPoint[] {
  const byDay = new Map<string, DayPoint>();
  for (const p of points) {
    const seen = byDay.get(p.day);
    byDay.set(p.day, seen ? { day: p.day, orders: seen.orders + p.orders, amount: seen.amount + p.amount } : { ...p });
  }
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(end, i - days + 1);
    return byDay.get(day) ?? { day, orders: 0, amount: 0 };
  });
}

/** The last day of the window: the answer's newest day, or today when the answer has none or ends earlier. */
export function windowEnd(points: readonly DayPoint[], today: string): string {
  return points.reduce((latest, p) => (p.day > latest ? p.day : latest), today);
}

/** `2026-11-22` → `22-11-2026` (the spec's DD-MM-YYYY) or, short, `22-11`; a month `2026-11` → `11-2026` (short `11-26`). */
export function dayLabel(day: string, short = false): string {
  const [y = '', m, d] = day.split('-');
  if (d === undefined) return short ? `${m}-${y.slice(2)}` : `${m}-${y}`;
  return short ? `${d}-${m}` : `${d}-${m}-${y}`;
}

/** Indexes of the days that get an axis label: the newest, then every `step` days back. */
export function labelledDays(count: number, step = 7): number[] {
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) out.unshift(i);
  return out;
}

/** The day with the largest `field` (the newest of equals), or null when every day is zero. */
export function peakDay(points: readonly DayPoint[], field: 'orders' | 'amount'): DayPoint | null {
  let peak: DayPoint | null = null;
  for (const p of points) if (p[field] > 0 && (!peak || p[field] >= peak[field])) peak = p;
  return peak;
}

/** The sum of `field` over the days. */
export function totalOf(points: readonly DayPoint[], field: 'orders' | 'amount'): number {
  return points.reduce((sum, p) => sum + p[field], 0);
}
