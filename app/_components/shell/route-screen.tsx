import 'server-only';
import { createElement } from 'react';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { matchRoute, type Area } from '@/lib/routes';
import { resourcePageFor } from '@/lib/resources';
import { requirePage } from '@/lib/server/guard';
import { ResourcePageView, type SearchParams } from '../resource/resource-page';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageFrame } from './page-frame';
import { screenFor } from './screens';
import { NOT_FOUND_PATH } from './shell-paths';

/**
 * Every registry route of the catch-all pages: guarded like every page, then the screen its registry entry names (a
 * resource-kit page or a dedicated screen), or its label and breadcrumbs over an empty state while it has none. A path
 * the registry does not know in this area goes to the 404 page.
 */
export async function RouteScreen({ pathname, area, searchParams = {} }: { pathname: string; area: Area; searchParams?: SearchParams }) {
  if (pathname === NOT_FOUND_PATH) notFound();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== area) redirect(NOT_FOUND_PATH);
  const ctx = await requirePage(pathname);
  const { route } = ctx;
  // The screen the registry entry names: a resource-kit page or a dedicated screen.
  const resourcePage = resourcePageFor(route);
  if (resourcePage) return <ResourcePageView page={resourcePage} ctx={ctx} pathname={pathname} searchParams={searchParams} />;
  const screen = screenFor(route);
  if (screen) return createElement(screen, { ctx, pathname, searchParams });
  const t = await getTranslations('shell.page');
  return (
    <PageFrame route={route}>
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>
    </PageFrame>
  );
}
