import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatDistance,
  formatMetresIn,
  formatMinor,
  formatMoney,
  formatNumber,
  formatPoints,
  formatSignedMoney,
  formatTime,
  formatTransaction,
  formatWeight,
  localeNumberFormat,
} from './format';

describe('formatMoney', () => {
  it('shows two decimals, comma thousands, dot decimal and Baht', () => {
    expect(formatMoney(123450)).toBe('1,234.50 Baht');
    expect(formatMoney(0)).toBe('0.00 Baht');
    expect(formatMoney(5)).toBe('0.05 Baht');
    expect(formatMoney(100)).toBe('1.00 Baht');
    expect(formatMoney(-123456789)).toBe('-1,234,567.89 Baht');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatMoney(123456789012345678901n)).toBe('1,234,567,890,123,456,789.01 Baht');
    expect(formatMinor(900719925474099312n)).toBe('9,007,199,254,740,993.12');
  });

  it('refuses a fractional amount of minor units', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });

  it('translates the currency word per locale, or uses the word given', () => {
    expect(formatMoney(100000, 'th')).toBe('1,000.00 บาท');
    expect(formatMoney(100000, 'zh')).toBe('1,000.00 泰铢');
    expect(formatMoney(100000, 'my')).toBe('1,000.00 ဘတ်');
    expect(formatMoney(100000, 'xx')).toBe('1,000.00 Baht');
    expect(formatMoney(100, 'en', { word: 'THB', decimals: 2, thousands: 'comma', decimal: 'dot' })).toBe('1.00 THB');
  });

  it("follows the app's currency format: word, decimals, separators, rounding half up without decimals", () => {
    const euro = { word: 'EUR', decimals: 2, thousands: 'dot', decimal: 'comma' } as const;
    expect(formatMoney(123456789, 'th', euro)).toBe('1.234.567,89 EUR');
    const whole = { word: '', decimals: 0, thousands: 'space', decimal: 'dot' } as const;
    expect(formatMoney(123450, 'en', whole)).toBe('1 235 Baht');
    expect(formatMoney(123449, 'th', whole)).toBe('1 234 บาท');
    expect(formatMoney(-49, 'en', whole)).toBe('0 Baht');
    expect(formatMoney(-150, 'en', whole)).toBe('-2 Baht');
    expect(formatMinor(123456789, { word: '', decimals: 2, thousands: 'none', decimal: 'dot' })).toBe('1234567.89');
  });
});

describe('formatTransaction', () => {
  it('puts - before withdraw and + before every other type', () => {
    expect(formatTransaction('withdraw', 5000)).toBe('-50.00 Baht');
    for (const type of ['pay', 'refund', 'deposit', 'bonus', 'create', 'cancel']) {
      expect(formatTransaction(type, 5000)).toBe('+50.00 Baht');
    }
  });

  it('uses the sign of the type, not of the stored amount', () => {
    expect(formatTransaction('withdraw', -5000)).toBe('-50.00 Baht');
    expect(formatTransaction('refund', -5000n, 'th')).toBe('+50.00 บาท');
  });
});

