import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bands, countAxis, moneyAxis, pct, shareOf, yOf } from './scales';

describe('countAxis', () => {
  it('uses round whole-number ticks from zero to a top that holds the largest value', () => {
    expect(countAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countAxis(97)).toEqual({ top: 100, ticks: [0, 20, 40, 60, 80, 100] });
  });

  it('never ticks a fraction and always reaches the largest value', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (max) => {
        const axis = countAxis(max);
        expect(axis.top).toBeGreaterThanOrEqual(max);
        expect(axis.ticks[0]).toBe(0);
        expect(axis.ticks.every(Number.isInteger)).toBe(true);
        expect(axis.ticks.at(-1)).toBe(axis.top);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
        expect(axis.ticks.length).toBeLessThanOrEqual(11);
      }),
    );
  });
});

describe('moneyAxis', () => {
  it('ticks whole baht, in satang', () => {
    expect(moneyAxis(123_456)).toEqual({ top: 150_000, ticks: [0, 50_000, 100_000, 150_000] });
    expect(moneyAxis(0)).toEqual({ top: 100, ticks: [0, 100] });
    expect(moneyAxis(50)).toEqual({ top: 100, ticks: [0, 100] });
  });

  it('keeps every tick a whole number of baht at or above the largest amount', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 40), (max) => {
        const axis = moneyAxis(max);
        expect(axis.top).toBeGreaterThanOrEqual(max);
        expect(axis.ticks.every((t) => Number.isSafeInteger(t) && t % 100 === 0)).toBe(true);
      }),
    );
  });
});

describe('bands', () => {
  it('places equal columns left to right inside the width, with gaps', () => {
    const cols = bands(4);
    expect(cols).toHaveLength(4);
    for (const [i, c] of cols.entries()) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(100 + 1e-9);
      expect(c.center).toBeCloseTo(c.x + c.width / 2);
      const next = cols[i + 1];
      if (next) expect(next.x).toBeGreaterThan(c.x + c.width);
    }
    expect(cols[0]?.width).toBeCloseTo(cols[3]?.width ?? 0);
  });

  it('answers nothing for no columns', () => {
    expect(bands(0)).toEqual([]);
  });
});

describe('yOf, shareOf and pct', () => {
  it('puts zero at the bottom, the top at 0 and clamps beyond', () => {
    expect(yOf(0, 8, 200)).toBe(200);
    expect(yOf(8, 8, 200)).toBe(0);
    expect(yOf(2, 8, 200)).toBe(150);
    expect(yOf(20, 8, 200)).toBe(0);
    expect(yOf(0, 0, 200)).toBe(200);
  });

  it('measures a bar against the largest one', () => {
    expect(shareOf(5, 20)).toBe(25);
    expect(shareOf(5, 0)).toBe(0);
    expect(shareOf(30, 20)).toBe(100);
  });

  it('writes short percentages', () => {
    expect(pct(100 / 3)).toBe('33.333%');
    expect(pct(50)).toBe('50%');
  });
});
