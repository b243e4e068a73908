'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import en from '@/messages/en.json';
import { LANG_TAGS, LOCALE_COOKIE, TIME_ZONE, toLocale, type Locale } from '@/lib/i18n/locales';
import { THEME_COOKIE, themeClassName, toTheme } from '@/lib/i18n/preferences';
import type { MessageTree } from '@/lib/i18n/messages';
import { ErrorView } from './_components/ui/error-view';
import './globals.css';

function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

const noSubscription = () => () => {};

/**
 * Replaces the root layout when the layout itself fails, so it brings its own document, styles and messages:
 * English at once, then the user's language once its dictionary loads (if that fails, English stays).
 */
export default function GlobalError({ error, reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: MessageTree } | null>(null);
  const theme = useSyncExternalStore(noSubscription, () => themeClassName(toTheme(readCookie(THEME_COOKIE))), () => 'light');
  const dict = loaded ?? { locale: 'en' as Locale, messages: en };

  useEffect(() => {
    console.error(error);
    const locale = toLocale(readCookie(LOCALE_COOKIE));
    if (locale === 'en') return;
    import(`../messages/${locale}.json`)
      .then((module: { default: MessageTree }) => setLoaded({ locale, messages: module.default }))
      .catch(() => undefined);
  }, [error]);

  return (
    <html lang={LANG_TAGS[dict.locale]} className={theme}>
      <body>
        <NextIntlClientProvider locale={dict.locale} messages={dict.messages} timeZone={TIME_ZONE}>
          <ErrorView error={error} onRetry={() => (retry ?? reset)()} />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