describe('dates and times', () => {
  const instant = new Date('2026-03-04T01:02:03Z');

  it('formats DD-MM-YYYY and HH:mm:ss in Bangkok time by default', () => {
    expect(formatDate(instant)).toBe('04-03-2026');
    expect(formatTime(instant)).toBe('08:02:03');
    expect(formatDateTime('2026-12-31T20:00:00Z')).toBe('01-01-2027 03:00:00');
  });

  it('uses a 24-hour clock and the time zone given', () => {
    expect(formatTime('2026-03-04T23:59:59Z', 'UTC')).toBe('23:59:59');
    expect(formatTime('2026-03-04T00:00:00Z', 'UTC')).toBe('00:00:00');
    expect(formatDate(instant.getTime(), 'UTC')).toBe('04-03-2026');
  });

  it('keeps each time zone apart when one formatter per zone is reused', () => {
    const at = '2026-12-31T20:00:00Z';
    const zones = ['Asia/Bangkok', 'UTC', 'America/New_York', 'Asia/Bangkok', 'UTC'];
    expect(zones.map((z) => formatDateTime(at, z))).toEqual([
      '01-01-2027 03:00:00',
      '31-12-2026 20:00:00',
      '31-12-2026 15:00:00',
      '01-01-2027 03:00:00',
      '31-12-2026 20:00:00',
    ]);
  });

  it('rejects an invalid date, and an unknown time zone every time it is asked for', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDateTime(instant, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => formatDateTime(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('numbers', () => {
  it('formats in the locale’s own way, percent with at most two decimals, each locale and style apart', () => {
    expect(localeNumberFormat('en').format(1234567)).toBe('1,234,567');
    expect(localeNumberFormat('en', 'percent').format(0.12345)).toBe('12.35%');
    expect(localeNumberFormat('de').format(1234567)).toBe('1.234.567');
    expect(localeNumberFormat('en').format(1234.5)).toBe('1,234.5');
    expect(localeNumberFormat('en', 'percent')).toBe(localeNumberFormat('en', 'percent'));
  });

  it('signs a movement of money: money in with a plus, money out with its minus, none for zero', () => {
    expect(formatSignedMoney(1200, 'en')).toBe('+12.00 Baht');
    expect(formatSignedMoney(-50n, 'en')).toBe('-0.50 Baht');
    expect(formatSignedMoney(0, 'en')).toBe('0.00 Baht');
  });

  it('signs a points movement: a gain with a plus, a loss with its minus, none for zero', () => {
    expect(formatPoints(1200, 'en')).toBe('+1,200');
    expect(formatPoints(-50, 'en')).toBe('-50');
    expect(formatPoints(0, 'en')).toBe('0');
  });

  it('shows numbers above 999 with k', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1k');
    expect(formatCompact(1234)).toBe('1.2k');
    expect(formatCompact(1250)).toBe('1.3k');
    expect(formatCompact(15_000)).toBe('15k');
    expect(formatCompact(1_234_567)).toBe('1,234.6k');
    expect(formatCompact(-2500)).toBe('-2.5k');
    expect(formatCompact(12.5)).toBe('12.5');
  });

  it('groups thousands and trims decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(10.1)).toBe('10.1');
    expect(formatNumber(-0.001)).toBe('0');
    expect(() => formatNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('units', () => {
  it('formats distance in Kilometer or Mile, translated', () => {
    expect(formatDistance(12.5, 'Kilometer')).toBe('12.5 Kilometer');
    expect(formatDistance(3, 'Mile')).toBe('3 Mile');
    expect(formatDistance(1200, 'Kilometer', 'th')).toBe('1,200 กิโลเมตร');
    expect(formatDistance(2, 'Mile', 'zh')).toBe('2 英里');
  });

  it("formats metres in the company's unit, at most two decimals (1 mi = 1.609344 km)", () => {
    expect(formatMetresIn(3_180, 'km')).toBe('3.18');
    expect(formatMetresIn(3_180, 'mi')).toBe('1.98');
    expect(formatMetresIn(1_609.344, 'mi')).toBe('1');
    expect(formatMetresIn(12_000, 'km')).toBe('12');
  });

  it('formats weight in gram, translated', () => {
    expect(formatWeight(1500)).toBe('1,500 gram');
    expect(formatWeight(250, 'my')).toBe('250 ဂရမ်');
    expect(formatWeight(0.5, 'th')).toBe('0.5 กรัม');
  });
});

describe('days as DD-MM-YYYY', () => {
  it('shows a URL day as DD-MM-YYYY and reads a typed one back, refusing days the calendar lacks', async () => {
    const { dmyToIsoDay, isoDayToDmy } = await import('./format');
    expect(isoDayToDmy('2026-11-24')).toBe('24-11-2026');
    expect(isoDayToDmy('24-11-2026')).toBe('');
    expect(dmyToIsoDay('24-11-2026')).toBe('2026-11-24');
    expect(dmyToIsoDay(' 1/2/2026 ')).toBe('2026-02-01');
    expect(dmyToIsoDay('29-02-2028')).toBe('2028-02-29');
    expect(dmyToIsoDay('29-02-2026')).toBeNull();
    expect(dmyToIsoDay('2026-11-24')).toBeNull();
    expect(dmyToIsoDay('')).toBeNull();
  });
});
