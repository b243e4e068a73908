import { getRequestConfig } from 'next-intl/server';
import { cookies } from 'next/headers';
import { LOCALE_COOKIE, TIME_ZONE, toLocale, type Locale } from '@/lib/i18n/locales';
import { mergeMessages, type MessageTree } from '@/lib/i18n/messages';

/** The four dictionaries, split per locale so a request loads only its own. */
const MAIN: Record<Locale, () => Promise<{ default: MessageTree }>> = {
  en: () => import('../messages/en.json'),
  th: () => import('../messages/th.json'),
  zh: () => import('../messages/zh.json'),
  my: () => import('../messages/my.json'),
};

/** The app shell's keys, kept beside the main dictionaries while that part grows; absent files are fine. */
async function shellMessages(locale: Locale): Promise<MessageTree> {
  try {
    return ((await import(`../messages/shell/${locale}.json`)) as { default: MessageTree }).default;
  } catch {
    return {};
  }
}

export async function loadMessages(locale: Locale): Promise<MessageTree> {
  const [main, shell] = await Promise.all([MAIN[locale](), shellMessages(locale)]);
  return mergeMessages(main.default, shell);
}

export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = toLocale(store.get(LOCALE_COOKIE)?.value);
  return { locale, timeZone: TIME_ZONE, messages: await loadMessages(locale) };
});
