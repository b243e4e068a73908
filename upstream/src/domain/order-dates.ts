/** Order days are calendar days in Asia/Bangkok (UTC+7 all year, no daylight saving). */
const OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant in Asia/Bangkok. */
export const bangkokDay = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** Is `YYYY-MM-DD` a real calendar day? */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The first instant of a Bangkok day. */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The first instant after a Bangkok day (an inclusive `to` as an exclusive bound). */
export const dayEnd = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);
