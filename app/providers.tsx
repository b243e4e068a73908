'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { toLocale } from '@/lib/i18n/locales';
import { mirrorLocale } from '@/lib/i18n/preference-cookie';
import { ChunkReloadGuard } from './_components/chunk-reload';
import { ToastProvider } from './_components/ui/toast';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Pages render their data on the server; client queries refresh it and should not hammer a failing upstream.
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Keeps the spec's local-storage copy of the locale in step with the cookie the server reads. */
function LocaleMirror() {
  const locale = toLocale(useLocale());
  useEffect(() => mirrorLocale(locale), [locale]);
  return null;
}

/** Client-side providers under the root layout's NextIntlClientProvider: TanStack Query, toasts, the chunk guard. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {children}
        <ChunkReloadGuard />
        <LocaleMirror />
      </ToastProvider>
    </QueryClientProvider>
  );
}
