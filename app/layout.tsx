import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { pickNamespaces, SHELL_NAMESPACES } from '@/lib/i18n/client-messages';
import type { MessageTree } from '@/lib/i18n/messages';
import { LANG_TAGS, toLocale } from '@/lib/i18n/locales';
import { readPreferences, themeClassName } from '@/lib/i18n/preferences';
import { Providers } from './providers';
// Self-hosted Thai and Burmese faces: only the subsets a page's text needs are downloaded (unicode-range).
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-myanmar/400.css';
import '@fontsource/noto-sans-myanmar/600.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return {
    title: { default: t('name'), template: `%s · ${t('name')}` },
    description: t('description'),
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f8f7fa' },
    { media: '(prefers-color-scheme: dark)', color: '#1e1e1e' },
  ],
};

/**
 * The root document. Language, direction and theme come from cookies and are rendered on the server, so the first
 * paint is already right (no flash). Each layout below renders its own `<main id="main">`, the skip link's target.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { theme, dir } = readPreferences(await cookies());
  const locale = toLocale(await getLocale());
  const t = await getTranslations('app');
  // Only the shell's namespaces here: each page adds its own (ClientMessages), so a page carries what it uses.
  const messages = pickNamespaces((await getMessages()) as MessageTree, SHELL_NAMESPACES);
  return (
    <html lang={LANG_TAGS[locale]} dir={dir} className={themeClassName(theme)} data-theme={theme}>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[80] focus:rounded-md focus:bg-primary-strong focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
        >
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider messages={messages}>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
