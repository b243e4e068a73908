/**
 * THE route registry: the menu declarations (labels, icons, groups, screens) on top of the routes and access rules of
 * `contract/access`. One declaration per screen drives proxy.ts (rules and permission checks), the side menus,
 * breadcrumbs, page titles, the BFF allow-list and the screen a catch-all route renders.
 *
 * Paths use Next's folder syntax for dynamic segments: `/Service/Delivery/Shop/View/[id]`.
 */
import {
  ACCESS_ROUTES,
  isDynamicSegment,
  type AccessRoute,
  type CompanyPath,
  type MarketplacePath,
  type PublicPath,
  type ServiceName,
  type ServicePath,
} from '../contract/access';
import type { ResourceKey } from '@/lib/resources';

export {
  DEFAULT_READABLE,
  SERVICES,
  apiRuleFor,
  flagForMethod,
  permissionCatalogue,
  permissionNameFor,
  type ApiRule,
  type Area,
  type Flag,
  type HttpMethod,
  type PermissionService,
  type Rule,
  type ServiceName,
} from '../contract/access';

/** What a route renders: a resource-kit page of a resource module, or a dedicated screen by name. */
export type ResourceMode = 'list' | 'add' | 'view' | 'restore' | 'sort' | 'config' | 'approval';
/** The dedicated screens (app/_components/shell/screens.ts maps each to its component). */
export type ScreenName =
  | 'orders'
  | 'orderView'
  | 'ordersStatus'
  | 'checkOrder'
  | 'monitor'
  | 'paymentAreas'
  | 'paymentArea'
  | 'paymentConfig'
  | 'paymentHistory'
  | 'walletTransaction'
  | 'walletBalance'
  | 'profile'
  | 'auditEntry'
  | 'myService'
  | 'payment'
  | 'report'
  | 'reviewView'
  | 'purchaseRequestView'
  | 'memberView'
  | 'bikerView'
  | 'productCategory'
  | 'langStrings'
  | 'serviceAreaView'
  | 'import'
  | 'notifications'
  | 'chat'
  | 'supportView';
/**
 * A dedicated screen may be a resource's page (`of`, one resource or several): its view page when the path ends in a
 * row's `[id]` (the resource's list links its rows to it), else its list page (a list the kit cannot draw alone).
 */
export type ScreenRef = { resource: ResourceKey; mode: ResourceMode } | { screen: ScreenName; of?: ResourceKey | readonly ResourceKey[] };

export interface RouteDef extends AccessRoute {
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
  /** The screen it renders; none: an empty page. */
  view?: ScreenRef;
}

interface Decl<P extends string> {
  path: P;
  label: string;
  menu: boolean;
  step?: number;
  icon?: string;
  view?: ScreenRef;
}
interface GroupDecl<P extends string> {
  group: string;
  icon?: string;
  items: Decl<P>[];
}
type MenuDecl<P extends string> = Decl<P> | GroupDecl<P>;
type Extra = Partial<Pick<Decl<string>, 'step' | 'icon' | 'view'>>;

/** A side-menu entry. */
const menuItem = <P extends string>(path: P, label: string, extra: Extra = {}): Decl<P> => ({ path, label, menu: true, ...extra });
/** A route reached from a screen, not listed in the side menu. */
const page = <P extends string>(path: P, label: string, extra: Extra = {}): Decl<P> => ({ path, label, menu: false, ...extra });
/** A group of side-menu entries. */
const menuGroup = <P extends string>(group: string, icon: string, items: Decl<P>[]): GroupDecl<P> => ({ group, icon, items });
/** The route renders a resource-kit page. */
const kit = (resource: ResourceKey, mode: ResourceMode = 'list'): Extra => ({ view: { resource, mode } });
/** The route renders a dedicated screen. */
const screen = (name: ScreenName, ...of: ResourceKey[]): Extra => ({ view: { screen: name, ...(of.length ? { of: of.length === 1 ? of[0]! : of } : {}) } });

const PUBLIC: Decl<PublicPath>[] = [
  page('/auth/login', 'login'),
  page('/auth/register', 'register'),
  page('/auth/forgotpassword', 'forgotPassword'),
  page('/auth/autologin', 'autologinConfirm'),
  page('/clearcookies', 'clearCookies'),
  page('/autologinPortal', 'autologinPortal'),
  page('/autologinRoot', 'autologinRoot'),
  page('/autologinShop', 'autologinShop'),
  page('/pages/error-404', 'notFound'),
  page('/not-authorized', 'notAuthorized'),
];

