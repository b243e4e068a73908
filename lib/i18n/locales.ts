/** Locales of the portal: English is the default; the locale has no path prefix and lives in a cookie. */
export const LOCALES = ['en', 'th', 'zh', 'my'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Cookie read by the server to render the right language without a flash. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** The spec keeps the locale in local storage; the portal mirrors the cookie there. */
export const LOCALE_STORAGE_KEY = 'locale';

/** Each language's name in that language (shown in the switcher, the same in every interface language). */
export const AUTONYMS: Record<Locale, string> = {
  en: 'English',
  th: 'ไทย',
  zh: '中文',
  my: 'မြန်မာ',
};

/** Values of the `lang` attribute: the locale codes themselves (`zh` is Simplified Chinese here). */
export const LANG_TAGS: Record<Locale, string> = { en: 'en', th: 'th', zh: 'zh', my: 'my' };

/** Dates and times are shown in the platform's home time zone. */
export const TIME_ZONE = 'Asia/Bangkok';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function toLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
