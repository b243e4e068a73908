import { describe, expect, it } from 'vitest';
import { VALIDATION_CODES } from '@contract/codes';
import { STATUSES } from '@/lib/status';
import { LOCALES, type Locale } from '@/lib/i18n/locales';
import { flattenMessages } from '@/lib/i18n/messages';
import { dictionaryTree } from './dictionary';
import { SERVER_MESSAGE_KEYS } from '@/lib/i18n/server-messages';
import { SERVER_MESSAGES } from '@/lib/server/messages';

/** A dictionary as the portal serves it, flattened to dotted keys. */
const dictionary = (locale: Locale): Map<string, unknown> => flattenMessages(dictionaryTree(locale));

/** Proper nouns and codes that read the same in every language. */
// A range of numbers and its unit, which every language writes the same way, is no word to translate.
const SAME_IN_EVERY_LANGUAGE = new Set([
  'app.name',
  'status.paymentMethod.promptPay',
  'status.paymentMethod.paypal',
  'resource.feePreview.band',
  // A distance and its unit word, which is translated on its own.
  'orders.view.distance',
  'monitor.waiting.distance',
]);

/** ICU argument names of a message: `{n}`, `{count, plural, …}` → n, count. */
const argumentsOf = (text: string) => [...text.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]).sort();

const en = dictionary('en');
const others = LOCALES.filter((l) => l !== 'en');

describe('message dictionaries', () => {
  it('has every locale file with content', () => {
    for (const locale of LOCALES) expect(dictionary(locale).size, locale).toBeGreaterThan(100);
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const keys = [...dictionary(locale).keys()];
    const missing = [...en.keys()].filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)('%s has no empty or non-text value', (locale) => {
    const bad = [...dictionary(locale)].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad).toEqual([]);
  });

  it.each(others)('%s translates every value that is not a proper noun', (locale) => {
    const untranslated = [...dictionary(locale)].filter(([k, v]) => !SAME_IN_EVERY_LANGUAGE.has(k) && v === en.get(k)).map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of every English message', (locale) => {
    const dict = dictionary(locale);
    const wrong = [...en].filter(([k, v]) => JSON.stringify(argumentsOf(String(v))) !== JSON.stringify(argumentsOf(String(dict.get(k) ?? '')))).map(([k]) => k);
    expect(wrong).toEqual([]);
  });
});

describe('messages the code relies on', () => {
  it('quotes the spec messages exactly in English', () => {
    expect(en.get('spec.errors.wrongEmailOrPassword')).toBe('Wrong Email or Password');
    expect(en.get('spec.errors.wrongOtp')).toBe('Wrong OTP');
    expect(en.get('spec.validation.passwordMismatch')).toBe("Password doesn't match. Please try again.");
    expect(en.get('spec.errors.notAuthorized')).toBe('You are not authorized');
    expect(en.get('spec.errors.serviceAreaLimit')).toBe('Service area limit reached');
    expect(en.get('spec.errors.applicationLimit')).toBe('Application limit reached');
    expect(en.get('spec.validation.thanMore24')).toBe('Than more 24');
  });

  it('has a label for every status badge', () => {
    const missing = Object.entries(STATUSES).flatMap(([kind, defs]) =>
      Object.values(defs)
        .map((d) => `status.${kind}.${d.key}`)
        .filter((key) => !en.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it('has every key the server-message map returns', () => {
    expect(SERVER_MESSAGE_KEYS.filter((key) => !en.has(key))).toEqual([]);
  });

  it('translates every code the portal endpoints answer with', () => {
    const missing = Object.keys(SERVER_MESSAGES).filter((code) => !en.has(`serverErrors.${code}`));
    expect(missing).toEqual([]);
  });

  it('translates every validation code of the wire contract in every language', () => {
    for (const locale of LOCALES) {
      const messages = dictionary(locale);
      expect(VALIDATION_CODES.filter((code) => !messages.has(`validation.${code}`))).toEqual([]);
    }
  });
});
