import 'server-only';
import type { ComponentType } from 'react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { matchRoute } from '@/lib/routes';
import { requirePage } from '@/lib/server/guard';
import { RouteScreen } from './route-screen';
import { routeMetadata } from './route-metadata';
import type { ScreenProps, SearchParams } from './screens';
import { NOT_FOUND_PATH } from './shell-paths';

type Params = Promise<Record<string, string>>;

/** `/Service/{service}/Orders/View/{id}` from a route pattern below the service and its params (encoded). */
function pathnameOf(pattern: string, params: Record<string, string>): string {
  return `/Service/${encodeURIComponent(params.service ?? '')}${pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}

/**
 * A dedicated screen's route file (`app/Service/[service]/…/page.tsx`): its own route, so it ships only its own client
 * code, guarded like every page. `pattern` is the registry path below the service.
 */
export function screenPage(pattern: string, Screen: ComponentType<ScreenProps>) {
  async function ScreenPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
    const [values, search] = await Promise.all([params, searchParams]);
    const pathname = pathnameOf(pattern, values);
    // A folder with a dynamic segment also catches the registry's static paths beside it (`Wallet/[ref]` gets
    // `/Wallet/Member`): those render as the catch-all would.
    const match = matchRoute(pathname);
    if (match && !(match.route.view && 'screen' in match.route.view)) return <RouteScreen pathname={pathname} area="service" searchParams={search} />;
    const ctx = await requirePage(pathname);
    if (ctx.route.view === undefined || !('screen' in ctx.route.view)) redirect(NOT_FOUND_PATH);
    return <Screen ctx={ctx} pathname={pathname} searchParams={search} />;
  }
  async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
    return routeMetadata(pathnameOf(pattern, await params));
  }
  return { ScreenPage, generateMetadata };
}
