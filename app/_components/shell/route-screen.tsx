import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { matchRoute, type Area } from '@/lib/routes';
import { resourcePageFor } from '@/lib/resources';
import { requirePage } from '@/lib/server/guard';
import { ResourceListScreen, type SearchParams } from '../resource/resource-page';
import { kitNamespaces } from '../resource/client-namespaces';
import { ClientMessages } from '../i18n/client-messages';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { PageFrame } from './page-frame';
import { NOT_FOUND_PATH } from './shell-paths';

/**
 * Every registry route of the catch-all pages: guarded like every page, then the resource-kit list its registry entry
 * names, or its label and breadcrumbs over an empty state while it has none. Dedicated screens and the kit's other
 * screens (forms, hand ordering, restore, settings, approvals) have route files of their own, which next.config.ts rewrites
 * their paths to (lib/resources/kit-routes.ts). A path the registry does not know in this area goes to the 404 page.
 */
export async function RouteScreen({ pathname, area, searchParams = {} }: { pathname: string; area: Area; searchParams?: SearchParams }) {
  if (pathname === NOT_FOUND_PATH) notFound();
  const match = matchRoute(pathname);
  if (!match || match.route.area !== area) redirect(NOT_FOUND_PATH);
  const ctx = await requirePage(pathname);
  const { route } = ctx;
  // The resource-kit page the registry entry names.
  const resourcePage = resourcePageFor(route);
  if (resourcePage?.mode === 'list')
    return (
      <ClientMessages namespaces={kitNamespaces(resourcePage)}>
        <ResourceListScreen page={resourcePage} ctx={ctx} pathname={pathname} searchParams={searchParams} />
      </ClientMessages>
    );
  // The kit's other screens render on their own routes (next.config.ts rewrites); no screen is drawn here without its code.
  if (resourcePage) redirect(NOT_FOUND_PATH);
  const t = await getTranslations('shell.page');
  return (
    <PageFrame route={route}>
      <Card>
        <EmptyState title={t('emptyTitle')} description={t('emptyBody')} />
      </Card>
    </PageFrame>
  );
}
