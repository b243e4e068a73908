import { describe, expect, it } from 'vitest';
import { biker, data, waitingOrder } from '@/lib/monitor/fixtures';
import { initials, monitorMarkers } from './markers';

const text = {
  biker: (b: { name: string }) => ({ label: `biker ${b.name}`, popup: b.name }),
  order: (o: { orderNo: string }) => ({ label: `order ${o.orderNo}`, popup: o.orderNo }),
};

describe('monitor markers', () => {
  it('places bikers with a position, coloured by presence, and waiting orders at their pickup', () => {
    const state = data(
      [biker('1', { name: 'Anan Dee', presence: 'dnd' }), biker('2', { lat: null, lng: null }), biker('3', { presence: 'offline' })],
      [waitingOrder('5', { kind: 'parcel' }), waitingOrder('6', { pickupLat: null })],
    );
    const markers = monitorMarkers(state, text);
    expect(markers.map((m) => [m.id, m.kind, m.tone, m.text])).toEqual([
      ['biker:1', 'biker', 'danger', 'AD'],
      ['biker:3', 'biker', 'neutral', 'B3'],
      ['order:5', 'order', 'primary', 'P'],
    ]);
    expect(markers[0]).toMatchObject({ lat: 13.7, lng: 100.5, label: 'biker Anan Dee', popup: 'Anan Dee' });
  });

  it('makes initials from the first and last word', () => {
    expect(initials('somchai jai dee')).toBe('SD');
    expect(initials('Malee')).toBe('MA');
    expect(initials('  ')).toBe('');
  });
});
