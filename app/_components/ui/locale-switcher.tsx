'use client';

import { useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { AUTONYMS, LANG_TAGS, LOCALES, toLocale } from '@/lib/i18n/locales';
import { saveLocale } from '@/lib/i18n/preference-cookie';
import { cn } from './cn';
import { GlobeIcon } from './icons';

/**
 * The four-language switcher. Stores the choice in the `NEXT_LOCALE` cookie (mirrored to local storage) and
 * re-renders on the server, so the page never flashes the old language.
 */
export function LocaleSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useTranslations('localeSwitcher');
  const locale = toLocale(useLocale());
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor="locale-switcher" className={compact ? 'sr-only' : 'me-2 text-sm text-fg-muted'}>
        {t('label')}
      </label>
      <GlobeIcon className="pointer-events-none absolute start-2.5 size-4 text-fg-muted" />
      <select
        id="locale-switcher"
        value={locale}
        disabled={pending}
        aria-busy={pending || undefined}
        onChange={(event) => {
          saveLocale(toLocale(event.target.value));
          startTransition(() => router.refresh());
        }}
        className="h-9 appearance-none rounded-md border border-line bg-surface ps-8 pe-8 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={LANG_TAGS[l]}>
            {AUTONYMS[l]}
          </option>
        ))}
      </select>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute end-2.5 size-4 text-fg-muted">
        <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </div>
  );
}
