import { describe, expect, it } from 'vitest';
import { monitorAssignSchema, monitorDataSchema } from './schema';

describe('monitor data', () => {
  const point = (lat: string, lng: string) => ({ address: 'x', lat, lng });
  const task = {
    id: '9',
    orderNo: 'F261122-0000009',
    kind: 'food',
    status: 'food_otw',
    areaId: '1',
    areaName: 'Bangkok',
    shopName: 'Shop',
    memberName: 'Member',
    senderName: null,
    total: 12_000,
    bikerId: '4',
    createdAt: '2026-11-22T02:00:00Z',
    pickup: point('13.75', '100.52'),
    dropoff: point('13.72', '100.53'),
    waiting: false,
    changeable: true,
  };
  const biker = {
    id: '4',
    name: 'Anan',
    phone: '0810000004',
    areaId: '1',
    areaName: 'Bangkok',
    presence: 'dnd',
    status: 'active',
    lat: '13.75',
    lng: '100.5',
    positionAt: '2026-11-22T03:00:00Z',
    assigned: true,
    tasks: [task],
  };
  const order = {
    ...task,
    id: '12',
    orderNo: 'P261122-0000012',
    kind: 'parcel',
    status: 'member_create_order',
    shopName: null,
    senderName: 'Sender',
    total: 5000,
    bikerId: null,
    createdAt: '2026-11-22T03:00:00Z',
    pickup: point('13.7', '100.4'),
    waiting: true,
    changeable: false,
  };

  it("reads the contract's board: ids as strings, coordinates as numbers, the API's flags on every order", () => {
    const parsed = monitorDataSchema.parse({ bikers: [biker], waiting: [order] });
    expect(parsed.bikers[0]).toEqual({
      id: '4',
      name: 'Anan',
      phone: '0810000004',
      areaId: '1',
      areaName: 'Bangkok',
      presence: 'dnd',
      status: 'active',
      lat: 13.75,
      lng: 100.5,
      positionAt: '2026-11-22T03:00:00Z',
      assigned: true,
      tasks: [
        { id: '9', orderNo: 'F261122-0000009', kind: 'food', status: 'food_otw', dropoffLat: 13.72, dropoffLng: 100.53, changeable: true, offered: false },
      ],
    });
    expect(parsed.waiting[0]).toMatchObject({
      id: '12',
      pickupLat: 13.7,
      pickupLng: 100.4,
      shopName: '',
      senderName: 'Sender',
      waiting: true,
      changeable: false,
    });
  });

  it('takes the flags as they come, whatever the status says', () => {
    const parsed = monitorDataSchema.parse({ bikers: [{ ...biker, tasks: [{ ...task, changeable: false }] }], waiting: [{ ...order, waiting: false }] });
    expect(parsed.bikers[0]?.tasks[0]?.changeable).toBe(false);
    expect(parsed.waiting[0]).toMatchObject({ waiting: false, changeable: false });
  });

  it('marks a task offered while the Platform API says when it was offered (offeredAt), and only then', () => {
    const withOffer = { ...task, status: 'biker_receive_order', offeredAt: '2026-11-22T03:00:00Z' };
    const parsed = monitorDataSchema.parse({ bikers: [{ ...biker, tasks: [withOffer, { ...task, id: '10', offeredAt: null }] }], waiting: [] });
    expect(parsed.bikers[0]?.tasks.map((t) => t.offered)).toEqual([true, false]);
  });

  it('accepts the answer wrapped in {status, data}, and a biker without a position', () => {
    const parsed = monitorDataSchema.parse({
      status: true,
      data: { bikers: [{ ...biker, lat: null, lng: null, positionAt: null, assigned: false, tasks: [] }], waiting: [] },
    });
    expect(parsed.bikers[0]).toMatchObject({ lat: null, lng: null, assigned: false, tasks: [] });
    expect(parsed.waiting).toEqual([]);
  });

  it('refuses an answer outside the contract: no flags, an unknown presence or status, a biker without a name', () => {
    const { waiting: _w, ...noWaiting } = order;
    const { changeable: _c, ...noChangeable } = task;
    expect(monitorDataSchema.safeParse({ bikers: [], waiting: [noWaiting] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [{ ...biker, tasks: [noChangeable] }], waiting: [] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [], waiting: [{ ...order, waiting: 'yes' }] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [{ ...biker, presence: 'asleep' }], waiting: [] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [], waiting: [{ ...order, status: 'delivered' }] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [{ ...biker, name: undefined }], waiting: [] }).success).toBe(false);
  });
});

describe('assignment body', () => {
  it('takes an order id and a biker id as digits', () => {
    expect(monitorAssignSchema.parse({ orderId: '12', bikerId: '3' })).toEqual({ orderId: '12', bikerId: '3' });
    expect(monitorAssignSchema.safeParse({ orderId: '12' }).success).toBe(false);
    expect(monitorAssignSchema.safeParse({ orderId: '12', bikerId: '3 OR 1=1' }).success).toBe(false);
    // The contract's id field: a number is the same id; anything but a positive integer is refused.
    expect(monitorAssignSchema.parse({ orderId: 12, bikerId: '3' })).toEqual({ orderId: '12', bikerId: '3' });
    expect(monitorAssignSchema.safeParse({ orderId: '0', bikerId: '3' }).success).toBe(false);
  });
});
