import { DEFAULT_LOCALE, LOCALE_COOKIE, toLocale, type Locale } from './locales';

/** Display preferences kept in cookies so the server renders them on the first byte (no flash). */
export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const THEME_COOKIE = 'theme';
export const DIR_COOKIE = 'dir';
/** One year, in seconds. */
export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

export interface Preferences {
  locale: Locale;
  theme: Theme;
  dir: Direction;
}

export const DEFAULT_PREFERENCES: Preferences = { locale: DEFAULT_LOCALE, theme: 'light', dir: 'ltr' };

export function toTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'light';
}

export function toDirection(value: string | null | undefined): Direction {
  return value === 'rtl' ? 'rtl' : 'ltr';
}

/** Anything with a cookie getter: Next's `cookies()` store or a request's `cookies`. */
interface CookieReader {
  get(name: string): { value: string } | undefined;
}

export function readPreferences(store: CookieReader): Preferences {
  return {
    locale: toLocale(store.get(LOCALE_COOKIE)?.value),
    theme: toTheme(store.get(THEME_COOKIE)?.value),
    dir: toDirection(store.get(DIR_COOKIE)?.value),
  };
}

/** The classes the root element carries for a theme: `dark` drives Tailwind's dark variant. */
export function themeClassName(theme: Theme): string {
  return theme === 'dark' ? 'dark' : theme;
}
