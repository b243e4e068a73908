import { describe, expect, it } from 'vitest';
import { monitorAssignSchema, monitorDataSchema } from './schema';

describe('monitor data', () => {
  const biker = {
    id: 4,
    name: 'Anan',
    phone: '0810000004',
    areaId: 1,
    areaName: 'Bangkok',
    presence: 'dnd',
    tasks: [{ id: 9, orderNo: 'F261122-0000009', kind: 'food', status: 'food_otw' }],
  };
  const order = {
    id: '12',
    orderNo: 'P261122-0000012',
    kind: 'parcel',
    status: 'member_create_order',
    areaId: '1',
    total: 5000,
    createdAt: '2026-11-22T03:00:00Z',
  };

  it('reads ids as strings, positions flat or nested, and derives the assignment from the tasks', () => {
    const parsed = monitorDataSchema.parse({
      bikers: [{ ...biker, position: { lat: '13.75', lng: 100.5 } }],
      waiting: [{ ...order, pickup: { address: 'x', lat: 13.7, lng: '100.4' } }],
    });
    expect(parsed.bikers[0]).toMatchObject({ id: '4', areaId: '1', presence: 'dnd', lat: 13.75, lng: 100.5, assigned: true, tasks: [{ id: '9' }] });
    expect(parsed.waiting[0]).toMatchObject({ id: '12', pickupLat: 13.7, pickupLng: 100.4, shopName: '' });
  });

  it('accepts the answer wrapped in {status, data}, the spelled-out presence and an explicit assignment', () => {
    const parsed = monitorDataSchema.parse({
      status: true,
      data: { bikers: [{ ...biker, presence: 'do not disturb', lat: null, lng: null, assigned: 'not assigned', tasks: [] }] },
    });
    expect(parsed.bikers[0]).toMatchObject({ presence: 'dnd', lat: null, assigned: false });
    expect(parsed.waiting).toEqual([]);
  });

  it('refuses an unknown presence or a biker without a name', () => {
    expect(monitorDataSchema.safeParse({ bikers: [{ ...biker, presence: 'asleep' }] }).success).toBe(false);
    expect(monitorDataSchema.safeParse({ bikers: [{ ...biker, name: undefined }] }).success).toBe(false);
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
