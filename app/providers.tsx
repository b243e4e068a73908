'use client';

import { useEffect, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import { toLocale } from '@/lib/i18n/locales';
import { mirrorLocale } from '@/lib/i18n/preference-cookie';
import { ChunkReloadGuard } from './_components/chunk-reload';
import { ToastProvider } from './_components/ui/toast';

/** Keeps the spec's local-storage copy of the locale in step with the cookie the server reads. */
function LocaleMirror() {
  const locale = toLocale(useLocale());
  useEffect(() => mirrorLocale(locale), [locale]);
  return null;
}

/**
 * Client-side providers under the root layout's NextIntlClientProvider: toasts and the chunk guard. (TanStack Query's
 * cache loads with the one widget that polls, the notifications bell.)
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      {children}
      <ChunkReloadGuard />
      <LocaleMirror />
    </ToastProvider>
  );
}
