import { SERVICES, type PermissionService, type ServiceName } from './services';

/**
 * The routes of the product and the access they need: which area, which rule, which permission name. The portal's
 * menus (labels, icons, groups) are declared on top of these paths in `lib/routes.ts`; the Platform API reads the
 * permission catalogue and the API path rules from here.
 *
 * Paths use Next's folder syntax for dynamic segments: `/Service/Delivery/Shop/View/[id]`.
 */
export type Rule = 'admin' | 'staff' | 'public';
export type Area = 'public' | 'company' | 'service';

interface PathDecl {
  readonly path: string;
  /** Only admins (root) may open it, even in a service. */
  readonly admin?: boolean;
  /** The signed-in user's own page: no permission flag is checked. */
  readonly personal?: boolean;
}

export const PUBLIC_PATHS = [
  '/auth/login',
  '/auth/register',
  '/auth/forgotpassword',
  '/auth/autologin',
  '/clearcookies',
  '/autologinPortal',
  '/autologinRoot',
  '/autologinShop',
  '/pages/error-404',
  '/not-authorized',
] as const;

/** The company area (rule admin). */
export const COMPANY_PATHS = [
  { path: '/' },
  { path: '/Users/Admin' },
  { path: '/Users/Staff' },
  { path: '/Users/Admin/View/[id]' },
  { path: '/Users/Staff/View/[id]' },
  { path: '/Information' },
  { path: '/ApplicationManager' },
  { path: '/DeviceSession' },
  /** The audit log: the spec names "Log" among the company's words without a route. */
  { path: '/Log' },
  { path: '/Log/View/[id]' },
  { path: '/MyService' },
  { path: '/Payment' },
  { path: '/Profile', personal: true },
] as const satisfies readonly PathDecl[];

/** Routes of every service, below `/Service/{service}`. */
export const SERVICE_PATHS = [
  { path: '/Dashboard' },
  { path: '/Monitor/Biker' },
  { path: '/ShopPackage' },
  { path: '/TypeShop' },
  { path: '/Shop' },
  { path: '/TimeShop' },
  { path: '/Food' },
  { path: '/Orders' },
  { path: '/OrdersMessenger' },
  { path: '/Messenger' },
  { path: '/ShippingRate' },
  { path: '/Wallet/Admin' },
  { path: '/Wallet/Member' },
  { path: '/Wallet/Shop' },
  { path: '/Wallet/Biker' },
  { path: '/Wallet/Balance/Admin' },
  { path: '/Wallet/Balance/Member' },
  { path: '/Wallet/Balance/Shop' },
  { path: '/Wallet/Balance/Biker' },
  { path: '/Promotion' },
  { path: '/Voucher' },
  { path: '/Popular' },
  { path: '/RewardPointHistory' },
  { path: '/GiftVoucher' },
  { path: '/GiftReward' },
  { path: '/Members', admin: true },
  { path: '/Package/Biker' },
  { path: '/Member/Biker' },
  { path: '/Review/Biker' },
  { path: '/Review' },
  { path: '/Report' },
  { path: '/Report/Admin' },
  { path: '/Report/Shop' },
  { path: '/Report/Biker' },
  { path: '/Report/TopShop' },
  { path: '/SupportFromPortal' },
  { path: '/SupportFromShop' },
  { path: '/Config/App', admin: true },
  { path: '/Slide' },
  { path: '/Setting/System', admin: true },
  { path: '/Setting/Bank', admin: true },
  { path: '/Setting/LangInApps', admin: true },
  { path: '/Import/Shop' },
  { path: '/Import/Biker' },
  { path: '/PublicRelations' },
  /** A message's page: its form, send / schedule / cancel and the sending's progress. */
  { path: '/PublicRelations/View/[id]' },
  { path: '/Notification', personal: true },
  { path: '/Shop/Add' },
  { path: '/Shop/View/[id]' },
  { path: '/Regis/Shop' },
  { path: '/TimeShop/Add' },
  { path: '/TimeShop/View/[id]' },
  { path: '/Messenger/Add' },
  { path: '/Messenger/View/[id]' },
  { path: '/Food/View/[id]' },
  { path: '/Wallet/[ref]' },
  { path: '/Wallet/Balance/[ref]' },
  { path: '/Orders/View/[id]' },
  { path: '/OrdersMessenger/View/[id]' },
  { path: '/OrdersStatus' },
  { path: '/ShippingRate/Add' },
  { path: '/ShippingRate/View/[id]' },
  { path: '/Voucher/View/[id]' },
  { path: '/Promotion/View/[id]' },
  { path: '/Popular/View/[id]' },
  { path: '/Slide/View/[id]' },
  { path: '/Members/View/[id]', admin: true },
  /** A biker's page: the spec lists the bikers without one; the people screens need it (their orders, wallet, ratings). */
  { path: '/Member/Biker/View/[id]' },
  { path: '/Review/View/[id]' },
  { path: '/Review/Biker/View/[id]' },
  { path: '/SupportFromPortal/View/[id]' },
  { path: '/SupportFromShop/View/[id]' },
  { path: '/Currency' },
  { path: '/Setting/Bank/View/[areaId]', admin: true },
  { path: '/Setting/Bank/View/[areaId]/Config/[provider]', admin: true },
  { path: '/Setting/Bank/View/[areaId]/Config/[provider]/History', admin: true },
  { path: '/Setting/ServiceArea' },
  { path: '/Setting/ServiceArea/View/[id]' },
  { path: '/Config/Biker', admin: true },
  { path: '/Config/Shop', admin: true },
  { path: '/Package/Biker/Add' },
  { path: '/Package/Biker/View/[id]' },
  { path: '/Regis/Biker' },
  { path: '/Chat', personal: true },
  { path: '/Profile', personal: true },
  { path: '/RestoreShop' },
  { path: '/RestoreShopPackage' },
  { path: '/RestoreShopType' },
  { path: '/Check/Order' },
] as const satisfies readonly PathDecl[];