/** The company area, in side-menu order. */
const COMPANY: MenuDecl<CompanyPath>[] = [
  menuItem('/', 'companyDashboard', { icon: 'home' }),
  menuGroup('users', 'users', [menuItem('/Users/Admin', 'usersAdmin', kit('adminUser')), menuItem('/Users/Staff', 'usersStaff', kit('staff'))]),
  page('/Users/Admin/View/[id]', 'usersAdminView', kit('adminUser', 'view')),
  page('/Users/Staff/View/[id]', 'usersStaffView', kit('staff', 'view')),
  menuItem('/Information', 'information', { icon: 'info', ...kit('office') }),
  menuItem('/ApplicationManager', 'applicationManager', { icon: 'grid', ...kit('application') }),
  menuItem('/DeviceSession', 'deviceSession', { icon: 'device', ...kit('deviceSession') }),
  // The spec's company menu ends at Device Session: the log opens from the company dashboard.
  page('/Log', 'auditLog', kit('auditLog')),
  page('/Log/View/[id]', 'auditLogView', screen('auditEntry', 'auditLog')),
  page('/MyService', 'myService', screen('myService')),
  page('/Payment', 'payment', screen('payment')),
  page('/Profile', 'profile', screen('profile')),
];

/** Routes of every service (below /Service/{service}), in Delivery side-menu order. */
const SERVICE_COMMON: MenuDecl<ServicePath>[] = [
  menuItem('/Dashboard', 'dashboard', { icon: 'home' }),
  menuItem('/Monitor/Biker', 'taskMonitoring', { icon: 'map', ...screen('monitor') }),
  menuGroup('shopManagement', 'store', [
    menuItem('/ShopPackage', 'shopPackage', { step: 1, ...kit('shopPackage') }),
    menuItem('/TypeShop', 'typeShop', { step: 2, ...kit('typeShop') }),
    menuItem('/Shop', 'shop', { step: 3, ...kit('shop') }),
    menuItem('/TimeShop', 'timeShop', { step: 4, ...kit('timeShop') }),
  ]),
  menuItem('/Food', 'food', { icon: 'food', ...kit('food') }),
  menuItem('/Orders', 'orders', { icon: 'list', ...screen('orders', 'orders') }),
  menuItem('/OrdersMessenger', 'ordersMessenger', { icon: 'parcel', ...screen('orders', 'ordersMessenger') }),
  menuGroup('deliverySettings', 'truck', [
    menuItem('/Messenger', 'messengerFee', kit('messengerFee')),
    menuItem('/ShippingRate', 'shippingRate', kit('shippingRate')),
  ]),
  menuGroup('walletMonitoring', 'wallet', [
    menuItem('/Wallet/Admin', 'walletAdmin', kit('walletAdmin')),
    menuItem('/Wallet/Member', 'walletMember', kit('walletMember')),
    menuItem('/Wallet/Shop', 'walletShop', kit('walletShop')),
    menuItem('/Wallet/Biker', 'walletBiker', kit('walletBiker')),
  ]),
  menuGroup('walletBalance', 'balance', [
    menuItem('/Wallet/Balance/Admin', 'walletBalanceAdmin', kit('walletBalanceAdmin')),
    menuItem('/Wallet/Balance/Member', 'walletBalanceMember', kit('walletBalanceMember')),
    menuItem('/Wallet/Balance/Shop', 'walletBalanceShop', kit('walletBalanceShop')),
    menuItem('/Wallet/Balance/Biker', 'walletBalanceBiker', kit('walletBalanceBiker')),
  ]),
  menuGroup('privileges', 'gift', [
    menuItem('/Promotion', 'promotion', kit('promotion')),
    menuItem('/Voucher', 'voucher', kit('voucher')),
    menuItem('/Popular', 'popular', kit('popular')),
  ]),
  menuGroup('pointSystems', 'star', [
    menuItem('/RewardPointHistory', 'rewardPointHistory', kit('rewardPointHistory')),
    menuItem('/GiftVoucher', 'giftVoucher', kit('giftVoucher')),
    menuItem('/GiftReward', 'giftReward', kit('giftReward')),
  ]),
  menuItem('/Members', 'members', { icon: 'users', ...kit('member') }),
  menuGroup('biker', 'bike', [
    menuItem('/Package/Biker', 'packageBiker', kit('bikerPackage')),
    menuItem('/Member/Biker', 'memberBiker', kit('bikerAccount')),
    menuItem('/Review/Biker', 'reviewBiker', kit('reviewBiker')),
  ]),
  menuItem('/Review', 'review', { icon: 'star', ...kit('review') }),
  menuGroup('report', 'chart', [
    menuItem('/Report', 'report', screen('report')),
    menuItem('/Report/Admin', 'reportAdmin', screen('report')),
    menuItem('/Report/Shop', 'reportShop', screen('report')),
    menuItem('/Report/Biker', 'reportBiker', screen('report')),
    menuItem('/Report/TopShop', 'reportTopShop', screen('report')),
  ]),
  menuGroup('support', 'support', [
    menuItem('/SupportFromPortal', 'supportFromPortal', kit('supportFromPortal')),
    menuItem('/SupportFromShop', 'supportFromShop', kit('supportFromShop')),
  ]),
  menuGroup('applicationSetting', 'phone', [menuItem('/Config/App', 'configApp', kit('configApp', 'config')), menuItem('/Slide', 'slide', kit('slide'))]),
  menuGroup('systemSettings', 'settings', [
    menuItem('/Setting/System', 'settingSystem', kit('settingSystem', 'config')),
    menuItem('/Setting/Bank', 'settingBank', screen('paymentAreas')),
    menuItem('/Setting/LangInApps', 'settingLangInApps', screen('langStrings')),
  ]),
  menuGroup('import', 'upload', [menuItem('/Import/Shop', 'importShop', screen('import')), menuItem('/Import/Biker', 'importBiker', screen('import'))]),
  menuItem('/PublicRelations', 'publicRelations', { icon: 'megaphone', ...kit('publicRelations') }),
  // Further routes of the service, not in the side menu.
  page('/Notification', 'notification', screen('notifications')),
  page('/Shop/Add', 'shopAdd', kit('shop', 'add')),
  page('/Shop/View/[id]', 'shopView', kit('shop', 'view')),
  page('/Regis/Shop', 'regisShop', kit('regisShop', 'approval')),
  page('/TimeShop/Add', 'timeShopAdd', kit('timeShop', 'add')),
  page('/TimeShop/View/[id]', 'timeShopView', kit('timeShop', 'view')),
  page('/Messenger/Add', 'messengerAdd', kit('messengerFee', 'add')),
  page('/Messenger/View/[id]', 'messengerView', kit('messengerFee', 'view')),
  page('/Food/View/[id]', 'foodView', kit('food', 'view')),
  page('/Wallet/[ref]', 'walletRef', screen('walletTransaction', 'walletAdmin', 'walletMember', 'walletShop', 'walletBiker')),
  page(
    '/Wallet/Balance/[ref]',
    'walletBalanceRef',
    screen('walletBalance', 'walletBalanceAdmin', 'walletBalanceMember', 'walletBalanceShop', 'walletBalanceBiker'),
  ),
  page('/Orders/View/[id]', 'ordersView', screen('orderView', 'orders')),
  page('/OrdersMessenger/View/[id]', 'ordersMessengerView', screen('orderView', 'ordersMessenger')),
  page('/OrdersStatus', 'ordersStatus', screen('ordersStatus')),
  page('/ShippingRate/Add', 'shippingRateAdd', kit('shippingRate', 'add')),
  page('/ShippingRate/View/[id]', 'shippingRateView', kit('shippingRate', 'view')),
  page('/Voucher/View/[id]', 'voucherView', kit('voucher', 'view')),
  page('/Promotion/View/[id]', 'promotionView', kit('promotion', 'view')),
  page('/Popular/View/[id]', 'popularView', kit('popular', 'view')),
  page('/Slide/View/[id]', 'slideView', kit('slide', 'view')),
  page('/PublicRelations/View/[id]', 'publicRelationsView', kit('publicRelations', 'view')),
  page('/Members/View/[id]', 'membersView', screen('memberView', 'member')),
  page('/Member/Biker/View/[id]', 'memberBikerView', screen('bikerView', 'bikerAccount')),
  page('/Review/View/[id]', 'reviewView', screen('reviewView', 'review')),
  page('/Review/Biker/View/[id]', 'reviewBikerView', screen('reviewView', 'reviewBiker')),
  page('/SupportFromPortal/View/[id]', 'supportFromPortalView', screen('supportView', 'supportFromPortal')),
  page('/SupportFromShop/View/[id]', 'supportFromShopView', screen('supportView', 'supportFromShop')),
  page('/Currency', 'currency', kit('currency', 'config')),
  page('/Setting/Bank/View/[areaId]', 'settingBankView', screen('paymentArea')),
  page('/Setting/Bank/View/[areaId]/Config/[provider]', 'settingBankConfig', screen('paymentConfig')),
  page('/Setting/Bank/View/[areaId]/Config/[provider]/History', 'settingBankConfigHistory', screen('paymentHistory')),
  page('/Setting/ServiceArea', 'settingServiceArea', kit('serviceArea')),
  page('/Setting/ServiceArea/View/[id]', 'settingServiceAreaView', screen('serviceAreaView', 'serviceArea')),
  page('/Config/Biker', 'configBiker', kit('configBiker', 'config')),
  page('/Config/Shop', 'configShop', kit('configShop', 'config')),
  page('/Package/Biker/Add', 'packageBikerAdd', kit('bikerPackage', 'add')),
  page('/Package/Biker/View/[id]', 'packageBikerView', kit('bikerPackage', 'view')),
  page('/Regis/Biker', 'regisBiker', kit('regisBiker', 'approval')),
  page('/Chat', 'chat', screen('chat')),
  page('/Profile', 'serviceProfile', screen('profile')),
  page('/RestoreShop', 'restoreShop', kit('shop', 'restore')),
  page('/RestoreShopPackage', 'restoreShopPackage', kit('shopPackage', 'restore')),
  page('/RestoreShopType', 'restoreShopType', kit('typeShop', 'restore')),
  page('/Check/Order', 'checkOrder', screen('checkOrder')),
];

