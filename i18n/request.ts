import { getRequestConfig } from 'next-intl/server';
import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE, TIME_ZONE, toLocale, type Locale } from '@/lib/i18n/locales';
import { getCompanyBrand } from '@/lib/server/company-brand';
import { MESSAGE_PARTS, mergeMessages, resourceMessagePart, type MessagePart, type MessageTree } from '@/lib/i18n/messages';
import { RESOURCES } from '@/lib/resources';

/** The product's parts, then each resource screen's own messages. */
const PARTS: MessagePart[] = [...MESSAGE_PARTS, ...new Set(Object.values(RESOURCES).map((r) => resourceMessagePart(r.namespace)))];

/** The four dictionaries, split per locale so a request loads only its own. */
const MAIN: Record<Locale, () => Promise<{ default: MessageTree }>> = {
  en: () => import('../messages/en.json'),
  th: () => import('../messages/th.json'),
  zh: () => import('../messages/zh.json'),
  my: () => import('../messages/my.json'),
};

/** A part's keys, kept beside the main dictionaries in `messages/{part}/{locale}.json`; an absent file is fine. */
async function partMessages(part: MessagePart, locale: Locale): Promise<MessageTree> {
  try {
    return ((await import(`../messages/${part}/${locale}.json`)) as { default: MessageTree }).default;
  } catch {
    return {};
  }
}

async function mergedMessages(locale: Locale): Promise<MessageTree> {
  const [main, ...parts] = await Promise.all([MAIN[locale](), ...PARTS.map((part) => partMessages(part, locale))]);
  return parts.reduce((tree, part) => mergeMessages(tree, part), main.default);
}

/**
 * Each language's dictionary is merged once per server and shared by its requests (the files are part of the build,
 * and nothing changes the tree afterwards); merging it on every request was a large share of a page's render.
 */
const MERGED = new Map<Locale, Promise<MessageTree>>();

export function loadMessages(locale: Locale): Promise<MessageTree> {
  let merged = MERGED.get(locale);
  if (!merged) {
    merged = mergedMessages(locale);
    MERGED.set(locale, merged);
    merged.catch(() => MERGED.delete(locale));
  }
  return merged;
}

export default getRequestConfig(async () => {
  const store = await cookies();
  // A browser that has not chosen a language starts in its company's (System settings), else the default.
  // Times are shown in the company's time zone (System settings), else the platform's home zone.
  const chosen = store.get(LOCALE_COOKIE)?.value;
  const brand = await getCompanyBrand();
  const locale = isLocale(chosen) ? chosen : toLocale(brand?.defaultLanguage);
  return { locale, timeZone: brand?.timeZone ?? TIME_ZONE, messages: await loadMessages(locale) };
});
