import type { BikerOption } from '@/lib/resources/orders-schemas';

/**
 * The bikers an order can be given to (docs/orders.md section 1): active, not offline, of the order's area, and not
 * the order's current biker; online first, then by name.
 */
export function assignableBikers(bikers: readonly BikerOption[], order: { areaId?: string | null; bikerId?: string | null }): BikerOption[] {
  const rank = (b: BikerOption) => (b.presence === 'online' ? 0 : 1);
  return bikers
    .filter((b) => (b.status ?? 'active') === 'active' && (b.presence ?? 'offline') !== 'offline')
    .filter((b) => !order.areaId || b.areaId === order.areaId)
    .filter((b) => b.id !== order.bikerId)
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