/** Pages only the Marketplace service has. */
const MARKETPLACE_ONLY: MenuDecl<MarketplacePath>[] = [
  menuGroup('marketplace', 'cart', [
    menuItem('/Products', 'products', kit('products')),
    menuItem('/ProductType', 'productType', kit('productType')),
    menuItem('/Product/Category', 'productCategory', screen('productCategory')),
    menuItem('/ShopType', 'shopType', kit('shopType')),
    menuItem('/Carrier', 'carrier', kit('carrier')),
    menuItem('/Request/Buy', 'requestBuy', kit('purchaseRequest')),
    menuItem('/Broadcast', 'broadcast', kit('broadcast')),
    menuItem('/TopupMemberPoints', 'topupMemberPoints', kit('topupMemberPoints')),
    menuItem('/ShopRating', 'shopRating', kit('shopRating')),
    menuItem('/UsedPoints', 'usedPoints', kit('usedPoints')),
    menuItem('/Report/All', 'reportAll', screen('report')),
    menuItem('/Manage/Packages', 'managePackages', kit('marketplacePackage')),
    menuItem('/Feed', 'feed', kit('feed')),
    menuItem('/ShopPublicRelations', 'shopPublicRelations', kit('shopPublicRelations')),
    menuItem('/UserPublicRelations', 'userPublicRelations', kit('userPublicRelations')),
    menuItem('/RewardInvite', 'rewardInvite', kit('rewardInvite')),
  ]),
  page('/Products/View/[id]', 'productsView', kit('products', 'view')),
  page('/Carrier/[id]', 'carrierView', kit('carrier', 'view')),
  page('/ShopType/Sort', 'shopTypeSort', kit('shopType', 'sort')),
  page('/Manage/Packages/View/[id]', 'managePackagesView', kit('marketplacePackage', 'view')),
  page('/Request/Buy/View/[id]', 'requestBuyView', screen('purchaseRequestView', 'purchaseRequest')),
  page('/Broadcast/View/[id]', 'broadcastView', kit('broadcast', 'view')),
  page('/ShopPublicRelations/View/[id]', 'shopPublicRelationsView', kit('shopPublicRelations', 'view')),
  page('/UserPublicRelations/View/[id]', 'userPublicRelationsView', kit('userPublicRelations', 'view')),
];

