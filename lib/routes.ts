/**
 * THE route registry. One declaration per screen drives proxy.ts (rules and permission checks), the side menus,
 * breadcrumbs, the BFF allow-list and the permission catalogue sent with `setMenu`.
 *
 * Paths use Next's folder syntax for dynamic segments: `/Service/Delivery/Shop/View/[id]`.
 */

export const SERVICES = ['Delivery', 'Marketplace'] as const;
export type ServiceName = (typeof SERVICES)[number];
/** The permission `services` a route belongs to. */
export type PermissionService = 'Admin' | ServiceName;
export type Rule = 'admin' | 'staff' | 'public';
export type Area = 'public' | 'company' | 'service';

export interface RouteDef {
  /** Full path pattern, e.g. `/Service/Delivery/Shop/View/[id]`. */
  pattern: string;
  area: Area;
  rule: Rule;
  /** Permission service; null for public pages. */
  service: PermissionService | null;
  /** Permission name per the naming contract, or `true` when no check is made. */
  permission: string | true;
  /** Message key below `nav.` for the label. */
  label: string;
  /** Menu group key below `navGroup.`, when the route is listed in a side menu inside a group. */
  group?: string;
  /** Listed in the side menu. */
  menu: boolean;
  /** Shop Management step number. */
  step?: number;
  /** Icon name for the menu. */
  icon?: string;
}

interface Decl {
  path: string;
  label: string;
  menu?: boolean;
  admin?: boolean;
  personal?: boolean;
  step?: number;
  icon?: string;
}

interface GroupDecl {
  group: string;
  icon?: string;
  items: Decl[];
}

type MenuDecl = Decl | GroupDecl;

const m = (path: string, label: string, extra: Partial<Decl> = {}): Decl => ({ path, label, menu: true, ...extra });
const r = (path: string, label: string, extra: Partial<Decl> = {}): Decl => ({ path, label, menu: false, ...extra });
const g = (group: string, icon: string, items: Decl[]): GroupDecl => ({ group, icon, items });

/** Public pages (rule public, no permission). */
const PUBLIC: Decl[] = [
  r('/auth/login', 'login'),
  r('/auth/register', 'register'),
  r('/auth/forgotpassword', 'forgotPassword'),
  r('/clearcookies', 'clearCookies'),
  r('/autologinPortal', 'autologinPortal'),
  r('/autologinRoot', 'autologinRoot'),
  r('/autologinShop', 'autologinShop'),
  r('/pages/error-404', 'notFound'),
  r('/not-authorized', 'notAuthorized'),
];

/** The company area (rule admin), in side-menu order. */
const COMPANY: MenuDecl[] = [
  m('/', 'companyDashboard', { icon: 'home' }),
  g('users', 'users', [m('/Users/Admin', 'usersAdmin'), m('/Users/Staff', 'usersStaff')]),
  r('/Users/Admin/View/[id]', 'usersAdminView'),
  r('/Users/Staff/View/[id]', 'usersStaffView'),
  m('/Information', 'information', { icon: 'info' }),
  m('/ApplicationManager', 'applicationManager', { icon: 'grid' }),
  m('/DeviceSession', 'deviceSession', { icon: 'device' }),
  r('/MyService', 'myService'),
  r('/Payment', 'payment'),
  r('/Profile', 'profile', { personal: true }),
];

