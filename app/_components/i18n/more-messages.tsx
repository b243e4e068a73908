'use client';

import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';

/**
 * Adds a page's namespaces to the ones the root layout sent (the shell's), for the client components below it. The
 * namespaces do not overlap, so the page's dictionary is the two side by side; time zone, formats and error handling
 * come from the provider above.
 */
export function MoreMessages({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const locale = useLocale();
  const above = useMessages();
  const merged = useMemo(() => ({ ...above, ...messages }), [above, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
