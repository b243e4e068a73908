import { formatDateTime } from '@/lib/format';

/** A timestamp of the data as `DD-MM-YYYY HH:mm:ss` (in the given time zone: the company's, from `useTimeZone`); null when absent or unreadable. */
export function when(value: string | null | undefined, zone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date, zone);
}
