import { describe, expect, it } from 'vitest';
import { ROUTES, apiRuleFor, breadcrumbsFor, flagForMethod, matchRoute, menuFor, permissionCatalogue, permissionNameFor } from './routes';

/** Every route of the registry with its rule and permission name: the naming contract, pinned. */
const PINNED: [string, string, string | true][] = [
  ['/auth/login', 'public', true],
  ['/auth/register', 'public', true],
  ['/auth/forgotpassword', 'public', true],
  ['/auth/autologin', 'public', true],
  ['/clearcookies', 'public', true],
  ['/autologinPortal', 'public', true],
  ['/autologinRoot', 'public', true],
  ['/autologinShop', 'public', true],
  ['/pages/error-404', 'public', true],
  ['/not-authorized', 'public', true],
  ['/', 'admin', 'Company Dashboard'],
  ['/Users/Admin', 'admin', 'Company Users Admin'],
  ['/Users/Staff', 'admin', 'Company Users Staff'],
  ['/Users/Admin/View/[id]', 'admin', 'Company Users Admin'],
  ['/Users/Staff/View/[id]', 'admin', 'Company Users Staff'],
  ['/Information', 'admin', 'Company Information'],
  ['/ApplicationManager', 'admin', 'Company ApplicationManager'],
  ['/DeviceSession', 'admin', 'Company DeviceSession'],
  ['/Log', 'admin', 'Company Log'],
  ['/Log/View/[id]', 'admin', 'Company Log'],
  ['/MyService', 'admin', 'Company MyService'],
  ['/Payment', 'admin', 'Company Payment'],
  ['/Profile', 'admin', true],
  ['/Service/Delivery/Dashboard', 'staff', 'Service Delivery Dashboard'],
  ['/Service/Delivery/Monitor/Biker', 'staff', 'Service Delivery Monitor Biker'],
  ['/Service/Delivery/ShopPackage', 'staff', 'Service Delivery ShopPackage'],
  ['/Service/Delivery/TypeShop', 'staff', 'Service Delivery TypeShop'],
  ['/Service/Delivery/Shop', 'staff', 'Service Delivery Shop'],
  ['/Service/Delivery/TimeShop', 'staff', 'Service Delivery TimeShop'],
  ['/Service/Delivery/Food', 'staff', 'Service Delivery Food'],
  ['/Service/Delivery/Orders', 'staff', 'Service Delivery Orders'],
  ['/Service/Delivery/OrdersMessenger', 'staff', 'Service Delivery OrdersMessenger'],
  ['/Service/Delivery/Messenger', 'staff', 'Service Delivery Messenger'],
  ['/Service/Delivery/ShippingRate', 'staff', 'Service Delivery ShippingRate'],
  ['/Service/Delivery/Wallet/Admin', 'staff', 'Service Delivery Wallet Admin'],
  ['/Service/Delivery/Wallet/Member', 'staff', 'Service Delivery Wallet Member'],
  ['/Service/Delivery/Wallet/Shop', 'staff', 'Service Delivery Wallet Shop'],
  ['/Service/Delivery/Wallet/Biker', 'staff', 'Service Delivery Wallet Biker'],
  ['/Service/Delivery/Wallet/Balance/Admin', 'staff', 'Service Delivery Wallet Balance Admin'],
  ['/Service/Delivery/Wallet/Balance/Member', 'staff', 'Service Delivery Wallet Balance Member'],
  ['/Service/Delivery/Wallet/Balance/Shop', 'staff', 'Service Delivery Wallet Balance Shop'],
  ['/Service/Delivery/Wallet/Balance/Biker', 'staff', 'Service Delivery Wallet Balance Biker'],
  ['/Service/Delivery/Promotion', 'staff', 'Service Delivery Promotion'],
  ['/Service/Delivery/Voucher', 'staff', 'Service Delivery Voucher'],
  ['/Service/Delivery/Popular', 'staff', 'Service Delivery Popular'],
  ['/Service/Delivery/RewardPointHistory', 'staff', 'Service Delivery RewardPointHistory'],
  ['/Service/Delivery/GiftVoucher', 'staff', 'Service Delivery GiftVoucher'],
  ['/Service/Delivery/GiftReward', 'staff', 'Service Delivery GiftReward'],
  ['/Service/Delivery/Members', 'admin', 'Service Delivery Members'],
  ['/Service/Delivery/Package/Biker', 'staff', 'Service Delivery Package Biker'],
  ['/Service/Delivery/Member/Biker', 'staff', 'Service Delivery Member Biker'],
  ['/Service/Delivery/Review/Biker', 'staff', 'Service Delivery Review Biker'],
  ['/Service/Delivery/Review', 'staff', 'Service Delivery Review'],
  ['/Service/Delivery/Report', 'staff', 'Service Delivery Report'],
  ['/Service/Delivery/Report/Admin', 'staff', 'Service Delivery Report Admin'],
  ['/Service/Delivery/Report/Shop', 'staff', 'Service Delivery Report Shop'],
  ['/Service/Delivery/Report/Biker', 'staff', 'Service Delivery Report Biker'],
  ['/Service/Delivery/Report/TopShop', 'staff', 'Service Delivery Report TopShop'],
  ['/Service/Delivery/SupportFromPortal', 'staff', 'Service Delivery SupportFromPortal'],
  ['/Service/Delivery/SupportFromShop', 'staff', 'Service Delivery SupportFromShop'],
  ['/Service/Delivery/Config/App', 'admin', 'Service Delivery Config App'],
  ['/Service/Delivery/Slide', 'staff', 'Service Delivery Slide'],
  ['/Service/Delivery/Setting/System', 'admin', 'Service Delivery Setting System'],
  ['/Service/Delivery/Setting/Bank', 'admin', 'Service Delivery Setting Bank'],
  ['/Service/Delivery/Setting/LangInApps', 'admin', 'Service Delivery Setting LangInApps'],
  ['/Service/Delivery/Import/Shop', 'staff', 'Service Delivery Import Shop'],
  ['/Service/Delivery/Import/Biker', 'staff', 'Service Delivery Import Biker'],
  ['/Service/Delivery/PublicRelations', 'staff', 'Service Delivery PublicRelations'],
  ['/Service/Delivery/PublicRelations/View/[id]', 'staff', 'Service Delivery PublicRelations'],
  ['/Service/Delivery/Notification', 'staff', true],
  ['/Service/Delivery/Shop/Add', 'staff', 'Service Delivery Shop'],
  ['/Service/Delivery/Shop/View/[id]', 'staff', 'Service Delivery Shop'],
  ['/Service/Delivery/Regis/Shop', 'staff', 'Service Delivery Regis Shop'],
  ['/Service/Delivery/TimeShop/Add', 'staff', 'Service Delivery TimeShop'],
  ['/Service/Delivery/TimeShop/View/[id]', 'staff', 'Service Delivery TimeShop'],
  ['/Service/Delivery/Messenger/Add', 'staff', 'Service Delivery Messenger'],
  ['/Service/Delivery/Messenger/View/[id]', 'staff', 'Service Delivery Messenger'],
  ['/Service/Delivery/Food/View/[id]', 'staff', 'Service Delivery Food'],
  ['/Service/Delivery/Wallet/[ref]', 'staff', 'Service Delivery Wallet'],
  ['/Service/Delivery/Wallet/Balance/[ref]', 'staff', 'Service Delivery Wallet Balance'],
  ['/Service/Delivery/Orders/View/[id]', 'staff', 'Service Delivery Orders'],
  ['/Service/Delivery/OrdersMessenger/View/[id]', 'staff', 'Service Delivery OrdersMessenger'],
  ['/Service/Delivery/OrdersStatus', 'staff', 'Service Delivery OrdersStatus'],
  ['/Service/Delivery/ShippingRate/Add', 'staff', 'Service Delivery ShippingRate'],
  ['/Service/Delivery/ShippingRate/View/[id]', 'staff', 'Service Delivery ShippingRate'],
  ['/Service/Delivery/Voucher/View/[id]', 'staff', 'Service Delivery Voucher'],
  ['/Service/Delivery/Promotion/View/[id]', 'staff', 'Service Delivery Promotion'],
  ['/Service/Delivery/Popular/View/[id]', 'staff', 'Service Delivery Popular'],
  ['/Service/Delivery/Slide/View/[id]', 'staff', 'Service Delivery Slide'],
  ['/Service/Delivery/Members/View/[id]', 'admin', 'Service Delivery Members'],
  ['/Service/Delivery/Member/Biker/View/[id]', 'staff', 'Service Delivery Member Biker'],
  ['/Service/Delivery/Review/View/[id]', 'staff', 'Service Delivery Review'],
  ['/Service/Delivery/Review/Biker/View/[id]', 'staff', 'Service Delivery Review Biker'],
  ['/Service/Delivery/SupportFromPortal/View/[id]', 'staff', 'Service Delivery SupportFromPortal'],
  ['/Service/Delivery/SupportFromShop/View/[id]', 'staff', 'Service Delivery SupportFromShop'],
  ['/Service/Delivery/Currency', 'staff', 'Service Delivery Currency'],
  ['/Service/Delivery/Setting/Bank/View/[areaId]', 'admin', 'Service Delivery Setting Bank'],
  ['/Service/Delivery/Setting/Bank/View/[areaId]/Config/[provider]', 'admin', 'Service Delivery Setting Bank'],
  ['/Service/Delivery/Setting/Bank/View/[areaId]/Config/[provider]/History', 'admin', 'Service Delivery Setting Bank'],
  ['/Service/Delivery/Setting/ServiceArea', 'staff', 'Service Delivery Setting ServiceArea'],
  ['/Service/Delivery/Setting/ServiceArea/View/[id]', 'staff', 'Service Delivery Setting ServiceArea'],
  ['/Service/Delivery/Config/Biker', 'admin', 'Service Delivery Config Biker'],
  ['/Service/Delivery/Config/Shop', 'admin', 'Service Delivery Config Shop'],
  ['/Service/Delivery/Package/Biker/Add', 'staff', 'Service Delivery Package Biker'],
  ['/Service/Delivery/Package/Biker/View/[id]', 'staff', 'Service Delivery Package Biker'],
  ['/Service/Delivery/Regis/Biker', 'staff', 'Service Delivery Regis Biker'],
  ['/Service/Delivery/Chat', 'staff', true],
  ['/Service/Delivery/Profile', 'staff', true],
  ['/Service/Delivery/RestoreShop', 'staff', 'Service Delivery RestoreShop'],
  ['/Service/Delivery/RestoreShopPackage', 'staff', 'Service Delivery RestoreShopPackage'],
  ['/Service/Delivery/RestoreShopType', 'staff', 'Service Delivery RestoreShopType'],
  ['/Service/Delivery/Check/Order', 'staff', 'Service Delivery Check Order'],
  ['/Service/Marketplace/Dashboard', 'staff', 'Service Marketplace Dashboard'],
  ['/Service/Marketplace/Monitor/Biker', 'staff', 'Service Marketplace Monitor Biker'],
  ['/Service/Marketplace/ShopPackage', 'staff', 'Service Marketplace ShopPackage'],
  ['/Service/Marketplace/TypeShop', 'staff', 'Service Marketplace TypeShop'],
  ['/Service/Marketplace/Shop', 'staff', 'Service Marketplace Shop'],
  ['/Service/Marketplace/TimeShop', 'staff', 'Service Marketplace TimeShop'],
  ['/Service/Marketplace/Food', 'staff', 'Service Marketplace Food'],
  ['/Service/Marketplace/Orders', 'staff', 'Service Marketplace Orders'],
  ['/Service/Marketplace/OrdersMessenger', 'staff', 'Service Marketplace OrdersMessenger'],
  ['/Service/Marketplace/Messenger', 'staff', 'Service Marketplace Messenger'],
  ['/Service/Marketplace/ShippingRate', 'staff', 'Service Marketplace ShippingRate'],
  ['/Service/Marketplace/Wallet/Admin', 'staff', 'Service Marketplace Wallet Admin'],
  ['/Service/Marketplace/Wallet/Member', 'staff', 'Service Marketplace Wallet Member'],
  ['/Service/Marketplace/Wallet/Shop', 'staff', 'Service Marketplace Wallet Shop'],
  ['/Service/Marketplace/Wallet/Biker', 'staff', 'Service Marketplace Wallet Biker'],
  ['/Service/Marketplace/Wallet/Balance/Admin', 'staff', 'Service Marketplace Wallet Balance Admin'],
  ['/Service/Marketplace/Wallet/Balance/Member', 'staff', 'Service Marketplace Wallet Balance Member'],
  ['/Service/Marketplace/Wallet/Balance/Shop', 'staff', 'Service Marketplace Wallet Balance Shop'],
  ['/Service/Marketplace/Wallet/Balance/Biker', 'staff', 'Service Marketplace Wallet Balance Biker'],
  ['/Service/Marketplace/Promotion', 'staff', 'Service Marketplace Promotion'],
  ['/Service/Marketplace/Voucher', 'staff', 'Service Marketplace Voucher'],
  ['/Service/Marketplace/Popular', 'staff', 'Service Marketplace Popular'],
  ['/Service/Marketplace/RewardPointHistory', 'staff', 'Service Marketplace RewardPointHistory'],
  ['/Service/Marketplace/GiftVoucher', 'staff', 'Service Marketplace GiftVoucher'],
  ['/Service/Marketplace/GiftReward', 'staff', 'Service Marketplace GiftReward'],
  ['/Service/Marketplace/Members', 'admin', 'Service Marketplace Members'],
  ['/Service/Marketplace/Package/Biker', 'staff', 'Service Marketplace Package Biker'],
  ['/Service/Marketplace/Member/Biker', 'staff', 'Service Marketplace Member Biker'],
  ['/Service/Marketplace/Review/Biker', 'staff', 'Service Marketplace Review Biker'],
  ['/Service/Marketplace/Review', 'staff', 'Service Marketplace Review'],
  ['/Service/Marketplace/Report', 'staff', 'Service Marketplace Report'],
  ['/Service/Marketplace/Report/Admin', 'staff', 'Service Marketplace Report Admin'],
  ['/Service/Marketplace/Report/Shop', 'staff', 'Service Marketplace Report Shop'],
  ['/Service/Marketplace/Report/Biker', 'staff', 'Service Marketplace Report Biker'],
  ['/Service/Marketplace/Report/TopShop', 'staff', 'Service Marketplace Report TopShop'],
  ['/Service/Marketplace/SupportFromPortal', 'staff', 'Service Marketplace SupportFromPortal'],
  ['/Service/Marketplace/SupportFromShop', 'staff', 'Service Marketplace SupportFromShop'],
  ['/Service/Marketplace/Config/App', 'admin', 'Service Marketplace Config App'],
  ['/Service/Marketplace/Slide', 'staff', 'Service Marketplace Slide'],
  ['/Service/Marketplace/Setting/System', 'admin', 'Service Marketplace Setting System'],
  ['/Service/Marketplace/Setting/Bank', 'admin', 'Service Marketplace Setting Bank'],
  ['/Service/Marketplace/Setting/LangInApps', 'admin', 'Service Marketplace Setting LangInApps'],
  ['/Service/Marketplace/Import/Shop', 'staff', 'Service Marketplace Import Shop'],
  ['/Service/Marketplace/Import/Biker', 'staff', 'Service Marketplace Import Biker'],
  ['/Service/Marketplace/PublicRelations', 'staff', 'Service Marketplace PublicRelations'],
  ['/Service/Marketplace/PublicRelations/View/[id]', 'staff', 'Service Marketplace PublicRelations'],
  ['/Service/Marketplace/Notification', 'staff', true],
  ['/Service/Marketplace/Shop/Add', 'staff', 'Service Marketplace Shop'],
  ['/Service/Marketplace/Shop/View/[id]', 'staff', 'Service Marketplace Shop'],
  ['/Service/Marketplace/Regis/Shop', 'staff', 'Service Marketplace Regis Shop'],
  ['/Service/Marketplace/TimeShop/Add', 'staff', 'Service Marketplace TimeShop'],
  ['/Service/Marketplace/TimeShop/View/[id]', 'staff', 'Service Marketplace TimeShop'],
  ['/Service/Marketplace/Messenger/Add', 'staff', 'Service Marketplace Messenger'],
  ['/Service/Marketplace/Messenger/View/[id]', 'staff', 'Service Marketplace Messenger'],
  ['/Service/Marketplace/Food/View/[id]', 'staff', 'Service Marketplace Food'],
  ['/Service/Marketplace/Wallet/[ref]', 'staff', 'Service Marketplace Wallet'],
  ['/Service/Marketplace/Wallet/Balance/[ref]', 'staff', 'Service Marketplace Wallet Balance'],
  ['/Service/Marketplace/Orders/View/[id]', 'staff', 'Service Marketplace Orders'],
  ['/Service/Marketplace/OrdersMessenger/View/[id]', 'staff', 'Service Marketplace OrdersMessenger'],
  ['/Service/Marketplace/OrdersStatus', 'staff', 'Service Marketplace OrdersStatus'],
  ['/Service/Marketplace/ShippingRate/Add', 'staff', 'Service Marketplace ShippingRate'],
  ['/Service/Marketplace/ShippingRate/View/[id]', 'staff', 'Service Marketplace ShippingRate'],
  ['/Service/Marketplace/Voucher/View/[id]', 'staff', 'Service Marketplace Voucher'],
  ['/Service/Marketplace/Promotion/View/[id]', 'staff', 'Service Marketplace Promotion'],
  ['/Service/Marketplace/Popular/View/[id]', 'staff', 'Service Marketplace Popular'],
  ['/Service/Marketplace/Slide/View/[id]', 'staff', 'Service Marketplace Slide'],
  ['/Service/Marketplace/Members/View/[id]', 'admin', 'Service Marketplace Members'],
  ['/Service/Marketplace/Member/Biker/View/[id]', 'staff', 'Service Marketplace Member Biker'],
  ['/Service/Marketplace/Review/View/[id]', 'staff', 'Service Marketplace Review'],
  ['/Service/Marketplace/Review/Biker/View/[id]', 'staff', 'Service Marketplace Review Biker'],
  ['/Service/Marketplace/SupportFromPortal/View/[id]', 'staff', 'Service Marketplace SupportFromPortal'],
  ['/Service/Marketplace/SupportFromShop/View/[id]', 'staff', 'Service Marketplace SupportFromShop'],
  ['/Service/Marketplace/Currency', 'staff', 'Service Marketplace Currency'],
  ['/Service/Marketplace/Setting/Bank/View/[areaId]', 'admin', 'Service Marketplace Setting Bank'],
  ['/Service/Marketplace/Setting/Bank/View/[areaId]/Config/[provider]', 'admin', 'Service Marketplace Setting Bank'],
  ['/Service/Marketplace/Setting/Bank/View/[areaId]/Config/[provider]/History', 'admin', 'Service Marketplace Setting Bank'],
  ['/Service/Marketplace/Setting/ServiceArea', 'staff', 'Service Marketplace Setting ServiceArea'],
  ['/Service/Marketplace/Setting/ServiceArea/View/[id]', 'staff', 'Service Marketplace Setting ServiceArea'],
  ['/Service/Marketplace/Config/Biker', 'admin', 'Service Marketplace Config Biker'],
  ['/Service/Marketplace/Config/Shop', 'admin', 'Service Marketplace Config Shop'],
  ['/Service/Marketplace/Package/Biker/Add', 'staff', 'Service Marketplace Package Biker'],
  ['/Service/Marketplace/Package/Biker/View/[id]', 'staff', 'Service Marketplace Package Biker'],
  ['/Service/Marketplace/Regis/Biker', 'staff', 'Service Marketplace Regis Biker'],
  ['/Service/Marketplace/Chat', 'staff', true],
  ['/Service/Marketplace/Profile', 'staff', true],
  ['/Service/Marketplace/RestoreShop', 'staff', 'Service Marketplace RestoreShop'],
  ['/Service/Marketplace/RestoreShopPackage', 'staff', 'Service Marketplace RestoreShopPackage'],
  ['/Service/Marketplace/RestoreShopType', 'staff', 'Service Marketplace RestoreShopType'],
  ['/Service/Marketplace/Check/Order', 'staff', 'Service Marketplace Check Order'],
  ['/Service/Marketplace/Products', 'staff', 'Service Marketplace Products'],
  ['/Service/Marketplace/ProductType', 'staff', 'Service Marketplace ProductType'],
  ['/Service/Marketplace/Product/Category', 'staff', 'Service Marketplace Product Category'],
  ['/Service/Marketplace/ShopType', 'staff', 'Service Marketplace ShopType'],
  ['/Service/Marketplace/Carrier', 'staff', 'Service Marketplace Carrier'],
  ['/Service/Marketplace/Request/Buy', 'staff', 'Service Marketplace Request Buy'],
  ['/Service/Marketplace/Broadcast', 'staff', 'Service Marketplace Broadcast'],
  ['/Service/Marketplace/Broadcast/View/[id]', 'staff', 'Service Marketplace Broadcast'],
  ['/Service/Marketplace/TopupMemberPoints', 'staff', 'Service Marketplace TopupMemberPoints'],
  ['/Service/Marketplace/ShopRating', 'staff', 'Service Marketplace ShopRating'],
  ['/Service/Marketplace/UsedPoints', 'staff', 'Service Marketplace UsedPoints'],
  ['/Service/Marketplace/Report/All', 'staff', 'Service Marketplace Report All'],
  ['/Service/Marketplace/Manage/Packages', 'staff', 'Service Marketplace Manage Packages'],
  ['/Service/Marketplace/Feed', 'staff', 'Service Marketplace Feed'],
  ['/Service/Marketplace/ShopPublicRelations', 'staff', 'Service Marketplace ShopPublicRelations'],
  ['/Service/Marketplace/UserPublicRelations', 'staff', 'Service Marketplace UserPublicRelations'],
  ['/Service/Marketplace/ShopPublicRelations/View/[id]', 'staff', 'Service Marketplace ShopPublicRelations'],
  ['/Service/Marketplace/UserPublicRelations/View/[id]', 'staff', 'Service Marketplace UserPublicRelations'],
  ['/Service/Marketplace/RewardInvite', 'staff', 'Service Marketplace RewardInvite'],
  ['/Service/Marketplace/Products/View/[id]', 'staff', 'Service Marketplace Products'],
  ['/Service/Marketplace/Carrier/[id]', 'staff', 'Service Marketplace Carrier'],
  ['/Service/Marketplace/ShopType/Sort', 'staff', 'Service Marketplace ShopType Sort'],
  ['/Service/Marketplace/Manage/Packages/View/[id]', 'staff', 'Service Marketplace Manage Packages'],
  ['/Service/Marketplace/Request/Buy/View/[id]', 'staff', 'Service Marketplace Request Buy'],
];

