import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, bangkokDay, dayIn, dayLabel, labelledDays, peakDay, totalOf, windowEnd, zeroFill } from './days';

describe('bangkokDay', () => {
  it('is the date in Asia/Bangkok (UTC+7), not in UTC', () => {
    expect(bangkokDay(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(bangkokDay(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
    expect(bangkokDay(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01');
  });
});

describe('dayIn', () => {
  it("is the date in the company's zone, far east, half-hour and west of Greenwich included", () => {
    expect(dayIn(new Date('2026-11-21T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-22');
    expect(dayIn(new Date('2026-11-21T17:15:00Z'), 'Asia/Yangon')).toBe('2026-11-21');
    expect(dayIn(new Date('2026-11-22T03:00:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(dayIn(new Date('2026-11-21T17:15:00Z'), 'Asia/Bangkok')).toBe(bangkokDay(new Date('2026-11-21T17:15:00Z')));
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-22', -29)).toBe('2026-10-24');
  });
});

describe('zeroFill', () => {
  it('answers every day of the window, oldest first, zero where the answer has none', () => {
    const days = zeroFill([{ day: '2026-11-20', orders: 4, amount: 1_250 }], '2026-11-22', 5);
    expect(days).toEqual([
      { day: '2026-11-18', orders: 0, amount: 0 },
      { day: '2026-11-19', orders: 0, amount: 0 },
      { day: '2026-11-20', orders: 4, amount: 1_250 },
      { day: '2026-11-21', orders: 0, amount: 0 },
      { day: '2026-11-22', orders: 0, amount: 0 },
    ]);
  });

  it('drops days outside the window and adds up a day answered twice', () => {
    const days = zeroFill(
      [
        { day: '2026-10-01', orders: 9, amount: 900 },
        { day: '2026-11-22', orders: 1, amount: 100 },
        { day: '2026-11-22', orders: 2, amount: 250 },
      ],
      '2026-11-22',
      2,
    );
    expect(days).toEqual([
      { day: '2026-11-21', orders: 0, amount: 0 },
      { day: '2026-11-22', orders: 3, amount: 350 },
    ]);
  });

  it('keeps the total of the days inside the window, whatever the order of the answer', () => {
    const day = fc.integer({ min: 0, max: 59 }).map((n) => addDays('2026-10-01', n));
    const point = fc.record({ day, orders: fc.nat(1_000), amount: fc.nat(10_000_000) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 80 }), (points) => {
        const end = '2026-11-29';
        const filled = zeroFill(points, end, 30);
        const first = addDays(end, -29);
        const inside = points.filter((p) => p.day >= first && p.day <= end);
        expect(filled).toHaveLength(30);
        expect(filled[0]?.day).toBe(first);
        expect(filled.at(-1)?.day).toBe(end);
        expect(totalOf(filled, 'orders')).toBe(totalOf(inside, 'orders'));
        expect(totalOf(filled, 'amount')).toBe(totalOf(inside, 'amount'));
      }),
    );
  });
});

describe('windowEnd', () => {
  it('is today unless the answer reaches further', () => {
    expect(windowEnd([], '2026-11-22')).toBe('2026-11-22');
    expect(windowEnd([{ day: '2026-11-20', orders: 1, amount: 1 }], '2026-11-22')).toBe('2026-11-22');
    expect(windowEnd([{ day: '2026-11-23', orders: 1, amount: 1 }], '2026-11-22')).toBe('2026-11-23');
  });
});

describe('labels', () => {
  it('writes days as DD-MM-YYYY or DD-MM', () => {
    expect(dayLabel('2026-11-02')).toBe('02-11-2026');
    expect(dayLabel('2026-11-02', true)).toBe('02-11');
    expect(dayLabel('2026-11')).toBe('11-2026');
    expect(dayLabel('2026-11', true)).toBe('11-26');
  });

  it('labels the newest day and every seventh day back', () => {
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(3)).toEqual([2]);
    expect(labelledDays(0)).toEqual([]);
  });
});

describe('peakDay', () => {
  it('is the busiest day, the newest of equals, or null when nothing happened', () => {
    const a = { day: '2026-11-20', orders: 5, amount: 10 };
    const b = { day: '2026-11-21', orders: 5, amount: 30 };
    const c = { day: '2026-11-22', orders: 1, amount: 20 };
    expect(peakDay([a, b, c], 'orders')).toBe(b);
    expect(peakDay([a, b, c], 'amount')).toBe(b);
    expect(peakDay([{ ...a, orders: 0 }], 'orders')).toBeNull();
  });
});
