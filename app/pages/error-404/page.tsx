import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundView } from './not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors.notFound');
  return { title: t('title') };
}

/** /pages/error-404: where unknown paths are redirected (public). */
export default function Error404Page() {
  return <NotFoundView />;
}
