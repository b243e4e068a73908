import 'server-only';
import type { ComponentType } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { resourcePageFor } from '@/lib/resources';
import { kitRouteFor, type KitRoute } from '@/lib/resources/kit-routes';
import { requirePage } from '@/lib/server/guard';
import type { KitScreenProps, SearchParams } from '../resource/resource-page';
import { kitNamespaces } from '../resource/client-namespaces';
import { ClientMessages } from '../i18n/client-messages';
import { routeMetadata } from './route-metadata';
import { NOT_FOUND_PATH, pathFromSegments } from './shell-paths';

type Params = Promise<{ service?: string; slug: string[] }>;

/** The registry path a kit route renders: below the service, or (no service param) a company-area path. */
const registryPath = (service: string | undefined, slug: string[]) =>
  pathFromSegments(service === undefined ? '' : `/Service/${encodeURIComponent(service)}`, slug);

/** Search params as URLSearchParams (the repeated ones kept). */
function toSearch(params: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  return out;
}

/**
 * A route file of the resource kit (`app/Service/[service]/kit-{route}/[...slug]/page.tsx`, and
 * `app/(company)/kit-{route}/[...slug]/page.tsx` for the company area): next.config.ts rewrites the
 * registry paths this route renders to it (lib/resources/kit-routes.ts). The slug is the registry path below the
 * service; the page is guarded like every page and renders only the screens of its route.
 */
export function kitRoutePage(route: KitRoute, Screen: ComponentType<KitScreenProps>) {
  async function KitPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
    const [{ service, slug }, search] = await Promise.all([params, searchParams]);
    const pathname = registryPath(service, slug);
    const ctx = await requirePage(pathname);
    const page = resourcePageFor(ctx.route);
    if (!page || kitRouteFor(ctx.route.view, toSearch(search)) !== route) redirect(NOT_FOUND_PATH);
    return (
      <ClientMessages namespaces={kitNamespaces(page)}>
        <Screen page={page} ctx={ctx} pathname={pathname} searchParams={search} />
      </ClientMessages>
    );
  }
  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    const { service, slug } = await params;
    return routeMetadata(registryPath(service, slug));
  }
  return { KitPage, generateMetadata };
}
