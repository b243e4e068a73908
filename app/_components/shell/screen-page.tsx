import 'server-only';
import type { ComponentType } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ResourceKey } from '@/lib/resources';
import { matchRoute } from '@/lib/routes';
import { requirePage } from '@/lib/server/guard';
import { ClientMessages } from '../i18n/client-messages';
import { kitNamespaces } from '../resource/client-namespaces';
import { RouteScreen } from './route-screen';
import { routeMetadata } from './route-metadata';
import type { ScreenProps, SearchParams } from './screens';
import { NOT_FOUND_PATH } from './shell-paths';

type Params = Promise<Record<string, string>>;

/** `/Service/{service}/Orders/View/{id}` from a route pattern below the service and its params (encoded). */
function pathnameOf(pattern: string, params: Record<string, string>): string {
  return `/Service/${encodeURIComponent(params.service ?? '')}${pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/** The namespaces a dedicated screen's client parts read besides the kit's for the resources it shows. */
export interface ScreenMessages {
  messages: readonly string[];
}

/** What a screen is sent: the kit's namespaces for each resource its registry entry names, and its own; all without a list. */
function screenNamespaces(view: { of?: string | readonly string[] }, own: ScreenMessages | undefined): Set<string> | 'all' {
  if (!own) return 'all';
  const of = view.of === undefined ? [] : typeof view.of === 'string' ? [view.of] : view.of;
  const out = new Set(own.messages);
  for (const resource of of) for (const name of kitNamespaces({ resource: resource as ResourceKey, mode: 'list' })) out.add(name);
  return out;
}

/**
 * A dedicated screen's route file (`app/Service/[service]/…/page.tsx`): its own route, so it ships only its own client
 * code, guarded like every page. `pattern` is the registry path below the service. `own` names the namespaces its
 * client parts read (test/client-namespaces.test.ts checks them); a screen without it is sent the whole dictionary.
 */
export function screenPage(pattern: string, Screen: ComponentType<ScreenProps>, own?: ScreenMessages) {
  async function ScreenPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
    const [values, search] = await Promise.all([params, searchParams]);
    const pathname = pathnameOf(pattern, values);
    // A folder with a dynamic segment also catches the registry's static paths beside it (`Wallet/[ref]` gets
    // `/Wallet/Member`): those render as the catch-all would.
    const match = matchRoute(pathname);
    if (match && !(match.route.view && 'screen' in match.route.view)) return <RouteScreen pathname={pathname} area="service" searchParams={search} />;
    const ctx = await requirePage(pathname);
    if (ctx.route.view === undefined || !('screen' in ctx.route.view)) redirect(NOT_FOUND_PATH);
    return (
      <ClientMessages namespaces={screenNamespaces(ctx.route.view, own)}>
        <Screen ctx={ctx} pathname={pathname} searchParams={search} />
      </ClientMessages>
    );
  }
  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    return routeMetadata(pathnameOf(pattern, await params));
  }
  return { ScreenPage, generateMetadata };
}
