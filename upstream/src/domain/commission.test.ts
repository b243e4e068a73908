import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bikerRateFloor } from './commission';
import { splitOrder } from './ledger';

type Source = 'app' | 'shop';
const order = (itemsTotal: number, deliveryFee: number, discount: number, shopCommission: number, discountSource: Source = 'app') => ({
  itemsTotal,
  deliveryFee,
  discount,
  shopCommission,
  discountSource,
});
const appShare = (o: ReturnType<typeof order>, bikerCommission: number) =>
  splitOrder(o.itemsTotal, o.deliveryFee, o.discount, { shopCommission: o.shopCommission, bikerCommission }, o.discountSource).app;

describe('bikerRateFloor', () => {
  it('is 0 while the discount fits in the app’s cut of the items, else the lowest rate that covers the rest', () => {
    // 120 baht of food at 10 %: the app keeps 12 baht of it; a 15 baht discount needs 3 baht of the 30 baht fee (10 %).
    expect(bikerRateFloor(order(12_000, 3_000, 1_200, 1_000))).toBe(0);
    expect(bikerRateFloor(order(12_000, 3_000, 1_500, 1_000))).toBe(1_000);
    expect(appShare(order(12_000, 3_000, 1_500, 1_000), 1_000)).toBe(0);
    expect(appShare(order(12_000, 3_000, 1_500, 1_000), 999)).toBeLessThan(0);
    // A shop's voucher is the shop's to carry: the app's share never depends on it.
    expect(bikerRateFloor(order(12_000, 3_000, 5_000, 1_000, 'shop'))).toBe(0);
  });

  it('keeps the app’s share at zero or more for any rate at or above it, and is the lowest such rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 10_000 }),
        (items, fee, shopRate, placedBikerRate, share, packageRate) => {
          // The placement's check: the discount fits in the app's cut at the rates it was placed with.
          const cut = splitOrder(items, fee, 0, { shopCommission: shopRate, bikerCommission: placedBikerRate }).app;
          const o = order(items, fee, Math.floor(cut * share), shopRate);
          const floor = bikerRateFloor(o);
          expect(floor).toBeLessThanOrEqual(placedBikerRate);
          expect(appShare(o, Math.max(packageRate, floor))).toBeGreaterThanOrEqual(0);
          if (floor > 0) expect(appShare(o, floor - 1)).toBeLessThan(0);
          if (appShare(o, packageRate) >= 0) expect(Math.max(packageRate, floor)).toBe(packageRate);
        },
      ),
    );
  });
});
