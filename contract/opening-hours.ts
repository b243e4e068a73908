import { minutesOf } from './fields';

/**
 * Opening hours, as the forms check them and the Platform API applies them to a new order. Times are `HH:mm` in the
 * company's time zone (`companies.time_zone`). A range is open from `open` (included) to `close` (excluded):
 * - `close` after `open`: the same day (08:00–20:00);
 * - `close` before `open`: overnight, closing the next day (18:00–02:00 is open from 18:00 until 02:00);
 * - `close` equal to `open`: around the clock, 24 hours from `open` (00:00–00:00 is open all day, every minute).
 * A shop's own `openTime`–`closeTime` holds every day; a TimeShop week replaces it: each day has its ranges (day 0 =
 * Sunday), a day left out is closed, and an overnight range of one day runs into the next (Saturday's into Sunday's).
 */
export interface HoursRange {
  open: string;
  close: string;
}
export interface DayHours {
  day: number;
  ranges: readonly HoursRange[];
}
/** A moment on the company's clock: the day of the week (0 = Sunday) and the minutes after midnight. */
export interface LocalClock {
  day: number;
  minute: number;
}

export const MINUTES_PER_DAY = 1_440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** A range's minutes from its day's midnight: `[start, end)`, `end` past 1440 when it runs into the next day. */
export function rangeSpan(range: HoursRange): { start: number; end: number } {
  const start = minutesOf(range.open);
  const close = minutesOf(range.close);
  return { start, end: close > start ? close : close + MINUTES_PER_DAY };
}

/** Whether a range of `day` holds the moment, its spill into the next day included. */
function rangeHolds(range: HoursRange, rangeDay: number, at: LocalClock): boolean {
  const { start, end } = rangeSpan(range);
  if (rangeDay === at.day && at.minute >= start && at.minute < end) return true;
  const nextDay = (rangeDay + 1) % 7;
  return nextDay === at.day && at.minute + MINUTES_PER_DAY >= start && at.minute + MINUTES_PER_DAY < end;
}

/** Whether a shop is open at a moment: by its TimeShop week when it has one, else by its own times, every day. */
export function isOpenAt(week: readonly DayHours[] | null, own: HoursRange, at: LocalClock): boolean {
  if (week === null) return [0, 1, 2, 3, 4, 5, 6].some((day) => rangeHolds(own, day, at));
  return week.some((d) => d.ranges.some((range) => rangeHolds(range, d.day, at)));
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const CLOCKS = new Map<string, Intl.DateTimeFormat>();

/** The moment `at` on the clock of an IANA time zone (day of the week and minutes after midnight). */
export function localClock(at: Date, timeZone: string): LocalClock {
  let format = CLOCKS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    CLOCKS.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0, minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

/**
 * Ranges of a week that overlap one laid out before them on the week's circle (Saturday's overnight range runs into
 * Sunday): each as `[dayIndex, rangeIndex]` of the input, the range that opens while another is still open.
 */
export function overlappingRanges(days: readonly { day: number; ranges: readonly (HoursRange | null)[] }[]): [number, number][] {
  const spans: { i: number; j: number; start: number; end: number }[] = [];
  days.forEach((d, i) =>
    d.ranges.forEach((range, j) => {
      if (!range) return;
      const { start, end } = rangeSpan(range);
      spans.push({ i, j, start: d.day * MINUTES_PER_DAY + start, end: d.day * MINUTES_PER_DAY + end });
    }),
  );
  spans.sort((a, b) => a.start - b.start || a.i - b.i || a.j - b.j);
  const found: [number, number][] = [];
  let reach = -1;
  for (const s of spans) {
    if (s.start < reach) found.push([s.i, s.j]);
    reach = Math.max(reach, s.end);
  }
  // Past the week's end, the latest range runs into the first days again.
  const wrap = reach - MINUTES_PER_WEEK;
  for (const s of spans) {
    if (s.start >= wrap) break;
    if (!found.some(([i, j]) => i === s.i && j === s.j)) found.push([s.i, s.j]);
  }
  return found;
}