/** Routes of every service (below /Service/{service}), in Delivery side-menu order. */
const SERVICE_COMMON: MenuDecl[] = [
  m('/Dashboard', 'dashboard', { icon: 'home' }),
  m('/Monitor/Biker', 'taskMonitoring', { icon: 'map' }),
  g('shopManagement', 'store', [
    m('/ShopPackage', 'shopPackage', { step: 1 }),
    m('/TypeShop', 'typeShop', { step: 2 }),
    m('/Shop', 'shop', { step: 3 }),
    m('/TimeShop', 'timeShop', { step: 4 }),
  ]),
  m('/Food', 'food', { icon: 'food' }),
  m('/Orders', 'orders', { icon: 'list' }),
  m('/OrdersMessenger', 'ordersMessenger', { icon: 'parcel' }),
  g('deliverySettings', 'truck', [m('/Messenger', 'messengerFee'), m('/ShippingRate', 'shippingRate')]),
  g('walletMonitoring', 'wallet', [
    m('/Wallet/Admin', 'walletAdmin'),
    m('/Wallet/Member', 'walletMember'),
    m('/Wallet/Shop', 'walletShop'),
    m('/Wallet/Biker', 'walletBiker'),
  ]),
  g('walletBalance', 'balance', [
    m('/Wallet/Balance/Admin', 'walletBalanceAdmin'),
    m('/Wallet/Balance/Member', 'walletBalanceMember'),
    m('/Wallet/Balance/Shop', 'walletBalanceShop'),
    m('/Wallet/Balance/Biker', 'walletBalanceBiker'),
  ]),
  g('privileges', 'gift', [m('/Promotion', 'promotion'), m('/Voucher', 'voucher'), m('/Popular', 'popular')]),
  g('pointSystems', 'star', [
    m('/RewardPointHistory', 'rewardPointHistory'),
    m('/GiftVoucher', 'giftVoucher'),
    m('/GiftReward', 'giftReward'),
  ]),
  m('/Members', 'members', { admin: true, icon: 'users' }),
  g('biker', 'bike', [m('/Package/Biker', 'packageBiker'), m('/Member/Biker', 'memberBiker'), m('/Review/Biker', 'reviewBiker')]),
  m('/Review', 'review', { icon: 'star' }),
  g('report', 'chart', [
    m('/Report', 'report'),
    m('/Report/Admin', 'reportAdmin'),
    m('/Report/Shop', 'reportShop'),
    m('/Report/Biker', 'reportBiker'),
    m('/Report/TopShop', 'reportTopShop'),
  ]),
  g('support', 'support', [m('/SupportFromPortal', 'supportFromPortal'), m('/SupportFromShop', 'supportFromShop')]),
  g('applicationSetting', 'phone', [m('/Config/App', 'configApp', { admin: true }), m('/Slide', 'slide')]),
  g('systemSettings', 'settings', [
    m('/Setting/System', 'settingSystem', { admin: true }),
    m('/Setting/Bank', 'settingBank', { admin: true }),
    m('/Setting/LangInApps', 'settingLangInApps', { admin: true }),
  ]),
  g('import', 'upload', [m('/Import/Shop', 'importShop'), m('/Import/Biker', 'importBiker')]),
  m('/PublicRelations', 'publicRelations', { icon: 'megaphone' }),
  // Further routes of the service, not in the side menu.
  r('/Notification', 'notification', { personal: true }),
  r('/Shop/Add', 'shopAdd'),
  r('/Shop/View/[id]', 'shopView'),
  r('/Regis/Shop', 'regisShop'),
  r('/TimeShop/Add', 'timeShopAdd'),
  r('/TimeShop/View/[id]', 'timeShopView'),
  r('/Messenger/Add', 'messengerAdd'),
  r('/Messenger/View/[id]', 'messengerView'),
  r('/Food/View/[id]', 'foodView'),
  r('/Wallet/[ref]', 'walletRef'),
  r('/Wallet/Balance/[ref]', 'walletBalanceRef'),
  r('/Orders/View/[id]', 'ordersView'),
  r('/OrdersMessenger/View/[id]', 'ordersMessengerView'),
  r('/OrdersStatus', 'ordersStatus'),
  r('/ShippingRate/Add', 'shippingRateAdd'),
  r('/ShippingRate/View/[id]', 'shippingRateView'),
  r('/Voucher/View/[id]', 'voucherView'),
  r('/Promotion/View/[id]', 'promotionView'),
  r('/Popular/View/[id]', 'popularView'),
  r('/Slide/View/[id]', 'slideView'),
  r('/Members/View/[id]', 'membersView', { admin: true }),
  r('/Review/View/[id]', 'reviewView'),
  r('/Review/Biker/View/[id]', 'reviewBikerView'),
  r('/SupportFromPortal/View/[id]', 'supportFromPortalView'),
  r('/SupportFromShop/View/[id]', 'supportFromShopView'),
  r('/Currency', 'currency'),
  r('/Setting/Bank/View/[id]', 'settingBankView', { admin: true }),
  r('/Setting/Bank/View/[areaId]/Config/[provider]', 'settingBankConfig', { admin: true }),
  r('/Setting/Bank/View/[areaId]/Config/[provider]/History', 'settingBankConfigHistory', { admin: true }),
  r('/Setting/ServiceArea', 'settingServiceArea'),
  r('/Setting/ServiceArea/View/[id]', 'settingServiceAreaView'),
  r('/Config/Biker', 'configBiker', { admin: true }),
  r('/Config/Shop', 'configShop', { admin: true }),
  r('/Package/Biker/Add', 'packageBikerAdd'),
  r('/Package/Biker/View/[id]', 'packageBikerView'),
  r('/Regis/Biker', 'regisBiker'),
  r('/Chat', 'chat', { personal: true }),
  r('/Profile', 'serviceProfile', { personal: true }),
  r('/RestoreShop', 'restoreShop'),
  r('/RestoreShopPackage', 'restoreShopPackage'),
  r('/RestoreShopType', 'restoreShopType'),
  r('/Check/Order', 'checkOrder'),
];

