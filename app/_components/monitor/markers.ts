import type { MonitorBiker, MonitorOrder } from '@/lib/monitor/schema';
import type { MonitorState } from '@/lib/monitor/state';
import type { MapMarker } from '../map/types';
import { statusDef } from '@/lib/status';

/** Map marker ids: a biker and an order may share a number. */
export const bikerMarkerId = (id: string) => `biker:${id}`;
export const orderMarkerId = (id: string) => `order:${id}`;

export interface MarkerText {
  biker: (biker: MonitorBiker) => { label: string; popup: string };
  order: (order: MonitorOrder) => { label: string; popup: string };
}

/** Up to two initials of a name, for the marker's face. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!].map((w) => [...w][0] ?? '') : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * The monitor's markers: each biker with a last position (coloured by presence, as its badge), each waiting order
 * with a pickup point (square, lettered by kind).
 */
export function monitorMarkers(state: MonitorState, text: MarkerText): MapMarker[] {
  const markers: MapMarker[] = [];
  for (const biker of state.bikers) {
    if (biker.lat === null || biker.lng === null) continue;
    markers.push({
      id: bikerMarkerId(biker.id),
      lat: biker.lat,
      lng: biker.lng,
      kind: 'biker',
      tone: statusDef('presence', biker.presence)?.tone ?? 'neutral',
      text: initials(biker.name),
      ...text.biker(biker),
    });
  }
  for (const order of state.waiting) {
    if (order.pickupLat === null || order.pickupLng === null) continue;
    markers.push({
      id: orderMarkerId(order.id),
      lat: order.pickupLat,
      lng: order.pickupLng,
      kind: 'order',
      tone: 'primary',
      text: order.kind === 'parcel' ? 'P' : 'F',
      ...text.order(order),
    });
  }
  return markers;
}
