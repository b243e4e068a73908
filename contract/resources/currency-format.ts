/**
 * The money format itself (no zod), for the browser: the currency provider and formatMoney import this, so a page's
 * JavaScript does not carry the settings' schemas (contract/resources/currency.ts re-exports all of it).
 */
export const THOUSANDS_SEPARATORS = ['comma', 'dot', 'space', 'none'] as const;
export const DECIMAL_MARKS = ['dot', 'comma'] as const;
/** The characters the separators' names stand for. */
export const SEPARATOR_CHARACTERS: Record<(typeof THOUSANDS_SEPARATORS)[number], string> = { comma: ',', dot: '.', space: ' ', none: '' };

export interface CurrencyFormat {
  /** The word after an amount; '' is each language's word for Baht. */
  word: string;
  decimals: 0 | 2;
  thousands: (typeof THOUSANDS_SEPARATORS)[number];
  decimal: (typeof DECIMAL_MARKS)[number];
}

export const DEFAULT_CURRENCY: CurrencyFormat = { word: '', decimals: 2, thousands: 'comma', decimal: 'dot' };
