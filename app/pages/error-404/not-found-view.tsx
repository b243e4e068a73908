import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/app/_components/ui/button';
import { StatusPage } from '@/app/_components/ui/status-page';

/** The 404 look: used by /pages/error-404 (where unknown paths are sent) and by Next's not-found boundary. */
export async function NotFoundView() {
  const t = await getTranslations();
  return (
    <StatusPage
      brand={t('app.name')}
      code="404"
      title={t('errors.notFound.title')}
      description={<p>{t('errors.notFound.body')}</p>}
      actions={
        <Link href="/" className={buttonClasses()}>
          {t('common.backHome')}
        </Link>
      }
    />
  );
}
