import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, localDay, nextDay, zoneOffsetMs } from './order-dates';

describe("days in the company's zone", () => {
  it('reads an instant as a day in the zone, far east and half-hour zones included', () => {
    const at = new Date('2026-11-21T10:30:00Z');
    expect(localDay(at, 'Asia/Bangkok')).toBe('2026-11-21');
    expect(localDay(at, 'Pacific/Kiritimati')).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-21T17:15:00Z'), 'Asia/Bangkok')).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-21T17:15:00Z'), 'Asia/Yangon')).toBe('2026-11-21');
    expect(localDay(new Date('2026-11-21T17:30:00Z'), 'Asia/Yangon')).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-22T04:59:59Z'), 'America/New_York')).toBe('2026-11-21');
  });

  it("knows each zone's offset, daylight saving included", () => {
    expect(zoneOffsetMs(new Date('2026-06-01T00:00:00Z'), 'Pacific/Kiritimati')).toBe(14 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-06-01T00:00:00Z'), 'Asia/Yangon')).toBe(6.5 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it("gives a day's first instant and the first one after it", () => {
    expect(dayStart('2026-03-02').toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(dayStart('2026-11-22', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(dayEnd('2026-11-22', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(dayStart('2026-11-22', 'Asia/Yangon').toISOString()).toBe('2026-11-21T17:30:00.000Z');
    expect(dayEnd('2026-11-22', 'Asia/Yangon').toISOString()).toBe('2026-11-22T17:30:00.000Z');
    // New York's spring-forward day has 23 hours, its fall-back day 25.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayEnd('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayEnd('2026-11-01', 'America/New_York').getTime() - dayStart('2026-11-01', 'America/New_York').getTime()).toBe(25 * 3_600_000);
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('puts the first and last instants of a day on that day', () => {
    for (const zone of ['Asia/Bangkok', 'Pacific/Kiritimati', 'Asia/Yangon', 'America/Los_Angeles', 'Australia/Sydney']) {
      for (const day of ['2026-01-01', '2026-04-05', '2026-10-04', '2026-11-01']) {
        expect(localDay(dayStart(day, zone), zone)).toBe(day);
        expect(localDay(new Date(dayEnd(day, zone).getTime() - 1), zone)).toBe(day);
      }
    }
  });
});
