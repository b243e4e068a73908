'use client';

import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { LANG_TAGS, LOCALE_COOKIE, TIME_ZONE, toLocale, type Locale } from '@/lib/i18n/locales';
import { THEME_COOKIE, themeClassName, toTheme } from '@/lib/i18n/preferences';
import type { MessageTree } from '@/lib/i18n/messages';
import { LazyErrorView, RetryOnly } from './_components/ui/error-loading';
import './globals.css';

function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

const noSubscription = () => () => {};

/**
 * A dictionary, loaded on demand: the error page must not add a whole dictionary to every page's JavaScript. Each
 * import is spelled out: a template (`../messages/${locale}.json`) would also match every part's file below
 * messages/, and every page would carry the map of all of them.
 */
const DICTIONARIES: Record<Locale, () => Promise<{ default: MessageTree }>> = {
  en: () => import('../messages/en.json'),
  th: () => import('../messages/th.json'),
  zh: () => import('../messages/zh.json'),
  my: () => import('../messages/my.json'),
};
const loadDictionary = (locale: Locale) => DICTIONARIES[locale]().then((module) => module.default);

/**
 * Replaces the root layout when the layout itself fails, so it brings its own document, styles and messages: the
 * user's language once its dictionary loads, else English; while neither has loaded (or if both fail) a
 * language-free retry button.
 */
export default function GlobalError({ error, reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: MessageTree } | null>(null);
  const theme = useSyncExternalStore(
    noSubscription,
    () => themeClassName(toTheme(readCookie(THEME_COOKIE))),
    () => 'light',
  );
  useEffect(() => {
    console.error(error);
    const locale = toLocale(readCookie(LOCALE_COOKIE));
    loadDictionary(locale)
      .then((messages) => setLoaded({ locale, messages }))
      .catch(() => loadDictionary('en').then((messages) => setLoaded({ locale: 'en', messages })))
      .catch(() => undefined);
  }, [error]);
  const retryNow = () => (retry ?? reset)();

  return (
    <html lang={LANG_TAGS[loaded?.locale ?? 'en']} className={theme}>
      <body>
        {loaded ? (
          <NextIntlClientProvider locale={loaded.locale} messages={loaded.messages} timeZone={TIME_ZONE}>
            <Suspense fallback={<RetryOnly onRetry={retryNow} />}>
              <LazyErrorView error={error} onRetry={retryNow} />
            </Suspense>
          </NextIntlClientProvider>
        ) : (
          <RetryOnly onRetry={retryNow} />
        )}
      </body>
    </html>
  );
}
