import { describe, expect, it } from 'vitest';
import { EventBus, reaches, type Subscriber } from './bus';

const sub = (companyId: number, appId: number | null, areaId: number | null, inbox: unknown[] = []): Subscriber => ({
  companyId,
  appId,
  areaId,
  deliver: (event) => inbox.push(event),
});

describe('reaches', () => {
  it('gives admins the whole company and staff their app and area', () => {
    const admin = sub(1, null, null);
    const staff = sub(1, 10, 100);
    expect(reaches({ companyId: 1, appId: 10, areaId: 200 }, admin)).toBe(true);
    expect(reaches({ companyId: 2 }, admin)).toBe(false);
    expect(reaches({ companyId: 1, appId: 10, areaId: 100 }, staff)).toBe(true);
    expect(reaches({ companyId: 1, appId: 10 }, staff)).toBe(true);
    expect(reaches({ companyId: 1, appId: 10, areaId: 200 }, staff)).toBe(false);
    expect(reaches({ companyId: 1, appId: 11, areaId: 100 }, staff)).toBe(false);
  });
});

describe('EventBus', () => {
  it('delivers with the scope attached and stops after unsubscribe', () => {
    const bus = new EventBus();
    const inbox: unknown[] = [];
    const off = bus.subscribe(sub(1, 10, 100, inbox));
    expect(bus.publish({ companyId: 1, appId: 10, areaId: 100 }, { type: 'rider.moved', lat: 13.7 })).toBe(1);
    expect(inbox).toEqual([{ type: 'rider.moved', lat: 13.7, scope: { companyId: 1, appId: 10, areaId: 100 } }]);
    off();
    expect(bus.publish({ companyId: 1 }, { type: 'x' })).toBe(0);
    expect(bus.size).toBe(0);
  });
});
