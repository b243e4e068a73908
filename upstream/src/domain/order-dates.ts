/**
 * Calendar days in a time zone (IANA). Business days are the company's (`companies.time_zone`, Setting/System):
 * domain/company-time.ts reads it. Asia/Bangkok (UTC+7 all year, no daylight saving) is the zone a company starts in.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Bangkok';
const OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant in Asia/Bangkok. */
export const bangkokDay = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

const FORMATS = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of a zone, read as numbers (one formatter per zone, made once). */
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    FORMATS.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as if it were UTC (milliseconds dropped). */
function wallClock(at: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatOf(timeZone).formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/** `YYYY-MM-DD` of an instant in the zone. */
export function localDay(at: Date, timeZone: string): string {
  if (timeZone === DEFAULT_TIME_ZONE) return bangkokDay(at);
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 10);
}

/** Is `YYYY-MM-DD` a real calendar day? */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The day after `day`. */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The first instant of a day in the zone: its midnight, found from the zone's offset at that moment (asked twice, so a
 * day after a daylight-saving change starts at the offset it has then).
 */
export function dayStart(day: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (timeZone === DEFAULT_TIME_ZONE) return new Date(midnight - OFFSET_MS);
  const guess = midnight - zoneOffsetMs(new Date(midnight), timeZone);
  return new Date(midnight - zoneOffsetMs(new Date(guess), timeZone));
}

/** The first instant after a day in the zone (an inclusive `to` as an exclusive bound): the next day's start. */
export const dayEnd = (day: string, timeZone: string = DEFAULT_TIME_ZONE): Date => dayStart(nextDay(day), timeZone);