/** Pages only the Marketplace service has. */
const MARKETPLACE_ONLY: MenuDecl[] = [
  g('marketplace', 'cart', [
    m('/Products', 'products'),
    m('/ProductType', 'productType'),
    m('/Product/Category', 'productCategory'),
    m('/ShopType', 'shopType'),
    m('/Carrier', 'carrier'),
    m('/Request/Buy', 'requestBuy'),
    m('/Broadcast', 'broadcast'),
    m('/TopupMemberPoints', 'topupMemberPoints'),
    m('/ShopRating', 'shopRating'),
    m('/UsedPoints', 'usedPoints'),
    m('/Report/All', 'reportAll'),
    m('/Manage/Packages', 'managePackages'),
    m('/Feed', 'feed'),
    m('/ShopPublicRelations', 'shopPublicRelations'),
    m('/UserPublicRelations', 'userPublicRelations'),
    m('/RewardInvite', 'rewardInvite'),
  ]),
  r('/Products/View/[id]', 'productsView'),
  r('/Carrier/[id]', 'carrierView'),
  r('/ShopType/Sort', 'shopTypeSort'),
  r('/Manage/Packages/View/[id]', 'managePackagesView'),
];

/** The side menu ends with '/' labelled Exit. */
export const EXIT_ENTRY = { href: '/', label: 'exit' } as const;

const isGroup = (d: MenuDecl): d is GroupDecl => 'group' in d;
const isDynamic = (segment: string) => segment.startsWith('[') && segment.endsWith(']');

/**
 * The permission naming contract: `Company X` / `Service {Service} X` where X is the path below the area with
 * `Add`, `View/{id}` (and every segment after them) and dynamic segments dropped, and `/` turned into a space.
 * `/` is `Company Dashboard`.
 */
export function permissionNameFor(area: 'company' | 'service', subPath: string, service?: ServiceName): string {
  const kept: string[] = [];
  for (const segment of subPath.split('/').filter(Boolean)) {
    if (segment === 'Add' || segment === 'View' || isDynamic(segment)) break;
    kept.push(segment);
  }
  if (area === 'company') return kept.length === 0 ? 'Company Dashboard' : `Company ${kept.join(' ')}`;
  return `Service ${service} ${kept.join(' ')}`;
}

function build(): RouteDef[] {
  const routes: RouteDef[] = [];
  for (const d of PUBLIC) {
    routes.push({ pattern: d.path, area: 'public', rule: 'public', service: null, permission: true, label: d.label, menu: false });
  }
  const flatten = (decls: MenuDecl[]) =>
    decls.flatMap<{ item: Decl; group: string | undefined; icon: string | undefined }>((d) => (isGroup(d) ? d.items.map((item) => ({ item, group: d.group, icon: d.icon })) : [{ item: d, group: undefined, icon: d.icon }]));

  for (const { item, group, icon } of flatten(COMPANY)) {
    routes.push({
      pattern: item.path,
      area: 'company',
      rule: 'admin',
      service: 'Admin',
      permission: item.personal ? true : permissionNameFor('company', item.path),
      label: item.label,
      group,
      menu: item.menu ?? false,
      icon: item.icon ?? icon,
    });
  }
  for (const service of SERVICES) {
    const decls = service === 'Marketplace' ? [...SERVICE_COMMON, ...MARKETPLACE_ONLY] : SERVICE_COMMON;
    for (const { item, group, icon } of flatten(decls)) {
      routes.push({
        pattern: `/Service/${service}${item.path}`,
        area: 'service',
        rule: item.admin ? 'admin' : 'staff',
        service,
        permission: item.personal ? true : permissionNameFor('service', item.path, service),
        label: item.label,
        group,
        menu: item.menu ?? false,
        step: item.step,
        icon: item.icon ?? icon,
      });
    }
  }
  return routes;
}

export const ROUTES: readonly RouteDef[] = build();

/** Menu groups in order, per area, for the side menus. */
export interface MenuGroup {
  key: string | null;
  icon?: string;
  routes: RouteDef[];
}

