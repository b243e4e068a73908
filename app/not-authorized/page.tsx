import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/app/_components/ui/button';
import { LockIcon } from '@/app/_components/ui/icons';
import { SignOutButton } from '@/app/_components/ui/sign-out-button';
import { StatusPage } from '@/app/_components/ui/status-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('spec.errors');
  return { title: t('notAuthorized') };
}

/** /not-authorized: where a route rule that fails sends the user (public). */
export default async function NotAuthorizedPage() {
  const t = await getTranslations();
  return (
    <StatusPage
      brand={t('app.name')}
      code={<LockIcon className="mx-auto size-14" />}
      title={t('spec.errors.notAuthorized')}
      description={<p>{t('errors.notAuthorized.body')}</p>}
      actions={
        <>
          <Link href="/" className={buttonClasses()}>
            {t('common.backHome')}
          </Link>
          <SignOutButton />
        </>
      }
    />
  );
}
