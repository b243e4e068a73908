import type { SideMenuSection } from './side-menu-model';

/** The link of the menu that marks the current page: exact match, else the longest link the path starts with. */
export function currentHref(sections: readonly SideMenuSection[], pathname: string): string | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | null = null;
  for (const link of sections.flatMap((s) => s.links)) {
    if (link.href === clean) return link.href;
    if (link.href !== '/' && clean.startsWith(`${link.href}/`) && (!best || link.href.length > best.length)) best = link.href;
  }
  return best;
}
