import type { OrderEventEntry } from '@/lib/resources/orders-schemas';

export type TimelineEntry = { kind: 'event'; at: string; event: OrderEventEntry } | { kind: 'refund'; at: string; amount: number };

/**
 * The order's history as shown: its events oldest first, with the refund (when there is one) placed by its time,
 * after the events of the same moment (the cancel that caused it).
 */
export function timelineOf(events: readonly OrderEventEntry[], refund: { amount: number; at: string } | null | undefined): TimelineEntry[] {
  const entries: TimelineEntry[] = events.map((event) => ({ kind: 'event', at: event.at, event }));
  if (!refund) return entries;
  const time = Date.parse(refund.at);
  const index = entries.findIndex((e) => Date.parse(e.at) > time);
  const entry: TimelineEntry = { kind: 'refund', at: refund.at, amount: refund.amount };
  if (index === -1) entries.push(entry);
  else entries.splice(index, 0, entry);
  return entries;
}
