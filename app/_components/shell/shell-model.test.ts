import { describe, expect, it } from 'vitest';
import { permissionCatalogue, type PermissionService } from '@/lib/routes';
import type { PermissionList } from '@/lib/permissions';
import { currentHref } from './current-link';
import { countsOf } from './dashboard-counts';
import { areaHome, notificationsHref, pathFromSegments, profileHref } from './shell-paths';
import { sideMenuFor, type SideMenuModel } from './side-menu-model';

/** A permission list with the read flag on for every catalogue name of the services given. */
function readable(services: PermissionService[], only?: (name: string) => boolean): PermissionList {
  return permissionCatalogue()
    .filter((c) => services.includes(c.services))
    .map((c) => ({
      services: c.services,
      data: c.names.map((name) => {
        const read = only ? only(name) : true;
        return { name, read, write: read, create: read, delete: false };
      }),
    }));
}

/** The menu as labels: top-level entries by label, groups as `group: [labels]`. */
const outline = (model: SideMenuModel) => [
  ...model.sections.map((s) => (s.group ? `${s.group}: ${s.links.map((l) => l.label).join(', ')}` : s.links[0]!.label)),
  ...(model.exit ? [`exit ${model.exit.href}`] : []),
];

const DELIVERY_MENU = [
  'dashboard',
  'taskMonitoring',
  'shopManagement: shopPackage, typeShop, shop, timeShop',
  'food',
  'orders',
  'ordersMessenger',
  'deliverySettings: messengerFee, shippingRate',
  'walletMonitoring: walletAdmin, walletMember, walletShop, walletBiker',
  'walletBalance: walletBalanceAdmin, walletBalanceMember, walletBalanceShop, walletBalanceBiker',
  'privileges: promotion, voucher, popular',
  'pointSystems: rewardPointHistory, giftVoucher, giftReward',
  'members',
  'biker: packageBiker, memberBiker, reviewBiker',
  'review',
  'report: report, reportAdmin, reportShop, reportBiker, reportTopShop',
  'support: supportFromPortal, supportFromShop',
  'applicationSetting: configApp, slide',
  'systemSettings: settingSystem, settingBank, settingLangInApps',
  'import: importShop, importBiker',
  'publicRelations',
  'exit /',
];

describe('side menus from the registry', () => {
  it('gives an admin the spec Delivery menu exactly, ending with Exit', () => {
    const model = sideMenuFor('Delivery', readable(['Admin', 'Delivery']), 'admin');
    expect(outline(model)).toEqual(DELIVERY_MENU);
    const steps = model.sections.find((s) => s.group === 'shopManagement')!.links.map((l) => [l.href, l.step]);
    expect(steps).toEqual([
      ['/Service/Delivery/ShopPackage', 1],
      ['/Service/Delivery/TypeShop', 2],
      ['/Service/Delivery/Shop', 3],
      ['/Service/Delivery/TimeShop', 4],
    ]);
  });

  it('hides admin-only entries, empty groups and Exit from staff who may read everything else', () => {
    const model = sideMenuFor('Delivery', readable(['Admin', 'Delivery']), 'staff');
    const expected = DELIVERY_MENU.filter((e) => !['members', 'exit /'].includes(e) && !e.startsWith('systemSettings')).map((e) =>
      e.startsWith('applicationSetting') ? 'applicationSetting: slide' : e,
    );
    expect(outline(model)).toEqual(expected);
  });

  it('shows only the dashboard to a user with the default set-up', () => {
    const list = readable(['Admin', 'Delivery'], (name) => name === 'Service Delivery Dashboard');
    expect(outline(sideMenuFor('Delivery', list, 'staff'))).toEqual(['dashboard']);
    expect(outline(sideMenuFor('Delivery', null, 'staff'))).toEqual([]);
  });

  it('lists a flag that is off as hidden even for an admin', () => {
    const list = readable(['Admin', 'Delivery'], (name) => name !== 'Service Delivery Orders');
    expect(outline(sideMenuFor('Delivery', list, 'admin'))).not.toContain('orders');
  });

  it('gives the company menu of the spec', () => {
    expect(outline(sideMenuFor('company', readable(['Admin']), 'admin'))).toEqual([
      'companyDashboard',
      'users: usersAdmin, usersStaff',
      'information',
      'applicationManager',
      'deviceSession',
    ]);
  });

  it('adds the Marketplace pages to the Marketplace menu, under its own paths', () => {
    const model = sideMenuFor('Marketplace', readable(['Marketplace']), 'staff');
    const marketplace = model.sections.find((s) => s.group === 'marketplace');
    expect(marketplace?.links.map((l) => l.label)).toContain('products');
    expect(model.sections.flatMap((s) => s.links).every((l) => l.href.startsWith('/Service/Marketplace/'))).toBe(true);
    expect(model.exit).toBeNull();
  });
});

describe('current page', () => {
  const model = sideMenuFor('Delivery', readable(['Admin', 'Delivery']), 'admin');

  it('marks the exact link, else the closest parent link', () => {
    expect(currentHref(model.sections, '/Service/Delivery/Wallet/Balance/Admin')).toBe('/Service/Delivery/Wallet/Balance/Admin');
    expect(currentHref(model.sections, '/Service/Delivery/Shop/View/12')).toBe('/Service/Delivery/Shop');
    expect(currentHref(model.sections, '/Service/Delivery/Report/Shop/')).toBe('/Service/Delivery/Report/Shop');
    expect(currentHref(model.sections, '/Service/Delivery/Chat')).toBeNull();
  });
});

describe('paths and counts', () => {
  it('rebuilds catch-all paths with each segment encoded', () => {
    expect(pathFromSegments('', ['Users', 'Admin', 'View', '7'])).toBe('/Users/Admin/View/7');
    expect(pathFromSegments('/Service/Delivery', ['Wallet', 'a b/c'])).toBe('/Service/Delivery/Wallet/a%20b%2Fc');
  });

  it('gives each area its home, profile and notifications pages', () => {
    expect([areaHome('company'), profileHref('company'), notificationsHref('company')]).toEqual(['/', '/Profile', null]);
    expect([areaHome('Marketplace'), profileHref('Delivery'), notificationsHref('Delivery')]).toEqual([
      '/Service/Marketplace/Dashboard',
      '/Service/Delivery/Profile',
      '/Service/Delivery/Notification',
    ]);
  });

  it('keeps the numeric counts of a dashboard answer in order', () => {
    expect(countsOf({ apps: 2, name: 'x', orders: { today: 3, label: 'y' }, areas: 0, list: [1] })).toEqual([
      { key: 'apps', value: 2 },
      { key: 'ordersToday', value: 3 },
      { key: 'areas', value: 0 },
    ]);
  });
});