/** The side menu ends with '/' labelled Exit. */
export const EXIT_ENTRY = { href: '/', label: 'exit' } as const;

const isGroup = <P extends string>(d: MenuDecl<P>): d is GroupDecl<P> => 'group' in d;

type Placed = { item: Decl<string>; group: string | undefined; icon: string | undefined };
const flatten = (decls: MenuDecl<string>[]): Placed[] =>
  decls.flatMap<Placed>((d) => (isGroup(d) ? d.items.map((item) => ({ item, group: d.group, icon: d.icon })) : [{ item: d, group: undefined, icon: d.icon }]));

const serviceDecls = (service: ServiceName): MenuDecl<string>[] => (service === 'Marketplace' ? [...SERVICE_COMMON, ...MARKETPLACE_ONLY] : SERVICE_COMMON);

/** Joins each access route with its menu declaration; a route without one (or a declaration without a route) is an error. */
function build(): RouteDef[] {
  const placed = new Map<string, Placed>();
  const place = (prefix: string, decls: MenuDecl<string>[]) => {
    for (const p of flatten(decls)) placed.set(prefix + p.item.path, p);
  };
  place('', PUBLIC);
  place('', COMPANY);
  place('/Service/Delivery', serviceDecls('Delivery'));
  place('/Service/Marketplace', serviceDecls('Marketplace'));
  const routes = ACCESS_ROUTES.map((access): RouteDef => {
    const p = placed.get(access.pattern);
    if (!p) throw new Error(`lib/routes.ts: no menu declaration for ${access.pattern}`);
    const { item, group, icon } = p;
    return { ...access, label: item.label, group, menu: item.menu, step: item.step, icon: item.icon ?? icon, view: item.view };
  });
  if (placed.size !== routes.length) throw new Error('lib/routes.ts declares a path that contract/access does not have');
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
  const decls = area === 'company' ? COMPANY : serviceDecls(area);
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

/**
 * A dynamic segment's value, decoded; null for one that could walk the upstream path (`.`, `..`, a slash or backslash
 * once decoded, a control character) or does not decode: such a path matches no route (404).
 */
function paramValue(raw: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const unsafe = value === '.' || value === '..' || /[/\\]/.test(value) || value.length > 200 || [...value].some((ch) => ch.charCodeAt(0) < 32);
  return unsafe ? null : value;
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
      if (isDynamicSegment(p)) {
        const value = paramValue(v);
        if (value === null) {
          ok = false;
          break;
        }
        params[p.slice(1, -1)] = value;
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

/** The first route (in registry order) of a service that renders the given resource in the given mode. */
export function routeOfResource(service: ServiceName, resource: ResourceKey, mode: ResourceMode): RouteDef | null {
  return ROUTES.find((r) => r.service === service && r.view && 'resource' in r.view && r.view.resource === resource && r.view.mode === mode) ?? null;
}

/**
 * The sub-paths (below `/Service/{service}`) of the pages that render a resource, from the registry entries that
 * name it: its list (or, for registrations to decide or a settings record, its approval or settings page), and where
 * it has them its add, view (the prefix of `View/{id}`) and restore pages.
 */
export function routesOfResource(resource: string): { list: string; add?: string; view?: string; restore?: string } {
  const pathOf = (mode: ResourceMode) => ROUTES.find((r) => r.view && 'resource' in r.view && r.view.resource === resource && r.view.mode === mode)?.path;
  const screens = ROUTES.filter((r) => r.view && 'screen' in r.view && [r.view.of].flat().includes(resource as ResourceKey)).map((r) => r.path);
  const rowPage = (path: string) => /\/\[[^\]]+\]$/.test(path);
  const list = pathOf('list') ?? pathOf('approval') ?? pathOf('config') ?? screens.find((path) => !rowPage(path));
  if (!list) throw new Error(`lib/routes.ts: no list route (nor an approval or settings page) renders ${resource}`);
  const view = pathOf('view') ?? screens.find(rowPage);
  return { list, add: pathOf('add'), view: view?.replace(/\/\[[^\]]+\]$/, ''), restore: pathOf('restore') };
}

export function isPublicPath(pathname: string): boolean {
  return matchRoute(pathname)?.route.rule === 'public';
}
