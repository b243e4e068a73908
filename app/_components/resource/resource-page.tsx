import 'server-only';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { RESOURCES, type ResourceKey, type ResourcePage } from '@/lib/resources';
import type { ResourceModule } from '@/lib/resources/kit';
import { parseListQuery } from '@/lib/resources/list-query';
import { listFilterOptions } from '@/lib/resources/server';
import type { PageContext } from '@/lib/server/guard';
import { PageFrame } from '../shell/page-frame';
import { cn } from '../ui/cn';
import { firstParam, permissionsFor, serviceOfPage } from './access';
import { ListActions, ResourceList } from './resource-list';
import { LiveRefresh } from './lazy-widgets';

export type SearchParams = Record<string, string | string[] | undefined>;

/** What every resource-kit screen receives: the registry's resource page, the checked context, the URL. */
export interface KitScreenProps {
  page: ResourcePage;
  ctx: PageContext;
  pathname: string;
  searchParams: SearchParams;
}

/**
 * A resource's list page: header actions, then `above` (the inline form or the hand ordering that other kit routes
 * open over the list), then the rows. This module loads on the catch-all route, so it imports no form.
 */
export async function ResourceListScreen({ page, ctx, pathname, searchParams, above }: KitScreenProps & { above?: ReactNode }) {
  const service = serviceOfPage(ctx);
  const own = RESOURCES[page.resource];
  // A tab of the page (`?tab=`) lists another module's rows in the same frame; the inline form stays the page's own.
  const tab = above ? undefined : own.tabs?.find((t) => t.key === firstParam(searchParams.tab));
  const res = tab ? RESOURCES[tab.resource as ResourceKey] : own;
  const can = permissionsFor(ctx, service, res);
  const query = { ...parseListQuery(res, searchParams), ...(tab ? { tab: tab.key } : {}) };
  const isAdmin = ctx.session.UserRole === 'admin';
  // Read beside the rows (the list awaits both together), not before them.
  const filterOptions = listFilterOptions(service, res, isAdmin, pathname);
  return (
    <PageFrame route={ctx.route} actions={<ListActions res={res} service={service} query={query} can={can} />}>
      {above}
      {own.tabs && <ListTabs own={own} tabs={own.tabs} current={tab?.key} pathname={pathname} />}
      {res.live && !above && <LiveRefresh service={service} channel={res.live} />}
      <ResourceList res={res} service={service} pathname={pathname} query={query} can={can} filterOptions={filterOptions} isAdmin={isAdmin} />
    </PageFrame>
  );
}

/** The page's lists as tabs: links that keep which one is shown in the URL (`?tab=`), the current one marked. */
async function ListTabs({
  own,
  tabs,
  current,
  pathname,
}: {
  own: ResourceModule;
  tabs: NonNullable<ResourceModule['tabs']>;
  current?: string;
  pathname: string;
}) {
  const entries = [
    { key: '', href: pathname, module: own },
    ...tabs.map((t) => ({ key: t.key, href: `${pathname}?tab=${encodeURIComponent(t.key)}`, module: RESOURCES[t.resource as ResourceKey] })),
  ];
  const labels = await Promise.all(entries.map(async (e) => (await getTranslations(e.module.namespace))(e.module.titleKey ?? 'title')));
  return (
    <nav aria-label={labels[0]} className="mb-4 flex gap-1 border-b border-line">
      {entries.map((e, i) => {
        const selected = (current ?? '') === e.key;
        return (
          <Link
            key={e.key || 'list'}
            href={e.href}
            aria-current={selected ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              selected ? 'border-primary-strong text-fg' : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {labels[i]}
          </Link>
        );
      })}
    </nav>
  );
}
