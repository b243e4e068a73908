import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATES, splitOrder } from './ledger';
import { payOperation, refundOperation, settleOperation, type LedgerOrder } from './order-ledger';
import { bangkokDay, dayEnd, dayStart, isDay } from './order-dates';

const order = (extra: Partial<LedgerOrder> = {}): LedgerOrder => ({
  id: 7,
  companyId: 1,
  appId: 2,
  areaId: 3,
  memberId: 11,
  shopId: 12,
  bikerId: 13,
  paymentMethod: 'wallet',
  paymentStatus: 'paid',
  total: 10_000,
  ...extra,
});
const sum = (legs: { amount: number }[]) => legs.reduce((s, l) => s + l.amount, 0);

describe('splitOrder', () => {
  it('takes the commission of items and fee, rounding the commission down; the app carries the discount', () => {
    expect(splitOrder(10_000, 3_000, 500, DEFAULT_RATES)).toEqual({ app: 1_500 + 600 - 500, shop: 8_500, biker: 2_400 });
    expect(splitOrder(999, 101, 0, { shopCommission: 1500, bikerCommission: 2000 })).toEqual({ shop: 999 - 149, biker: 101 - 20, app: 149 + 20 });
    expect(splitOrder(0, 4_000, 0, DEFAULT_RATES)).toEqual({ app: 800, shop: 0, biker: 3_200 });
  });

  it('matches exact integer arithmetic: commissions rounded down, shares never negative, the app share what is left', () => {
    // An independent oracle in BigInt: no float can round anything here.
    const cut = (amount: number, bp: number) => Number((BigInt(amount) * BigInt(bp)) / 10_000n);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (items, fee, shopCommission, bikerCommission, share) => {
          const discount = Math.floor((items + fee) * share);
          const s = splitOrder(items, fee, discount, { shopCommission, bikerCommission });
          expect(s).toEqual({
            shop: items - cut(items, shopCommission),
            biker: fee - cut(fee, bikerCommission),
            app: cut(items, shopCommission) + cut(fee, bikerCommission) - discount,
          });
          expect(s.shop).toBeGreaterThanOrEqual(0);
          expect(s.biker).toBeGreaterThanOrEqual(0);
          // The creation check (discount within what the app keeps) is exactly what keeps the app share from going negative.
          expect(s.app >= 0).toBe(discount <= cut(items, shopCommission) + cut(fee, bikerCommission));
        },
      ),
    );
  });
});

describe('order operations', () => {
  it('pays from the member wallet, or from outside into the platform', () => {
    const wallet = payOperation(order());
    expect(wallet.key).toBe('pay:order:7');
    expect(wallet.legs.map((l) => [l.owner.type, l.amount])).toEqual([
      ['member', -10_000],
      ['admin', 10_000],
    ]);
    const card = payOperation(order({ paymentMethod: 'credit_card' }));
    expect(card.legs.map((l) => [l.owner.type, l.amount])).toEqual([['admin', 10_000]]);
  });

  it('settles a paid order from the platform and a cash order from the biker, each balanced', () => {
    const shares = { app: 2_000, shop: 6_000, biker: 2_000 };
    const paid = settleOperation(order(), shares);
    expect(paid.legs.map((l) => [l.owner.type, l.amount])).toEqual([
      ['admin', -8_000],
      ['shop', 6_000],
      ['biker', 2_000],
    ]);
    expect(sum(paid.legs)).toBe(0);
    const cash = settleOperation(order({ paymentMethod: 'cash', paymentStatus: 'unpaid' }), shares);
    expect(cash.legs.map((l) => [l.owner.type, l.amount])).toEqual([
      ['biker', -8_000],
      ['shop', 6_000],
      ['admin', 2_000],
    ]);
    expect(sum(cash.legs)).toBe(0);
    expect(settleOperation(order({ shopId: null }), { app: 800, shop: 0, biker: 3_200 }).legs.map((l) => l.owner.type)).toEqual(['admin', 'biker']);
  });

  it("refunds the total to the member, in the order's area", () => {
    const refund = refundOperation(order());
    expect(refund.key).toBe('refund:order:7');
    expect(refund.legs).toEqual([
      { owner: { type: 'admin', id: 0, areaId: null }, type: 'refund', amount: -10_000 },
      { owner: { type: 'member', id: 11, areaId: 3 }, type: 'refund', amount: 10_000 },
    ]);
  });
});

describe('Bangkok days', () => {
  it('maps instants to Bangkok days and days to instants', () => {
    expect(bangkokDay(new Date('2026-03-01T16:59:59Z'))).toBe('2026-03-01');
    expect(bangkokDay(new Date('2026-03-01T17:00:00Z'))).toBe('2026-03-02');
    expect(dayStart('2026-03-02').toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(dayEnd('2026-03-02').toISOString()).toBe('2026-03-02T17:00:00.000Z');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
  });
});
