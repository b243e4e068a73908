import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { matchRoute, type Area } from '@/lib/routes';
import { requirePage } from '@/lib/server/guard';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageFrame } from './page-frame';
import { NOT_FOUND_PATH } from './shell-paths';

/**
 * A registry route without a dedicated screen: guarded like every page, framed with its label and breadcrumbs, and an
 * empty state. A path the registry does not know in this area goes to the 404 page.
 */
export async function RoutePlaceholder({ pathname, area }: { pathname: string; area: Area }) {
  if (pathname === NOT_FOUND_PATH) notFound();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== area) redirect(NOT_FOUND_PATH);
  const { route } = await requirePage(pathname);
  const t = await getTranslations('shell.page');
  return (
    <PageFrame route={route}>
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>
    </PageFrame>
  );
}
