import 'server-only';
import type { ReactNode } from 'react';
import { RESOURCES, type ResourcePage } from '@/lib/resources';
import { parseListQuery } from '@/lib/resources/list-query';
import { listFilterOptions } from '@/lib/resources/server';
import type { PageContext } from '@/lib/server/guard';
import { PageFrame } from '../shell/page-frame';
import { permissionsFor, serviceOfPage } from './access';
import { ListActions, ResourceList } from './resource-list';

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
  const res = RESOURCES[page.resource];
  const can = permissionsFor(ctx, service, res);
  const query = parseListQuery(res, searchParams);
  const isAdmin = ctx.session.UserRole === 'admin';
  // Read beside the rows (the list awaits both together), not before them.
  const filterOptions = listFilterOptions(service, res, isAdmin, pathname);
  return (
    <PageFrame route={ctx.route} actions={<ListActions res={res} service={service} query={query} can={can} />}>
      {above}
      <ResourceList res={res} service={service} pathname={pathname} query={query} can={can} filterOptions={filterOptions} isAdmin={isAdmin} />
    </PageFrame>
  );
}
