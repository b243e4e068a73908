import { describe, expect, it } from 'vitest';
import type { BikerOption, OrderEventEntry } from '@/lib/resources/orders-schemas';
import { assignableBikers } from './bikers';
import { normalizeCheckQuery } from './check';
import { orderErrorKey } from './errors';
import { ORDER_STATUSES, orderListPath, orderViewPath } from './lifecycle';
import { parseStatusQuery, statusTiles } from './status-counts';
import { timelineOf } from './timeline';

describe('order paths', () => {
  it('sends food and parcel orders to their own lists and views', () => {
    expect(orderViewPath('Delivery', 'food', '12')).toBe('/Service/Delivery/Orders/View/12');
    expect(orderViewPath('Marketplace', 'parcel', '7')).toBe('/Service/Marketplace/OrdersMessenger/View/7');
    expect(orderListPath('Delivery', 'food', { to: '2026-01-31', status: 'success', from: undefined })).toBe(
      '/Service/Delivery/Orders?status=success&to=2026-01-31',
    );
    expect(orderListPath('Delivery', 'parcel')).toBe('/Service/Delivery/OrdersMessenger');
  });
});

describe('OrdersStatus', () => {
  it('reads the kind and a day range from the URL, in order', () => {
    expect(parseStatusQuery({})).toEqual({ kind: 'food' });
    expect(parseStatusQuery({ kind: 'parcel', from: '2026-03-01', to: '2026-02-01' })).toEqual({ kind: 'parcel', from: '2026-02-01', to: '2026-03-01' });
    expect(parseStatusQuery({ kind: 'boat', from: '2026-02-31', to: ['2026-02-28', 'x'] })).toEqual({ kind: 'food', to: '2026-02-28' });
  });

  it('shows every status once in lifecycle order, zero where there is none, unknown ones last', () => {
    const tiles = statusTiles([
      { status: 'success', count: 5 },
      { status: 'member_create_order', count: 2 },
      { status: 'legacy_state', count: 1 },
      { status: 'success', count: 1 },
    ]);
    expect(tiles.map((t) => t.status)).toEqual([...ORDER_STATUSES, 'legacy_state']);
    expect(tiles.find((t) => t.status === 'success')?.count).toBe(6);
    expect(tiles.find((t) => t.status === 'fail')?.count).toBe(0);
    expect(tiles.reduce((sum, t) => sum + t.count, 0)).toBe(9);
  });
});

describe('assignable bikers', () => {
  const biker = (id: string, over: Partial<BikerOption> = {}): BikerOption => ({
    id,
    name: `Biker ${id}`,
    areaId: '1',
    presence: 'online',
    status: 'active',
    ...over,
  });

  it('keeps the active, present bikers of the order area other than its own, online first', () => {
    const bikers = [
      biker('1', { presence: 'away', name: 'Anan' }),
      biker('2', { presence: 'offline' }),
      biker('3', { areaId: '2' }),
      biker('4', { status: 'suspended' }),
      biker('5', { name: 'Zed' }),
      biker('6'),
      biker('7', { presence: 'dnd', name: 'Beam' }),
    ];
    expect(assignableBikers(bikers, { areaId: '1', bikerId: '6' }).map((b) => b.id)).toEqual(['5', '1', '7']);
  });
});

describe('order action errors', () => {
  it('names the refusal, the unavailable biker and the stale order', () => {
    expect(orderErrorKey(409, { status: false, message: 'ORDER_TRANSITION_REFUSED' })).toBe('transitionRefused');
    expect(orderErrorKey(409, { status: false, message: 'BIKER_UNAVAILABLE' })).toBe('bikerUnavailable');
    expect(orderErrorKey(409, { status: false, message: 'BIKER_PACKAGE_EXPIRED' })).toBe('bikerPackageExpired');
    expect(orderErrorKey(409, { status: false, message: 'CONFLICT' })).toBe('conflict');
    expect(orderErrorKey(403, { code: 'notAuthorized' })).toBe('notAllowed');
    expect(orderErrorKey(400, { errors: { reason: ['required'] } })).toBe('invalid');
    expect(orderErrorKey(504, null)).toBe('unavailable');
    expect(orderErrorKey(500, 'boom')).toBe('failed');
  });
});

describe('timeline', () => {
  const event = (id: string, name: OrderEventEntry['event'], at: string): OrderEventEntry => ({
    id,
    event: name,
    actorType: 'admin',
    actorId: null,
    actorName: 'Admin',
    bikerId: null,
    note: '',
    at,
  });

  it('places the refund after the events of its moment', () => {
    const events = [
      event('1', 'member_create_order_waiting_payment', '2026-01-01T01:00:00Z'),
      event('2', 'member_create_order_payment_success', '2026-01-01T01:01:00Z'),
      event('3', 'admin_cancel_order', '2026-01-01T02:00:00Z'),
    ];
    expect(timelineOf(events, null).map((e) => e.kind)).toEqual(['event', 'event', 'event']);
    const withRefund = timelineOf(events, { amount: 100, at: '2026-01-01T02:00:00Z' });
    expect(withRefund.map((e) => (e.kind === 'event' ? e.event.event : `refund ${e.amount}`))).toEqual([
      'member_create_order_waiting_payment',
      'member_create_order_payment_success',
      'admin_cancel_order',
      'refund 100',
    ]);
    expect(timelineOf(events, { amount: 5, at: '2026-01-01T01:30:00Z' })[2]).toEqual({ kind: 'refund', at: '2026-01-01T01:30:00Z', amount: 5 });
  });
});

describe('Check/Order query', () => {
  it('upper-cases order numbers and strips phone punctuation', () => {
    expect(normalizeCheckQuery(' f261122-0000123 ')).toBe('F261122-0000123');
    expect(normalizeCheckQuery('081-234 5678')).toBe('0812345678');
    expect(normalizeCheckQuery(['0812345678', 'x'])).toBe('0812345678');
    expect(normalizeCheckQuery(undefined)).toBe('');
    expect(normalizeCheckQuery('x'.repeat(80))).toHaveLength(50);
  });
});
