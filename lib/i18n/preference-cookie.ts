import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, type Locale } from './locales';
import { DIR_COOKIE, PREFERENCE_MAX_AGE, THEME_COOKIE, type Direction, type Theme } from './preferences';

/**
 * Browser-side writers of the display preferences. The caller refreshes the page (router.refresh()) so the server
 * renders with the new value.
 */
function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${PREFERENCE_MAX_AGE}; samesite=lax${secure}`;
}

export function saveLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale);
  mirrorLocale(locale);
}

/** The spec keeps the locale in local storage: mirror the cookie's value there. */
export function mirrorLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie still carries the locale.
  }
}

export function saveTheme(theme: Theme): void {
  writeCookie(THEME_COOKIE, theme);
}

export function saveDirection(dir: Direction): void {
  writeCookie(DIR_COOKIE, dir);
}
