import { describe, expect, it } from 'vitest';
import { eventAppId, parseFrame, relayableEvent } from './events';

const order = {
  type: 'order.event',
  orderId: 12,
  orderNo: 'F261122-0000012',
  kind: 'food',
  event: 'biker_receive_order',
  status: 'biker_receive_order',
  bikerId: 3,
  previousBikerId: null,
  areaId: 1,
  at: '2026-11-22T03:00:00.000Z',
  waiting: false,
  changeable: true,
};
const presence = { type: 'biker.presence', bikerId: 3, presence: 'dnd', lat: '13.7563', lng: 100.5018, areaId: 1, at: '2026-11-22T03:00:00.000Z' };
const scoped = (event: object, appId: number | string) => ({ ...event, scope: { companyId: 1, appId, areaId: 1 } });

describe('upstream frames', () => {
  it('reads JSON objects from text or bytes and nothing else', () => {
    expect(parseFrame('{"type":"hello"}')).toEqual({ type: 'hello' });
    expect(parseFrame(new TextEncoder().encode('{"type":"heartbeat"}'))).toEqual({ type: 'heartbeat' });
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('[1,2]')).toBeNull();
    expect(parseFrame(42)).toBeNull();
  });

  it("takes an event's app from the bus scope, else from the event", () => {
    expect(eventAppId(scoped(order, 7))).toBe('7');
    expect(eventAppId({ ...order, appId: '9' })).toBe('9');
    expect(eventAppId(order)).toBeNull();
  });
});

describe('what the relay forwards', () => {
  it("forwards order and presence events of the service's app, in the contract's shape", () => {
    expect(relayableEvent(scoped(order, 7), '7')).toEqual({ ...order, orderId: '12', bikerId: '3', areaId: '1' });
    expect(relayableEvent(scoped(presence, 7), '7')).toEqual({ ...presence, bikerId: '3', lat: 13.7563, areaId: '1' });
  });

  it('drops other apps, other types, events without an app and malformed events', () => {
    expect(relayableEvent(scoped(order, 8), '7')).toBeNull();
    expect(relayableEvent(order, '7')).toBeNull();
    expect(relayableEvent(scoped({ ...order, type: 'shop.updated' }, 7), '7')).toBeNull();
    expect(relayableEvent(scoped({ type: 'heartbeat', at: 'x' }, 7), '7')).toBeNull();
    expect(relayableEvent(scoped({ ...presence, presence: 'asleep' }, 7), '7')).toBeNull();
    expect(relayableEvent(scoped({ ...order, orderNo: undefined }, 7), '7')).toBeNull();
    // The flags come from the Platform API: an order event without them is not in the contract's shape.
    expect(relayableEvent(scoped({ ...order, changeable: undefined }, 7), '7')).toBeNull();
    expect(relayableEvent(scoped({ ...order, waiting: 'yes' }, 7), '7')).toBeNull();
    expect(relayableEvent(null, '7')).toBeNull();
  });

  it('leaves the bus scope out of what the browser gets', () => {
    expect(relayableEvent(scoped(order, 7), '7')).not.toHaveProperty('scope');
  });
});
