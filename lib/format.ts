/**
 * Display formats of the spec's section 9. Pure: usable on the server and in the browser.
 * Numbers always use Latin digits, comma thousands and a dot decimal; only unit words follow the locale.
 * Money is formatted from integer minor units (satang) with bigint arithmetic, never through a float, in the app's
 * currency format (contract/resources/currency.ts; the spec's by default).
 */
import { DEFAULT_CURRENCY, SEPARATOR_CHARACTERS, type CurrencyFormat } from '@contract/resources/currency-format';
import { inUnit, type CompanyDistanceUnit } from '@contract/distance-units';

export type { CurrencyFormat } from '@contract/resources/currency-format';

export type FormatLocale = 'en' | 'th' | 'zh' | 'my';
export type DistanceUnit = 'Kilometer' | 'Mile';

const UNIT_WORDS: Record<FormatLocale, { baht: string; Kilometer: string; Mile: string; gram: string }> = {
  en: { baht: 'Baht', Kilometer: 'Kilometer', Mile: 'Mile', gram: 'gram' },
  th: { baht: 'บาท', Kilometer: 'กิโลเมตร', Mile: 'ไมล์', gram: 'กรัม' },
  zh: { baht: '泰铢', Kilometer: '公里', Mile: '英里', gram: '克' },
  my: { baht: 'ဘတ်', Kilometer: 'ကီလိုမီတာ', Mile: 'မိုင်', gram: 'ဂရမ်' },
};

const DEFAULT_TIME_ZONE = 'Asia/Bangkok';

function wordsFor(locale: string | undefined) {
  return UNIT_WORDS[(locale ?? 'en') as FormatLocale] ?? UNIT_WORDS.en;
}

/** Inserts the thousands separator into a string of digits. */
function groupDigits(digits: string, separator = ','): string {
  return separator ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : digits;
}

function toBigInt(minorUnits: bigint | number): bigint {
  if (typeof minorUnits === 'bigint') return minorUnits;
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Money must be an integer number of minor units, got ${minorUnits}`);
  return BigInt(minorUnits);
}

/**
 * An amount of integer minor units as '1,234.50' (no currency word), in the currency's format (the spec's by
 * default). With no decimals it is rounded half up for display ('1,235').
 */
export function formatMinor(minorUnits: bigint | number, currency: CurrencyFormat = DEFAULT_CURRENCY): string {
  const value = toBigInt(minorUnits);
  const negative = value < 0n;
  let abs = negative ? -value : value;
  if (currency.decimals === 0) abs = (abs + 50n) / 100n;
  const whole = groupDigits((currency.decimals === 0 ? abs : abs / 100n).toString(), SEPARATOR_CHARACTERS[currency.thousands]);
  const text = currency.decimals === 0 ? whole : `${whole}${SEPARATOR_CHARACTERS[currency.decimal]}${(abs % 100n).toString().padStart(2, '0')}`;
  return `${negative && abs !== 0n ? '-' : ''}${text}`;
}

/** '1,234.50 Baht': the amount in the currency's format, then its word (the locale's word for Baht unless set). */
export function formatMoney(minorUnits: bigint | number, locale: string = 'en', currency: CurrencyFormat = DEFAULT_CURRENCY): string {
  return `${formatMinor(minorUnits, currency)} ${currency.word || wordsFor(locale).baht}`;
}

/** A signed movement of money: '+12.00 Baht' for money in, '-12.00 Baht' for money out, '0.00 Baht' for none. */
export function formatSignedMoney(minorUnits: bigint | number, locale: string = 'en', currency: CurrencyFormat = DEFAULT_CURRENCY): string {
  return `${toBigInt(minorUnits) > 0n ? '+' : ''}${formatMoney(minorUnits, locale, currency)}`;
}

/** A transaction amount: '-' for withdraw and '+' for every other type, then the money. */
export function formatTransaction(type: string, minorUnits: bigint | number, locale: string = 'en', currency: CurrencyFormat = DEFAULT_CURRENCY): string {
  const value = toBigInt(minorUnits);
  const abs = value < 0n ? -value : value;
  return `${type === 'withdraw' ? '-' : '+'}${formatMoney(abs, locale, currency)}`;
}

function toDate(input: Date | string | number): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with it, and a list
 * page formats a date in every row (on the server, then again as it hydrates).
 */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = FORMATTERS.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    FORMATTERS.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(input: Date | string | number, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(toDate(input))) parts[p.type] = p.value;
  return parts;
}

const dayOf = (p: Record<string, string>) => `${p.day}-${p.month}-${p.year}`;
const timeOf = (p: Record<string, string>) => `${p.hour}:${p.minute}:${p.second}`;

/** DD-MM-YYYY in the given time zone (default Asia/Bangkok). */
export function formatDate(input: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayOf(partsOf(input, timeZone));
}

/** HH:mm:ss, 24-hour, in the given time zone (default Asia/Bangkok). */
export function formatTime(input: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return timeOf(partsOf(input, timeZone));
}

/** DD-MM-YYYY HH:mm:ss. */
export function formatDateTime(input: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = partsOf(input, timeZone);
  return `${dayOf(p)} ${timeOf(p)}`;
}

/** Plain number with comma thousands and at most `maxDecimals` decimals (trailing zeros dropped). */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const negative = value < 0;
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(maxDecimals).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const text = `${groupDigits(whole)}${trimmed ? `.${trimmed}` : ''}`;
  return negative && text !== '0' ? `-${text}` : text;
}

const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** The locale's own number format (`percent`: at most 2 decimals), built once per locale and style. */
export function localeNumberFormat(locale: string, style: 'decimal' | 'percent' = 'decimal'): Intl.NumberFormat {
  const key = `${locale}|${style}`;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, style === 'percent' ? { style, maximumFractionDigits: 2 } : undefined);
    NUMBER_FORMATS.set(key, format);
  }
  return format;
}

/** A points movement in the locale's numbers, a gain with its plus sign: 1200 → '+1,200', -50 → '-50'. */
export function formatPoints(value: number, locale: string): string {
  return `${value > 0 ? '+' : ''}${localeNumberFormat(locale).format(value)}`;
}

/** Numbers above 999 as thousands with one decimal: 1234 → '1.2k', 1000 → '1k'; 999 and below unchanged. */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Math.abs(value) <= 999) return formatNumber(value, 2);
  return `${formatNumber(Math.round(value / 100) / 10, 1)}k`;
}

/** '12.5 Kilometer' / '3 Mile', the unit word in the locale. */
export function formatDistance(value: number, unit: DistanceUnit, locale: string = 'en'): string {
  return `${formatNumber(value, 2)} ${wordsFor(locale)[unit]}`;
}

/** A distance in metres as a number of the company's unit, at most two decimals: 3180 m in km → '3.18', in mi → '1.98'. */
export function formatMetresIn(metres: number, unit: CompanyDistanceUnit): string {
  return formatNumber(inUnit(metres, unit), 2);
}

/** '1,500 gram', the unit word in the locale. */
export function formatWeight(grams: number, locale: string = 'en'): string {
  return `${formatNumber(grams, 2)} ${wordsFor(locale).gram}`;
}

/** A day as the spec writes it: `YYYY-MM-DD` (the URL's and the API's form) → `DD-MM-YYYY`; anything else → ''. */
export function isoDayToDmy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/**
 * A day typed as `DD-MM-YYYY` (or with `/` or `.`, one-digit day and month allowed) → `YYYY-MM-DD`; null when it is
 * not a day of the calendar (31-02-2026).
 */
export function dmyToIsoDay(text: string): string | null {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
