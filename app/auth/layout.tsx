import type { ReactNode } from 'react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LogoMark } from '@/app/_components/ui/icons';
import { LocaleSwitcher } from '@/app/_components/ui/locale-switcher';
import { ClientMessages } from '@/app/_components/i18n/client-messages';

/** What the sign-in, registration and reset forms read in the browser (their answers' keys included). */
const AUTH_NAMESPACES = ['auth', 'validation', 'serverErrors'];

/** Public sign-in pages: the product name, the language switcher and a centred card. */
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations('app');
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-primary-soft to-transparent" />
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <Link
          href="/auth/login"
          className="flex items-center gap-2 rounded-md text-fg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-focus"
        >
          <LogoMark className="size-8" />
          <span className="text-lg font-semibold tracking-tight">{t('name')}</span>
        </Link>
        <LocaleSwitcher compact />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 outline-none sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <ClientMessages namespaces={AUTH_NAMESPACES}>{children}</ClientMessages>
        </div>
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-fg-muted">{t('footer')}</footer>
    </div>
  );
}
