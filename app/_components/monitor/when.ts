import { formatDateTime } from '@/lib/format';

/** A timestamp of the data as `DD-MM-YYYY HH:mm:ss` (Asia/Bangkok); null when absent or unreadable. */
export function when(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDateTime(date);
}
