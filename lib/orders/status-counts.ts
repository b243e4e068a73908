import { z } from 'zod';
import { isIsoDate } from '@/lib/resources/list-query';
import { ORDER_KINDS, ORDER_STATUSES, type OrderKind } from './lifecycle';

type SearchInput = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const day = (value: string | undefined) => (value && isIsoDate(value) ? value : undefined);

export interface StatusPageQuery {
  kind: OrderKind;
  from?: string;
  to?: string;
}

/** The OrdersStatus view from the URL: the kind (food by default) and an optional day range, put in order. */
export function parseStatusQuery(input: SearchInput): StatusPageQuery {
  const kind = z.enum(ORDER_KINDS).catch('food').parse(first(input.kind));
  let from = day(first(input.from)?.trim());
  let to = day(first(input.to)?.trim());
  if (from && to && from > to) [from, to] = [to, from];
  return { kind, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export interface StatusTile {
  status: string;
  count: number;
}

/**
 * One tile per status in lifecycle order, zero where the upstream had no row; a status the portal does not know is
 * kept at the end so the counts still add up to the total.
 */
export function statusTiles(counts: readonly StatusTile[]): StatusTile[] {
  const byStatus = new Map<string, number>();
  for (const { status, count } of counts) byStatus.set(status, (byStatus.get(status) ?? 0) + count);
  const known = ORDER_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  const unknown = [...byStatus].filter(([status]) => !(ORDER_STATUSES as readonly string[]).includes(status)).map(([status, count]) => ({ status, count }));
  return [...known, ...unknown];
}
