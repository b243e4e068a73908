import type { MonitorBiker, MonitorData, MonitorOrder, OrderLiveEvent, PresenceLiveEvent } from './schema';

/** Small monitor data for the unit tests. */
export function biker(id: string, overrides: Partial<MonitorBiker> = {}): MonitorBiker {
  return {
    id,
    name: `Biker ${id}`,
    phone: `08100000${id}`,
    areaId: '1',
    areaName: 'Bangkok',
    presence: 'online',
    status: 'active',
    lat: 13.7,
    lng: 100.5,
    positionAt: null,
    assigned: false,
    tasks: [],
    ...overrides,
  };
}

export function waitingOrder(id: string, overrides: Partial<MonitorOrder> = {}): MonitorOrder {
  return {
    id,
    orderNo: `F261122-${id.padStart(7, '0')}`,
    kind: 'food',
    status: 'shop_receive_order',
    areaId: '1',
    areaName: 'Bangkok',
    shopName: 'Shop',
    memberName: 'Member',
    senderName: '',
    total: 12_000,
    bikerId: null,
    createdAt: '2026-11-22T03:00:00.000Z',
    pickupLat: 13.75,
    pickupLng: 100.52,
    distanceM: 3_200,
    waiting: true,
    changeable: false,
    ...overrides,
  };
}

export function data(bikers: MonitorBiker[], waiting: MonitorOrder[] = []): MonitorData {
  return { bikers, waiting };
}

export function orderEvent(orderId: string, overrides: Partial<OrderLiveEvent> = {}): OrderLiveEvent {
  return {
    type: 'order.event',
    orderId,
    orderNo: `F261122-${orderId.padStart(7, '0')}`,
    kind: 'food',
    event: 'biker_receive_order',
    status: 'biker_receive_order',
    bikerId: null,
    previousBikerId: null,
    areaId: '1',
    at: '2026-11-22T03:05:00.000Z',
    waiting: false,
    changeable: true,
    ...overrides,
  };
}

export function presenceEvent(bikerId: string, overrides: Partial<PresenceLiveEvent> = {}): PresenceLiveEvent {
  return { type: 'biker.presence', bikerId, presence: 'offline', lat: null, lng: null, areaId: '1', at: '2026-11-22T03:06:00.000Z', ...overrides };
}
