import { expect, test, type Locator } from './support/test';
import { hydrated, msg, sideMenu, tabTo, topLevelEntries } from './shell/helpers';
import { pathOnly } from './support/sign-in';
import { stateFile } from './support/users';

/** The side menus each demo user gets (spec section 2, the Delivery menu) and the drawer below 992 px. */

const DASHBOARD = '/Service/Delivery/Dashboard';
const t = (key: string) => msg('en', key);

/** The spec's Delivery side menu, top level, in order. */
const DELIVERY_MENU = [
  'nav.dashboard',
  'nav.taskMonitoring',
  'navGroup.shopManagement',
  'nav.food',
  'nav.orders',
  'nav.ordersMessenger',
  'navGroup.deliverySettings',
  'navGroup.walletMonitoring',
  'navGroup.walletBalance',
  'navGroup.privileges',
  'navGroup.pointSystems',
  'nav.members',
  'navGroup.biker',
  'nav.review',
  'navGroup.report',
  'navGroup.support',
  'navGroup.applicationSetting',
  'navGroup.systemSettings',
  'navGroup.import',
  'nav.publicRelations',
  'nav.exit',
];
/** Entries only an admin (or a user who may open the company area) is shown. */
const ADMIN_ONLY = ['nav.members', 'navGroup.systemSettings', 'nav.exit'];

/** Opens a collapsed group and returns the names of its links. */
async function expandGroup(menu: Locator, groupKey: string): Promise<string[]> {
  const button = menu.getByRole('button', { name: t(groupKey), exact: true });
  await hydrated(button);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panel = menu.locator(`#${await button.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  return (await panel.getByRole('link').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

test.describe('staff.cnx (only the dashboard readable)', () => {
  test.use({ storageState: stateFile('cnx') });

  test('the menu shows only its dashboard', async ({ page }) => {
    await page.goto(DASHBOARD);
    const menu = sideMenu(page);
    await expect(menu).toBeVisible();
    expect(await topLevelEntries(menu)).toEqual([t('nav.dashboard')]);
    await expect(menu.getByRole('button')).toHaveCount(0);
    const links = menu.getByRole('link');
    await expect(links).toHaveCount(2);
    // The brand, named after the company (System settings; other specs rename it, settings.spec checks the name).
    await expect(links.nth(0)).toHaveAttribute('data-testid', 'shell-brand');
    await expect(links.nth(0)).toHaveAccessibleName(/\S/);
    await expect(links.nth(1)).toHaveAccessibleName(t('nav.dashboard'));
  });
});

test.describe('staff.bkk (Delivery, every menu readable)', () => {
  test.use({ storageState: stateFile('bkk') });

  test('sees the Delivery menu groups and Shop Management steps, without the admin-only entries', async ({ page }) => {
    await page.goto(DASHBOARD);
    const menu = sideMenu(page);
    await expect(menu).toBeVisible();
    expect(await topLevelEntries(menu)).toEqual(DELIVERY_MENU.filter((key) => !ADMIN_ONLY.includes(key)).map(t));
    await expect(menu.getByRole('link', { name: t('nav.dashboard'), exact: true })).toHaveAttribute('aria-current', 'page');

    expect(await expandGroup(menu, 'navGroup.shopManagement')).toEqual(
      ['shopPackage', 'typeShop', 'shop', 'timeShop'].map((key, i) => `${t(`nav.${key}`)} Step ${i + 1}`),
    );
    await expect(menu.getByRole('link', { name: 'Shop Step 3', exact: true })).toHaveAttribute('href', '/Service/Delivery/Shop');
    expect(await expandGroup(menu, 'navGroup.applicationSetting')).toEqual([t('nav.slide')]);
    expect(await expandGroup(menu, 'navGroup.walletBalance')).toEqual(
      ['walletBalanceAdmin', 'walletBalanceMember', 'walletBalanceShop', 'walletBalanceBiker'].map((key) => t(`nav.${key}`)),
    );
    await expect(menu.getByRole('link', { name: t('nav.members'), exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: t('nav.configApp'), exact: true })).toHaveCount(0);
  });
});

test.describe('admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('sees the whole Delivery menu, System Settings, App Config, Members and Exit', async ({ page }) => {
    await page.goto(DASHBOARD);
    const menu = sideMenu(page);
    await expect(menu).toBeVisible();
    expect(await topLevelEntries(menu)).toEqual(DELIVERY_MENU.map(t));
    expect(await expandGroup(menu, 'navGroup.systemSettings')).toEqual(['settingSystem', 'settingBank', 'settingLangInApps'].map((key) => t(`nav.${key}`)));
    expect(await expandGroup(menu, 'navGroup.applicationSetting')).toEqual([t('nav.configApp'), t('nav.slide')]);
    await expect(menu.getByRole('link', { name: t('nav.members'), exact: true })).toHaveAttribute('href', '/Service/Delivery/Members');
    await expect(menu.getByRole('link', { name: t('nav.exit'), exact: true })).toHaveAttribute('href', '/');
  });
});

test.describe('the drawer at 800 px wide', () => {
  test.use({ storageState: stateFile('bkk'), viewport: { width: 800, height: 900 } });

  test('opens with the keyboard, follows a link, closes with Escape', async ({ page }) => {
    await page.goto(DASHBOARD);
    await expect(page.locator('.shell-aside')).toBeHidden();
    const toggle = page.getByRole('button', { name: t('shell.menu.open'), exact: true });
    await hydrated(toggle);
    const drawer = page.getByRole('dialog', { name: t('shell.menu.label'), exact: true });

    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible({ timeout: 20_000 });
    const link = drawer.getByRole('link', { name: t('nav.taskMonitoring'), exact: true });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(pathOnly('/Service/Delivery/Monitor/Biker'));
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nav.taskMonitoring'));

    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: t('nav.taskMonitoring'), exact: true })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
