import { describe, expect, it } from 'vitest';
import { parseActionAmount } from './amount';

describe('parseActionAmount', () => {
  it('reads money as minor units without floats', () => {
    expect(parseActionAmount('120.5', false)).toBe(12_050);
    expect(parseActionAmount(' 1,000.05 ', false)).toBe(100_005);
    expect(parseActionAmount('0.1', false)).toBe(10);
  });

  it('takes a minus sign only for a correction, and never 0', () => {
    expect(parseActionAmount('-3', true)).toBe(-300);
    expect(parseActionAmount('−2.25', true)).toBe(-225);
    expect(parseActionAmount('-3', false)).toBeNull();
    expect(parseActionAmount('0', true)).toBeNull();
    expect(parseActionAmount('-0.00', true)).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '1e5', '--1', '12.']) expect(parseActionAmount(text, true), text).toBeNull();
  });
});