/** Routes only the Marketplace service has. */
export const MARKETPLACE_PATHS = [
  { path: '/Products' },
  { path: '/ProductType' },
  { path: '/Product/Category' },
  { path: '/ShopType' },
  { path: '/Carrier' },
  { path: '/Request/Buy' },
  { path: '/Broadcast' },
  { path: '/Broadcast/View/[id]' },
  { path: '/TopupMemberPoints' },
  { path: '/ShopRating' },
  { path: '/UsedPoints' },
  { path: '/Report/All' },
  { path: '/Manage/Packages' },
  { path: '/Feed' },
  { path: '/ShopPublicRelations' },
  { path: '/UserPublicRelations' },
  { path: '/ShopPublicRelations/View/[id]' },
  { path: '/UserPublicRelations/View/[id]' },
  { path: '/RewardInvite' },
  { path: '/Products/View/[id]' },
  { path: '/Carrier/[id]' },
  { path: '/ShopType/Sort' },
  { path: '/Manage/Packages/View/[id]' },
  /** A purchase request's page: the spec lists the requests without one; staff quote or close a request there. */
  { path: '/Request/Buy/View/[id]' },
] as const satisfies readonly PathDecl[];

export type PublicPath = (typeof PUBLIC_PATHS)[number];
export type CompanyPath = (typeof COMPANY_PATHS)[number]['path'];
export type ServicePath = (typeof SERVICE_PATHS)[number]['path'];
export type MarketplacePath = (typeof MARKETPLACE_PATHS)[number]['path'];

/** One route's access: the full pattern, its area and rule, and the permission it needs. */
export interface AccessRoute {
  /** Full path pattern, e.g. `/Service/Delivery/Shop/View/[id]`. */
  pattern: string;
  /** The path below its area (`/Shop/View/[id]`); the full pattern for public and company routes. */
  path: string;
  area: Area;
  rule: Rule;
  /** Permission service; null for public pages. */
  service: PermissionService | null;
  /** Permission name per the naming contract, or `true` when no check is made. */
  permission: string | true;
}

