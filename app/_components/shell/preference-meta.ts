import type { Theme } from '@/lib/i18n/preferences';

/** The icon and message key of each theme, shared by the switcher and its server-rendered trigger. */
export const THEME_ICONS: Record<Theme, string> = { light: 'sun', dark: 'moon', 'semi-dark': 'contrast' };
export const THEME_KEYS: Record<Theme, 'light' | 'dark' | 'semiDark'> = { light: 'light', dark: 'dark', 'semi-dark': 'semiDark' };
