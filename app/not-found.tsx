import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundView } from './pages/error-404/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors.notFound');
  return { title: t('title') };
}

/** Next's not-found boundary (`notFound()` and unmatched files): the same page as /pages/error-404, with a 404 status. */
export default function NotFound() {
  return <NotFoundView />;
}
