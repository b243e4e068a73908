import { describe, expect, it } from 'vitest';
import { flattenMessages, mergeMessages } from './messages';
import { readPreferences, themeClassName } from './preferences';
import { serverMessageKey, translateAnswer, type Translator } from './server-messages';
import { toLocale } from './locales';

/** A translator over a fixed set of keys that shows which key it was asked for. */
function fakeTranslator(keys: string[]): Translator {
  const t = ((key: string) => `<${key}>`) as Translator;
  t.has = (key: string) => keys.includes(key);
  return t;
}

const cookieStore = (values: Record<string, string>) => ({ get: (name: string) => (name in values ? { value: values[name]! } : undefined) });

describe('locale and display preferences', () => {
  it('falls back to English, light and ltr for missing or unknown cookies', () => {
    expect(readPreferences(cookieStore({}))).toEqual({ locale: 'en', theme: 'light', dir: 'ltr' });
    expect(readPreferences(cookieStore({ NEXT_LOCALE: 'fr', theme: 'neon', dir: 'up' }))).toEqual({ locale: 'en', theme: 'light', dir: 'ltr' });
  });

  it('reads the four locales, the three themes and rtl', () => {
    expect(readPreferences(cookieStore({ NEXT_LOCALE: 'my', theme: 'semi-dark', dir: 'rtl' }))).toEqual({ locale: 'my', theme: 'semi-dark', dir: 'rtl' });
    expect(['en', 'th', 'zh', 'my'].map(toLocale)).toEqual(['en', 'th', 'zh', 'my']);
    expect(themeClassName('dark')).toBe('dark');
  });
});

describe('message trees', () => {
  it('deep-merges the shell keys over the main dictionary without losing siblings', () => {
    const merged = mergeMessages({ a: { b: 'B', c: 'C' }, d: 'D' }, { a: { c: 'C2', e: 'E' } });
    expect(merged).toEqual({ a: { b: 'B', c: 'C2', e: 'E' }, d: 'D' });
    expect([...flattenMessages(merged).keys()]).toEqual(['a.b', 'a.c', 'a.e', 'd']);
  });
});

describe('server messages in the user language', () => {
  const t = fakeTranslator(['serverErrors.wrongCredentials', 'serverErrors.crossSite']);

  it('maps the spec messages quoted exactly', () => {
    expect(serverMessageKey('Wrong Email or Password')).toBe('spec.errors.wrongEmailOrPassword');
    expect(serverMessageKey('Wrong OTP')).toBe('spec.errors.wrongOtp');
    expect(serverMessageKey('More than 7 characters')).toBe('validation.moreThan7');
    expect(serverMessageKey("Password doesn't match. Please try again.")).toBe('spec.validation.passwordMismatch');
    expect(serverMessageKey('wrong email or password')).toBeNull();
  });

  it('prefers the status for rate limits and an unreachable upstream', () => {
    expect(translateAnswer(t, { httpStatus: 429, code: 'wrongCredentials', message: 'Too many attempts, try again in 15 minutes' })).toBe(
      '<auth.errors.tooManyAttempts>',
    );
    expect(translateAnswer(t, { httpStatus: 502, message: 'The Platform API cannot be reached. Try again in a moment.' })).toBe('<errors.upstream.down>');
    expect(translateAnswer(t, { httpStatus: 504 })).toBe('<errors.upstream.timeout>');
  });

  it('uses the spec text, then the portal code, then the text as sent', () => {
    expect(translateAnswer(t, { httpStatus: 200, code: 'wrongCredentials', message: 'Wrong Email or Password' })).toBe('<spec.errors.wrongEmailOrPassword>');
    expect(translateAnswer(t, { httpStatus: 403, code: 'crossSite', message: 'This request must come from the portal itself.' })).toBe(
      '<serverErrors.crossSite>',
    );
    expect(translateAnswer(t, { httpStatus: 400, code: 'unknownCode', message: 'Shop name taken' })).toBe('Shop name taken');
    expect(translateAnswer(t, { httpStatus: 500 })).toBe('<errors.generic>');
  });
});