export function menuFor(area: 'company' | ServiceName): MenuGroup[] {
  const prefix = area === 'company' ? '' : `/Service/${area}`;
  const decls = area === 'company' ? COMPANY : area === 'Marketplace' ? [...SERVICE_COMMON, ...MARKETPLACE_ONLY] : SERVICE_COMMON;
  const byPattern = new Map(ROUTES.map((route) => [route.pattern, route]));
  const groups: MenuGroup[] = [];
  for (const d of decls) {
    if (isGroup(d)) {
      const routes = d.items.filter((i) => i.menu).map((i) => byPattern.get(prefix + i.path)!);
      groups.push({ key: d.group, icon: d.icon, routes });
    } else if (d.menu) {
      groups.push({ key: null, icon: d.icon, routes: [byPattern.get(prefix + d.path)!] });
    }
  }
  return groups;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** The registry entry of a concrete pathname; static segments win over dynamic ones. */
export function matchRoute(pathname: string): RouteMatch | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = segmentsOf(clean);
  let best: { match: RouteMatch; score: number } | null = null;
  for (const route of ROUTES) {
    const pattern = segmentsOf(route.pattern);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const v = parts[i]!;
      if (isDynamic(p)) {
        params[p.slice(1, -1)] = decodeURIComponent(v);
      } else if (p === v) {
        score += 1 << (pattern.length - i);
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { route, params }, score };
  }
  return best?.match ?? null;
}

/** Breadcrumb trail: the area root, the menu group, then the route. */
export function breadcrumbsFor(route: RouteDef): { label: string; href?: string; group?: boolean }[] {
  const trail: { label: string; href?: string; group?: boolean }[] = [];
  if (route.area === 'service' && route.service && route.service !== 'Admin') {
    trail.push({ label: 'dashboard', href: `/Service/${route.service}/Dashboard` });
  } else if (route.area === 'company' && route.pattern !== '/') {
    trail.push({ label: 'companyDashboard', href: '/' });
  }
  if (route.group) trail.push({ label: route.group, group: true });
  if (!(route.area === 'service' && route.label === 'dashboard')) trail.push({ label: route.label });
  return trail;
}

/** Every permission name the registry uses, per service: the catalogue sent with setMenu. */
export function permissionCatalogue(): { services: PermissionService; names: string[] }[] {
  const byService = new Map<PermissionService, Set<string>>();
  for (const route of ROUTES) {
    if (route.service === null || route.permission === true) continue;
    const set = byService.get(route.service) ?? new Set<string>();
    set.add(route.permission);
    byService.set(route.service, set);
  }
  return [...byService].map(([services, names]) => ({ services, names: [...names] }));
}

/** The dashboard entries readable by default. */
export const DEFAULT_READABLE = ['Company Dashboard', 'Service Delivery Dashboard', 'Service Marketplace Dashboard'] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Flag = 'read' | 'write' | 'create' | 'delete';

export function flagForMethod(method: string): Flag | null {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'write';
    case 'DELETE':
      return 'delete';
    default:
      return null;
  }
}

export interface ApiRule {
  service: PermissionService;
  /** `true` for the signed-in user's own data (no flag check). */
  permission: string | true;
}

/** API prefixes derived from the registry: `/api/admin/{Service}/{X}` and `/api/admin/{X}` for company data. */
const API_PREFIXES: { prefix: string[]; rule: ApiRule }[] = (() => {
  const seen = new Map<string, { prefix: string[]; rule: ApiRule }>();
  for (const route of ROUTES) {
    if (route.service === null || route.permission === true) continue;
    const words = route.permission.split(' ');
    const rest = route.area === 'company' ? words.slice(1) : words.slice(2);
    if (route.area === 'company' && route.pattern === '/') continue; // the dashboard reads through /api/admin/Dashboard
    const prefix = route.area === 'company' ? rest : [route.service, ...rest];
    const key = prefix.join('/');
    if (!seen.has(key)) seen.set(key, { prefix, rule: { service: route.service, permission: route.permission } });
  }
  seen.set('Dashboard', { prefix: ['Dashboard'], rule: { service: 'Admin', permission: 'Company Dashboard' } });
  // The signed-in user's own notifications (personal, like the Notification pages).
  seen.set('Notification', { prefix: ['Notification'], rule: { service: 'Admin', permission: true } });
  return [...seen.values()].sort((a, b) => b.prefix.length - a.prefix.length);
})();

/**
 * The BFF allow-list: the permission an `/api/admin/...` business path needs, by the longest registry prefix.
 * Returns null for a path the registry does not give (not forwarded).
 */
export function apiRuleFor(apiPath: string): ApiRule | null {
  const parts = segmentsOf(apiPath);
  if (parts[0] !== 'api' || parts[1] !== 'admin') return null;
  const rest = parts.slice(2);
  for (const { prefix, rule } of API_PREFIXES) {
    if (prefix.length <= rest.length && prefix.every((p, i) => p === rest[i])) return rule;
  }
  return null;
}

export function isPublicPath(pathname: string): boolean {
  return matchRoute(pathname)?.route.rule === 'public';
}
