import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoff', () => {
  it('doubles from the base up to the cap without jitter', () => {
    const options = { baseMs: 500, maxMs: 5000, factor: 2, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n, options))).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('spreads by the jitter around the delay', () => {
    const options = { baseMs: 1000, maxMs: 60_000, factor: 2, jitter: 0.2 };
    expect(backoffDelay(1, options, () => 0)).toBe(1600);
    expect(backoffDelay(1, options, () => 0.5)).toBe(2000);
    expect(backoffDelay(1, options, () => 0.999999)).toBe(2400);
  });

  it('stays within [0, max] for any attempt and random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        fc.integer({ min: 1, max: 10_000 }),
        (attempt, r, base) => {
          const delay = backoffDelay(attempt, { baseMs: base, maxMs: 5000, factor: 2, jitter: 0.3 }, () => r);
          return delay >= 0 && delay <= 5000 && Number.isInteger(delay);
        },
      ),
    );
  });
});
