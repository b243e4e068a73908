import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AUTOLOGIN_PURPOSES, type AutologinPurpose } from '@contract/autologin';
import { Button, buttonClasses } from '@/app/_components/ui/button';
import { homeFor } from '@/lib/server/auth';
import { AUTOLOGIN_ENTRIES, checkAutologinToken } from '@/lib/server/autologin';
import { getShellUser } from '@/lib/server/guard';
import { getSession } from '@/lib/server/session';
import { AuthCard } from '../_components/auth-card';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth.autologin');
  // The address holds the link's token: it is sent to no one, not even as a Referer.
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const isPurpose = (value: string | undefined): value is AutologinPurpose => (AUTOLOGIN_PURPOSES as readonly string[]).includes(value ?? '');

/**
 * /auth/autologin?purpose=…&token=…[&to=…] (public): an auto-login link followed from another site lands here and
 * signs in only when the user presses Continue (a same-origin POST to the link's entry). A link that does not verify
 * goes to the sign-in page with the message, as it does at the entry.
 */
export default async function AutologinConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const purpose = first(params.purpose);
  const token = first(params.token) ?? '';
  const to = first(params.to);
  if (!isPurpose(purpose) || !(await checkAutologinToken(purpose, token)).ok) redirect('/auth/login?error=1');

  const [t, user, session] = await Promise.all([getTranslations('auth.autologin'), getShellUser(), getSession()]);
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      <form method="post" action={AUTOLOGIN_ENTRIES[purpose]} className="space-y-5">
        <input type="hidden" name="token" value={token} />
        {to && to.length <= 2048 && <input type="hidden" name="to" value={to} />}
        <p className="text-sm text-fg">{t('body')}</p>
        {user && <p className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg">{t('signedInAs', { name: user.displayName })}</p>}
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" size="lg" block autoFocus>
            {t('continue')}
          </Button>
          <Link href={session ? homeFor(session) : '/auth/login'} className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })}>
            {t('cancel')}
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
