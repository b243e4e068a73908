'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { AUTONYMS, LANG_TAGS, LOCALES, toLocale, type Locale } from '@/lib/i18n/locales';
import { DIRECTIONS, THEMES, themeClassName, type Direction, type Theme } from '@/lib/i18n/preferences';
import { saveDirection, saveLocale, saveTheme } from '@/lib/i18n/preference-cookie';
import type { Handoff } from './handoff';
import { THEME_ICONS, THEME_KEYS } from './preference-meta';
import { PreferenceListbox } from './preference-listbox';

/*
 * Locale, theme and direction. Each choice is written to its cookie (the locale is mirrored to local storage), applied
 * to <html> at once, and the page is refreshed so the server renders the same value.
 */

function useRefresh() {
  const router = useRouter();
  const [, startTransition] = useTransition();
  return () => startTransition(() => router.refresh());
}

export function LocaleSwitcher({ handoff }: { handoff?: Handoff }) {
  const t = useTranslations('shell');
  const locale = toLocale(useLocale());
  const refresh = useRefresh();
  const change = (next: Locale) => {
    saveLocale(next);
    document.documentElement.lang = LANG_TAGS[next];
    refresh();
  };
  return (
    <PreferenceListbox
      label={t('locale.label')}
      icon="globe"
      value={locale}
      options={LOCALES.map((value) => ({ value, label: AUTONYMS[value], lang: LANG_TAGS[value] }))}
      onChange={change}
      testId="locale-switcher"
      handoff={handoff}
    />
  );
}

export interface ThemeSwitcherProps {
  initial: Theme;
}

export function ThemeSwitcher({ initial, handoff }: ThemeSwitcherProps & { handoff?: Handoff }) {
  const t = useTranslations('shell');
  const [theme, setTheme] = useState(initial);
  const refresh = useRefresh();
  const change = (next: Theme) => {
    setTheme(next);
    saveTheme(next);
    const root = document.documentElement;
    root.classList.remove(...THEMES.map(themeClassName));
    root.classList.add(themeClassName(next));
    root.dataset.theme = next;
    refresh();
  };
  return (
    <PreferenceListbox
      label={t('theme.label')}
      icon={THEME_ICONS[theme]}
      value={theme}
      options={THEMES.map((value) => ({ value, label: t(`theme.${THEME_KEYS[value]}`) }))}
      onChange={change}
      testId="theme-switcher"
      handoff={handoff}
    />
  );
}

export interface DirectionSwitcherProps {
  initial: Direction;
}

export function DirectionSwitcher({ initial, handoff }: DirectionSwitcherProps & { handoff?: Handoff }) {
  const t = useTranslations('shell');
  const [dir, setDir] = useState(initial);
  const refresh = useRefresh();
  const change = (next: Direction) => {
    setDir(next);
    saveDirection(next);
    document.documentElement.dir = next;
    refresh();
  };
  return (
    <PreferenceListbox
      label={t('direction.label')}
      icon="direction"
      value={dir}
      options={DIRECTIONS.map((value) => ({ value, label: t(`direction.${value}`) }))}
      onChange={change}
      testId="direction-switcher"
      handoff={handoff}
    />
  );
}
