import type { PageContext } from '@/lib/server/guard';

export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * What a dedicated screen receives: the checked page context, the path and the URL's search params. A registry entry
 * that names a dedicated screen (`screen('orders')` in lib/routes.ts) has a route file of its own under
 * `app/Service/[service]/…/page.tsx` (shell/screen-page.tsx), so a page ships only its own client code.
 */
export interface ScreenProps {
  ctx: PageContext;
  pathname: string;
  searchParams: SearchParams;
}
