import type { BikerOption } from '@/lib/resources/orders-schemas';

/** What the rule needs to know of a biker (the order page's options and the monitor's bikers both have it). */
interface Candidate {
  id: string;
  status?: string | null;
  presence?: string | null;
  areaId?: string | null;
}

/**
 * Whether a biker can be given an order (docs/orders.md section 1): active, not offline, of the order's area, and not
 * the order's current biker. The Platform API enforces the same rule (409 `BIKER_UNAVAILABLE`).
 */
export function canTakeOrder(biker: Candidate, order: { areaId?: string | null; bikerId?: string | null }): boolean {
  return (
    (biker.status ?? 'active') === 'active' &&
    (biker.presence ?? 'offline') !== 'offline' &&
    biker.id !== order.bikerId &&
    (!order.areaId || biker.areaId === order.areaId)
  );
}

/** The bikers an order can be given to, online first, then by name. */
export function assignableBikers(bikers: readonly BikerOption[], order: { areaId?: string | null; bikerId?: string | null }): BikerOption[] {
  const rank = (b: BikerOption) => (b.presence === 'online' ? 0 : 1);
  return bikers.filter((b) => canTakeOrder(b, order)).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
