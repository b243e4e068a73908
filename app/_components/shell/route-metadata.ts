import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { matchRoute } from '@/lib/routes';

/** The page title of a registry route: its menu label in the user's language (the layout adds the app's name). */
export async function routeMetadata(pathname: string): Promise<Metadata> {
  const match = matchRoute(pathname);
  if (!match) return {};
  const t = await getTranslations('nav');
  return { title: t(match.route.label) };
}