describe('route registry', () => {
  it('pins the rule and permission name of every route', () => {
    const actual = ROUTES.map((r) => [r.pattern, r.rule, r.permission]);
    expect(actual).toEqual(PINNED);
  });

  it('has no duplicate patterns', () => {
    const patterns = ROUTES.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('follows the naming contract of ARCHITECTURE.md', () => {
    expect(permissionNameFor('company', '/')).toBe('Company Dashboard');
    expect(permissionNameFor('company', '/Users/Staff/View/7')).toBe('Company Users Staff');
    expect(permissionNameFor('service', '/Wallet/Balance/Admin', 'Delivery')).toBe('Service Delivery Wallet Balance Admin');
    expect(permissionNameFor('service', '/Setting/Bank/View/3/Config/card/History', 'Delivery')).toBe('Service Delivery Setting Bank');
    expect(permissionNameFor('service', '/Shop/Add', 'Marketplace')).toBe('Service Marketplace Shop');
  });

  it('matches concrete paths, static segments before dynamic ones', () => {
    expect(matchRoute('/Service/Delivery/Wallet/Admin')?.route.pattern).toBe('/Service/Delivery/Wallet/Admin');
    expect(matchRoute('/Service/Delivery/Wallet/abc')?.route.pattern).toBe('/Service/Delivery/Wallet/[ref]');
    expect(matchRoute('/Service/Delivery/Shop/View/42')?.params).toEqual({ id: '42' });
    expect(matchRoute('/Service/Delivery/Setting/Bank/View/9/Config/card/History')?.params).toEqual({ areaId: '9', provider: 'card' });
    expect(matchRoute('/Service/Delivery/Shop/')?.route.pattern).toBe('/Service/Delivery/Shop');
    expect(matchRoute('/')?.route.permission).toBe('Company Dashboard');
    expect(matchRoute('/Service/Delivery/Products')).toBeNull();
    expect(matchRoute('/Service/Marketplace/Products')?.route.permission).toBe('Service Marketplace Products');
    expect(matchRoute('/nothing/here')).toBeNull();
  });

  it('marks the admin-only service pages of the spec', () => {
    const admin = ROUTES.filter((r) => r.area === 'service' && r.service === 'Delivery' && r.rule === 'admin').map((r) => r.pattern);
    for (const p of ['Members', 'Members/View/[id]', 'Setting/System', 'Setting/Bank', 'Setting/LangInApps', 'Config/App', 'Config/Biker', 'Config/Shop']) {
      expect(admin).toContain(`/Service/Delivery/${p}`);
    }
    expect(admin).not.toContain('/Service/Delivery/Shop');
  });

  it('builds the Delivery side menu in the spec order, ending before Exit', () => {
    const labels = menuFor('Delivery').map((g) => g.key ?? g.routes[0]!.label);
    expect(labels).toEqual([
      'dashboard',
      'taskMonitoring',
      'shopManagement',
      'food',
      'orders',
      'ordersMessenger',
      'deliverySettings',
      'walletMonitoring',
      'walletBalance',
      'privileges',
      'pointSystems',
      'members',
      'biker',
      'review',
      'report',
      'support',
      'applicationSetting',
      'systemSettings',
      'import',
      'publicRelations',
    ]);
    const shop = menuFor('Delivery').find((g) => g.key === 'shopManagement')!;
    expect(shop.routes.map((r) => r.step)).toEqual([1, 2, 3, 4]);
    expect(menuFor('company').map((g) => g.key ?? g.routes[0]!.label)).toEqual([
      'companyDashboard',
      'users',
      'information',
      'applicationManager',
      'deviceSession',
    ]);
  });

  it('gives breadcrumbs from the registry', () => {
    const route = matchRoute('/Service/Delivery/Shop/View/1')!.route;
    expect(breadcrumbsFor(route)).toEqual([{ label: 'dashboard', href: '/Service/Delivery/Dashboard' }, { label: 'shopView' }]);
    expect(breadcrumbsFor(matchRoute('/Service/Delivery/Wallet/Balance/Shop')!.route)).toEqual([
      { label: 'dashboard', href: '/Service/Delivery/Dashboard' },
      { label: 'walletBalance', group: true },
      { label: 'walletBalanceShop' },
    ]);
  });

  it('sends a catalogue with every permission name once per service', () => {
    const catalogue = permissionCatalogue();
    expect(catalogue.map((c) => c.services).sort()).toEqual(['Admin', 'Delivery', 'Marketplace']);
    const delivery = catalogue.find((c) => c.services === 'Delivery')!;
    expect(delivery.names).toContain('Service Delivery Dashboard');
    expect(delivery.names).toContain('Service Delivery Setting Bank');
    expect(new Set(delivery.names).size).toBe(delivery.names.length);
    expect(delivery.names.some((n) => n.includes('View') || n.includes('Add'))).toBe(false);
  });

  it('derives the BFF allow-list from the registry', () => {
    expect(apiRuleFor('/api/admin/Delivery/Shop')).toEqual({ service: 'Delivery', permission: 'Service Delivery Shop' });
    expect(apiRuleFor('/api/admin/Delivery/Shop/12/restore')).toEqual({ service: 'Delivery', permission: 'Service Delivery Shop' });
    expect(apiRuleFor('/api/admin/Delivery/Wallet/Balance/Admin')?.permission).toBe('Service Delivery Wallet Balance Admin');
    expect(apiRuleFor('/api/admin/Users/Staff/3')).toEqual({ service: 'Admin', permission: 'Company Users Staff' });
    expect(apiRuleFor('/api/admin/Marketplace/Products/5')?.permission).toBe('Service Marketplace Products');
    expect(apiRuleFor('/api/admin/Delivery/Products')).toBeNull();
    expect(apiRuleFor('/api/admin/Secret')).toBeNull();
    expect(apiRuleFor('/api/other/Delivery/Shop')).toBeNull();
    expect(apiRuleFor('/api/admin/Notification/3')?.permission).toBe(true);
  });

  it('maps methods to flags', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map(flagForMethod)).toEqual(['read', 'create', 'write', 'write', 'delete', null]);
  });
});

