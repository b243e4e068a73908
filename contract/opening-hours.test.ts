import { describe, expect, it } from 'vitest';
import { isOpenAt, localClock, overlappingRanges, rangeSpan } from './opening-hours';
import { timeShopContract } from './resources/time-shop';

const at = (day: number, time: string) => ({ day, minute: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) });
const own = (open: string, close: string) => ({ open, close });

describe("a shop's own times, every day", () => {
  it('opens at the opening time and closes at the closing time', () => {
    const hours = own('08:00', '20:00');
    expect(isOpenAt(null, hours, at(3, '07:59'))).toBe(false);
    expect(isOpenAt(null, hours, at(3, '08:00'))).toBe(true);
    expect(isOpenAt(null, hours, at(3, '19:59'))).toBe(true);
    expect(isOpenAt(null, hours, at(3, '20:00'))).toBe(false);
    expect(isOpenAt(null, hours, at(3, '20:24'))).toBe(false);
  });

  it('runs overnight when it closes before it opens (18:00–02:00)', () => {
    const hours = own('18:00', '02:00');
    expect(isOpenAt(null, hours, at(1, '17:59'))).toBe(false);
    expect(isOpenAt(null, hours, at(1, '18:00'))).toBe(true);
    expect(isOpenAt(null, hours, at(1, '23:59'))).toBe(true);
    expect(isOpenAt(null, hours, at(2, '00:00'))).toBe(true);
    expect(isOpenAt(null, hours, at(0, '01:59'))).toBe(true);
    expect(isOpenAt(null, hours, at(2, '02:00'))).toBe(false);
    expect(isOpenAt(null, hours, at(2, '12:00'))).toBe(false);
  });

  it('is open around the clock when it opens and closes at the same time', () => {
    for (const time of ['00:00', '06:30', '12:00', '23:59']) expect(isOpenAt(null, own('00:00', '00:00'), at(5, time))).toBe(true);
    expect(rangeSpan(own('09:00', '09:00'))).toEqual({ start: 540, end: 540 + 1_440 });
  });
});

describe('a TimeShop week', () => {
  const week = [
    { day: 1, ranges: [own('08:00', '12:00'), own('13:00', '20:00')] },
    { day: 5, ranges: [own('18:00', '02:00')] },
    { day: 6, ranges: [own('22:00', '03:00')] },
  ];

  it("replaces the shop's own times: open in its ranges only, a day left out is closed", () => {
    expect(isOpenAt(week, own('00:00', '00:00'), at(1, '09:00'))).toBe(true);
    expect(isOpenAt(week, own('00:00', '00:00'), at(1, '12:30'))).toBe(false);
    expect(isOpenAt(week, own('00:00', '00:00'), at(3, '09:00'))).toBe(false);
    expect(isOpenAt([], own('00:00', '00:00'), at(3, '09:00'))).toBe(false);
  });

  it("carries an overnight range into the next day, Saturday's into Sunday", () => {
    expect(isOpenAt(week, own('08:00', '20:00'), at(6, '01:30'))).toBe(true);
    expect(isOpenAt(week, own('08:00', '20:00'), at(6, '02:00'))).toBe(false);
    expect(isOpenAt(week, own('08:00', '20:00'), at(0, '02:59'))).toBe(true);
    expect(isOpenAt(week, own('08:00', '20:00'), at(0, '03:00'))).toBe(false);
  });
});

describe("the company's clock", () => {
  it('reads the day and minute in the time zone', () => {
    // 2026-03-02 13:24 UTC is a Monday, 20:24 in Bangkok and 08:24 in New York.
    const moment = new Date('2026-03-02T13:24:00Z');
    expect(localClock(moment, 'Asia/Bangkok')).toEqual(at(1, '20:24'));
    expect(localClock(moment, 'America/New_York')).toEqual(at(1, '08:24'));
    expect(localClock(new Date('2026-03-01T18:30:00Z'), 'Asia/Bangkok')).toEqual(at(1, '01:30'));
  });
});

describe('overlaps on the week circle', () => {
  const errorsOf = (hours: unknown) => {
    const result = timeShopContract.schemas.create.safeParse({ shopId: '1', hours });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts overnight and around-the-clock ranges that meet without overlapping', () => {
    expect(
      errorsOf([
        { day: 1, ranges: [own('18:00', '02:00')] },
        { day: 2, ranges: [own('02:00', '10:00')] },
      ]),
    ).toEqual({});
    expect(errorsOf([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [own('00:00', '00:00')] })))).toEqual({});
  });

  it('flags a range that opens while the day before is still open, and across the week', () => {
    expect(
      errorsOf([
        { day: 1, ranges: [own('18:00', '02:00')] },
        { day: 2, ranges: [own('01:00', '10:00')] },
      ]),
    ).toEqual({
      'hours.1.ranges.0.open': 'overlap',
    });
    expect(
      errorsOf([
        { day: 0, ranges: [own('01:00', '05:00')] },
        { day: 6, ranges: [own('20:00', '03:00')] },
      ]),
    ).toEqual({
      'hours.0.ranges.0.open': 'overlap',
    });
    expect(overlappingRanges([{ day: 3, ranges: [own('09:00', '12:00'), own('11:00', '14:00')] }])).toEqual([[0, 1]]);
  });

  it('flags a day given twice once, on the day', () => {
    expect(
      errorsOf([
        { day: 1, ranges: [own('09:00', '12:00')] },
        { day: 1, ranges: [own('09:00', '12:00')] },
      ]),
    ).toEqual({ 'hours.1.day': 'overlap' });
  });
});
