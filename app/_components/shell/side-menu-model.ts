import { EXIT_ENTRY, ROUTES, SERVICES, menuFor, type RouteDef, type ServiceName } from '@/lib/routes';
import { can, type PermissionList } from '@/lib/permissions';
import { IMAGE_KEY, thumbPath } from '@contract/image-paths';

/** The area a shell renders: the company area or one service. */
export type ShellArea = 'company' | ServiceName;

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

/** One link of the side menu, plain data so it can cross to the client. */
export interface SideMenuLink {
  href: string;
  /** Key below `nav.`. */
  label: string;
  icon?: string;
  step?: number;
}

/** A top-level entry (`group: null`, one link) or a collapsible group of links (key below `navGroup.`). */
export interface SideMenuSection {
  group: string | null;
  icon?: string;
  links: SideMenuLink[];
}

export interface SideMenuModel {
  sections: SideMenuSection[];
  exit: SideMenuLink | null;
  /** The company's name and logo (System settings); none: the product's own brand. */
  brand?: ShellBrand | null;
}

/** What the menu's brand shows: the company's name and its logo's address ('' for none). */
export interface ShellBrand {
  name: string;
  logo: string;
}

/** The brand of a company as System settings left it: an uploaded logo's key becomes its thumbnail's address. */
export function brandOf(company: { name: string; logoUrl: string } | null): ShellBrand | null {
  if (!company || !company.name) return null;
  const logo = IMAGE_KEY.test(company.logoUrl) ? thumbPath(company.logoUrl) : company.logoUrl;
  return { name: company.name, logo };
}

/** A route is listed when its rule lets the role in and its read flag is set. */
export function canSeeRoute(route: RouteDef, permissions: PermissionList | null, role: string | null | undefined): boolean {
  if (route.rule === 'admin' && role !== 'admin') return false;
  if (route.service === null) return false;
  return can(permissions, route.service, route.permission, 'read');
}

const toLink = (route: RouteDef): SideMenuLink => ({
  href: route.pattern,
  label: route.label,
  ...(route.icon ? { icon: route.icon } : {}),
  ...(route.step ? { step: route.step } : {}),
});

/**
 * The side menu of an area, generated from the registry, in its order, without the entries the user may not read.
 * Services end with '/' labelled Exit, shown to those who may open the company area.
 */
export function sideMenuFor(area: ShellArea, permissions: PermissionList | null, role: string | null | undefined): SideMenuModel {
  const sections: SideMenuSection[] = [];
  for (const group of menuFor(area)) {
    const links = group.routes.filter((route) => canSeeRoute(route, permissions, role)).map(toLink);
    if (links.length === 0) continue;
    sections.push({ group: group.key, ...(group.icon ? { icon: group.icon } : {}), links });
  }
  let exit: SideMenuLink | null = null;
  if (area !== 'company') {
    const home = ROUTES.find((route) => route.pattern === EXIT_ENTRY.href);
    if (home && canSeeRoute(home, permissions, role)) exit = { href: EXIT_ENTRY.href, label: EXIT_ENTRY.label, icon: 'exit' };
  }
  return { sections, exit };
}