export const isDynamicSegment = (segment: string) => segment.startsWith('[') && segment.endsWith(']');

/**
 * The permission naming contract: `Company X` / `Service {Service} X` where X is the path below the area with
 * `Add`, `View/{id}` (and every segment after them) and dynamic segments dropped, and `/` turned into a space.
 * `/` is `Company Dashboard`.
 */
export function permissionNameFor(area: 'company' | 'service', subPath: string, service?: ServiceName): string {
  const kept: string[] = [];
  for (const segment of subPath.split('/').filter(Boolean)) {
    if (segment === 'Add' || segment === 'View' || isDynamicSegment(segment)) break;
    kept.push(segment);
  }
  if (area === 'company') return kept.length === 0 ? 'Company Dashboard' : `Company ${kept.join(' ')}`;
  return `Service ${service} ${kept.join(' ')}`;
}

/** The service paths of one service: Marketplace has its own on top of the common ones. */
export function servicePathsOf(service: ServiceName): readonly PathDecl[] {
  return service === 'Marketplace' ? [...SERVICE_PATHS, ...MARKETPLACE_PATHS] : SERVICE_PATHS;
}

/**
 * Permissions of an action rather than a page, below `/Service/{service}`: in the catalogue, the API path rules and the
 * permission matrix, with no route of their own. `Wallet Adjust`: Wallet Monitoring's operator actions (reject a
 * pending transaction; post a deposit, bonus or correction), its `create` flag, under `/api/admin/{service}/Wallet/Adjust`.
 */
export const SERVICE_ACTION_PATHS = ['/Wallet/Adjust'] as const;
export type ServiceActionPath = (typeof SERVICE_ACTION_PATHS)[number];

/** The action permissions of every service: `{service, path, permission}`. */
export const SERVICE_ACTIONS: readonly { service: ServiceName; path: ServiceActionPath; permission: string }[] = SERVICES.flatMap((service) =>
  SERVICE_ACTION_PATHS.map((path) => ({ service, path, permission: permissionNameFor('service', path, service) })),
);

function build(): AccessRoute[] {
  const routes: AccessRoute[] = PUBLIC_PATHS.map((path) => ({ pattern: path, path, area: 'public', rule: 'public', service: null, permission: true }));
  for (const d of COMPANY_PATHS as readonly PathDecl[]) {
    routes.push({
      pattern: d.path,
      path: d.path,
      area: 'company',
      rule: 'admin',
      service: 'Admin',
      permission: d.personal ? true : permissionNameFor('company', d.path),
    });
  }
  for (const service of SERVICES) {
    for (const d of servicePathsOf(service)) {
      routes.push({
        pattern: `/Service/${service}${d.path}`,
        path: d.path,
        area: 'service',
        rule: d.admin ? 'admin' : 'staff',
        service,
        permission: d.personal ? true : permissionNameFor('service', d.path, service),
      });
    }
  }
  return routes;
}

export const ACCESS_ROUTES: readonly AccessRoute[] = build();

/** Every permission name the routes use, per service: the catalogue sent with setMenu. */
export function permissionCatalogue(): { services: PermissionService; names: string[] }[] {
  const byService = new Map<PermissionService, Set<string>>();
  for (const route of ACCESS_ROUTES) {
    if (route.service === null || route.permission === true) continue;
    const set = byService.get(route.service) ?? new Set<string>();
    set.add(route.permission);
    byService.set(route.service, set);
  }
  for (const action of SERVICE_ACTIONS) byService.get(action.service)?.add(action.permission);
  return [...byService].map(([services, names]) => ({ services, names: [...names] }));
}

/** The dashboard entries readable by default. */
export const DEFAULT_READABLE = ['Company Dashboard', 'Service Delivery Dashboard', 'Service Marketplace Dashboard'] as const;
