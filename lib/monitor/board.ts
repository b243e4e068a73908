import { canTakeOrder } from '@/lib/orders/bikers';
import { PRESENCES, type MonitorBiker, type MonitorOrder, type Presence } from './schema';

/** The board's filters: area, presence and assignment (docs/orders.md section 1), and a name or phone search. */
export const ASSIGNMENT_FILTERS = ['all', 'assigned', 'notAssigned'] as const;
export type AssignmentFilter = (typeof ASSIGNMENT_FILTERS)[number];

export interface BikerFilter {
  /** An area id, or `all`. The waiting orders and the map follow it too. */
  areaId: string;
  presence: Presence | 'all';
  assignment: AssignmentFilter;
  q: string;
}

export const NO_FILTER: BikerFilter = { areaId: 'all', presence: 'all', assignment: 'all', q: '' };

/** The filter a URL holds (`area`, `presence`, `assignment`, `q`); unknown values fall back to "all". */
export function filterFromParams(params: { get(name: string): string | null }): BikerFilter {
  const presence = params.get('presence');
  const assignment = params.get('assignment');
  return {
    areaId: params.get('area')?.trim() || 'all',
    presence: PRESENCES.includes(presence as Presence) ? (presence as Presence) : 'all',
    assignment: ASSIGNMENT_FILTERS.includes(assignment as AssignmentFilter) ? (assignment as AssignmentFilter) : 'all',
    q: (params.get('q') ?? '').slice(0, 60),
  };
}

/** The URL query of a filter, without what is at its default, so a bookmark holds only the choices made. */
export function filterToQuery(filter: BikerFilter): string {
  const params = new URLSearchParams();
  if (filter.areaId !== 'all') params.set('area', filter.areaId);
  if (filter.presence !== 'all') params.set('presence', filter.presence);
  if (filter.assignment !== 'all') params.set('assignment', filter.assignment);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  return params.toString();
}

const PRESENCE_ORDER: Record<Presence, number> = { online: 0, away: 1, dnd: 2, offline: 3 };

const byName = (a: MonitorBiker, b: MonitorBiker) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id, undefined, { numeric: true });

/** Online first, then away, do not disturb, offline; by name within each. */
export function sortBikers(bikers: readonly MonitorBiker[]): MonitorBiker[] {
  return [...bikers].sort((a, b) => PRESENCE_ORDER[a.presence] - PRESENCE_ORDER[b.presence] || byName(a, b));
}

const inArea = (areaId: string | null, filter: Pick<BikerFilter, 'areaId'>) => filter.areaId === 'all' || areaId === filter.areaId;

export function matchesFilter(biker: MonitorBiker, filter: BikerFilter): boolean {
  if (!inArea(biker.areaId, filter)) return false;
  if (filter.presence !== 'all' && biker.presence !== filter.presence) return false;
  if (filter.assignment === 'assigned' && !biker.assigned) return false;
  if (filter.assignment === 'notAssigned' && biker.assigned) return false;
  const q = filter.q.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return biker.name.toLowerCase().includes(q) || (digits.length > 0 && biker.phone.replace(/\D/g, '').includes(digits));
}

export function filterBikers(bikers: readonly MonitorBiker[], filter: BikerFilter): MonitorBiker[] {
  return sortBikers(bikers.filter((biker) => matchesFilter(biker, filter)));
}

/** Waiting orders of the chosen area. */
export function filterWaiting(orders: readonly MonitorOrder[], filter: Pick<BikerFilter, 'areaId'>): MonitorOrder[] {
  return orders.filter((order) => inArea(order.areaId, filter));
}

/** The areas the data mentions, by name: the choices of the area filter. */
export function areasOf(bikers: readonly MonitorBiker[], orders: readonly MonitorOrder[]): { id: string; name: string }[] {
  const names = new Map<string, string>();
  for (const item of [...bikers, ...orders]) if (item.areaId !== null && !names.has(item.areaId)) names.set(item.areaId, item.areaName || item.areaId);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export function presenceCounts(bikers: readonly MonitorBiker[]): Record<Presence, number> {
  const counts = Object.fromEntries(PRESENCES.map((p) => [p, 0])) as Record<Presence, number>;
  for (const biker of bikers) counts[biker.presence] += 1;
  return counts;
}

/** Who can take an order (`canTakeOrder`): not-assigned bikers first, then by presence and name. */
export function eligibleBikers(order: { areaId: string | null }, bikers: readonly MonitorBiker[], currentBikerId: string | null = null): MonitorBiker[] {
  return bikers
    .filter((b) => canTakeOrder(b, { areaId: order.areaId, bikerId: currentBikerId }))
    .sort((a, b) => Number(a.assigned) - Number(b.assigned) || PRESENCE_ORDER[a.presence] - PRESENCE_ORDER[b.presence] || byName(a, b));
}
