import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../db/schema';
import { canApply, ORDER_STATUSES, statusAfter } from '../domain/order-lifecycle';
import { recentCountFor } from './order-data';
import { ORDER_PATHS } from './order-paths';
import { bangkokMidnight } from './order-plan';
import { spread, type SeedPlace } from './people';

describe('the seed’s order paths', () => {
  it('share each kind and way of paying out whole, with only allowed steps at increasing times', () => {
    for (const kind of ['food', 'parcel'] as const) {
      for (const cash of [true, false]) {
        const group = ORDER_PATHS.filter((p) => p.kind === kind && p.cash === cash);
        expect(group.reduce((s, p) => s + p.weight, 0)).toBeCloseTo(1, 9);
        for (const path of group) {
          let status: OrderStatus | null = null;
          let at = -1;
          for (const step of path.steps) {
            expect(canApply(kind, status, step.event)).toBe(true);
            expect(step.offsetMin).toBeGreaterThan(at);
            at = step.offsetMin;
            status = status === null ? (step.event as OrderStatus) : statusAfter(status, step.event);
          }
        }
      }
    }
  });

  it('reach every status on the way, and end in every terminal one', () => {
    const passed = new Set(ORDER_PATHS.flatMap((p) => p.steps.map((s) => s.event)));
    expect(ORDER_STATUSES.filter((s) => !passed.has(s))).toEqual([]);
    expect(new Set(ORDER_PATHS.map((p) => p.steps.at(-1)!.event))).toEqual(
      new Set(['success', 'fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order']),
    );
    expect(ORDER_PATHS.some((p) => p.steps.some((s) => s.event === 'biker_change' && s.bikerSlot === 2))).toBe(true);
  });
});

describe('seed helpers', () => {
  const place = (appType: 'Delivery' | 'Marketplace', areaName: string, closed = false): SeedPlace => ({ appId: 1, appType, areaId: 1, areaName, closed });
  const places = [place('Delivery', 'Bangkok'), place('Delivery', 'Chiang Mai'), place('Delivery', 'Phuket', true), place('Marketplace', 'Bangkok')];

  it('spreads a count over the places by share, keeping each minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (total) => {
        const counts = spread(total, places, (p) => (p.closed ? 1 : 2));
        expect(counts.reduce((s, c) => s + c, 0)).toBe(Math.max(total, 7));
        expect(counts.every((c, i) => c >= (places[i]!.closed ? 1 : 2))).toBe(true);
      }),
    );
    const [bangkok, chiangMai] = spread(10_000, places, () => 0);
    expect(bangkok!).toBeGreaterThan(chiangMai!);
  });

  it('starts the Bangkok day at 17:00 UTC the day before', () => {
    expect(bangkokMidnight(new Date('2026-11-22T16:59:59Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(bangkokMidnight(new Date('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('keeps at least twenty orders in flight, never more than there are', () => {
    expect([0, 5, 340, 55_000].map(recentCountFor)).toEqual([0, 5, 20, 110]);
  });
});