describe('screens named by the registry', () => {
  it('each dedicated screen has a route file of its own, so its page ships only its own client code', async () => {
    const { existsSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const named = ROUTES.filter((r) => r.view && 'screen' in r.view && r.area === 'service');
    expect(named.length).toBeGreaterThan(5);
    // As Next.js resolves a path: each segment's own folder, else the dynamic folder beside it (`Report/[view]`).
    const routeFile = (segments: string[]) => {
      let dir = path.join(import.meta.dirname, '..', 'app', 'Service', '[service]');
      for (const segment of segments) {
        if (existsSync(path.join(dir, segment))) dir = path.join(dir, segment);
        else {
          const dynamic = existsSync(dir) ? readdirSync(dir).find((d) => /^\[[^.\]]+\]$/.test(d)) : undefined;
          if (!dynamic) return false;
          dir = path.join(dir, dynamic);
        }
      }
      return existsSync(path.join(dir, 'page.tsx'));
    };
    const missing = named.filter((r) => !routeFile(r.path.split('/').filter(Boolean)));
    expect(missing.map((r) => r.pattern)).toEqual([]);
  });
});

describe('page ids', () => {
  it('never match a route when they could walk the upstream path', () => {
    for (const id of ['..', '.', '%2e%2e', '%2E%2E', 'a%2Fb', 'a%5Cb', '%00', '%E0%A4%A']) {
      expect(matchRoute(`/Service/Delivery/Shop/View/${id}`), id).toBeNull();
    }
    expect(matchRoute('/Service/Delivery/Shop/View/42')?.params).toEqual({ id: '42' });
    expect(matchRoute('/Service/Delivery/Wallet/member-7')?.params).toEqual({ ref: 'member-7' });
  });
});
