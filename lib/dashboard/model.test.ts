import { describe, expect, it } from 'vitest';
import { toDashboardModel, statusTotals, TOP_SHOPS_SHOWN } from './model';
import { dashboardAnswerSchema } from './schema';

const parse = (data: unknown) => dashboardAnswerSchema.parse({ status: true, data }).data;

describe('dashboardAnswerSchema', () => {
  it('accepts the counts-only answer of an upstream without the order figures', () => {
    const model = toDashboardModel(parse({ apps: 2, areas: 3, staffUsers: 4 }), '2026-11-22');
    expect(model).toEqual({
      kpis: [],
      perDay: null,
      perStatus: null,
      topShops: null,
      counts: [
        { key: 'apps', value: 2 },
        { key: 'areas', value: 3 },
        { key: 'staffUsers', value: 4 },
      ],
    });
  });

  it('types the order figures and keeps the counts apart from them', () => {
    const data = parse({
      shops: 12,
      ordersToday: 3,
      ordersMonth: 40,
      revenueMonth: 123_450,
      commissionMonth: 9_900,
      activeShops: 5,
      onlineBikers: 2,
      newMembersMonth: 7,
      perDay: [{ day: '2026-11-22', orders: 3, amount: 4_500 }],
      perStatus: [{ status: 'success', count: 30 }],
      topShops: [{ shopId: 17, name: 'Pad Thai Corner', orders: 9, amount: 90_000 }],
    });
    const model = toDashboardModel(data, '2026-11-22');
    expect(model.kpis.map((k) => [k.key, k.kind, k.value])).toEqual([
      ['ordersToday', 'count', 3],
      ['ordersMonth', 'count', 40],
      ['revenueMonth', 'money', 123_450],
      ['commissionMonth', 'money', 9_900],
      ['activeShops', 'count', 5],
      ['onlineBikers', 'count', 2],
      ['newMembersMonth', 'count', 7],
    ]);
    expect(model.counts).toEqual([{ key: 'shops', value: 12 }]);
    expect(model.perDay).toHaveLength(30);
    expect(model.perDay?.at(-1)).toEqual({ day: '2026-11-22', orders: 3, amount: 4_500 });
    expect(model.perDay?.[0]).toEqual({ day: '2026-10-24', orders: 0, amount: 0 });
    expect(model.topShops).toEqual([{ shopId: '17', name: 'Pad Thai Corner', orders: 9, amount: 90_000 }]);
  });

  it('refuses money that is not whole satang, negative counts and malformed days', () => {
    expect(() => parse({ revenueMonth: 12.5 })).toThrow();
    expect(() => parse({ ordersToday: -1 })).toThrow();
    expect(() => parse({ perDay: [{ day: '22-11-2026', orders: 1, amount: 1 }] })).toThrow();
    expect(() => parse({ topShops: [{ shopId: 1, name: 'x', orders: 1, amount: 0.5 }] })).toThrow();
    expect(() => dashboardAnswerSchema.parse({ status: false, data: {} })).toThrow();
  });
});

describe('statusTotals and the top shops', () => {
  it('adds up a status answered twice, drops zeros and puts the most orders first', () => {
    expect(
      statusTotals([
        { status: 'fail', count: 2 },
        { status: 'success', count: 5 },
        { status: 'food_otw', count: 0 },
        { status: 'fail', count: 4 },
        { status: 'biker_to_shop', count: 5 },
      ]),
    ).toEqual([
      { status: 'fail', count: 6 },
      { status: 'biker_to_shop', count: 5 },
      { status: 'success', count: 5 },
    ]);
  });

  it('shows at most ten shops with orders, in the answer order', () => {
    const shops = Array.from({ length: 14 }, (_, i) => ({ shopId: String(i), name: `Shop ${i}`, orders: i % 5, amount: i * 100 }));
    const model = toDashboardModel(parse({ topShops: shops }), '2026-11-22');
    expect(model.topShops?.map((s) => s.shopId)).toEqual(['1', '2', '3', '4', '6', '7', '8', '9', '11', '12']);
    expect(model.topShops).toHaveLength(TOP_SHOPS_SHOWN);
  });
});
