import { expect, test, type Page } from './support/test';
import { byTestId, hydrated, msg, openPopup } from './shell/helpers';
import { freshSignedInContext, loginWith, pathOnly } from './support/sign-in';
import { USERS, stateFile } from './support/users';

/** The navbar's own features: starred pages, the notifications bell and the user menu. */

const t = (key: string, args?: Record<string, string | number>) => msg('en', key, args);
const LIMIT = 10;

/** Eleven pages staff.bkk may read, with their label keys. */
const PAGES: [string, string][] = [
  ['/Service/Delivery/Dashboard', 'dashboard'],
  ['/Service/Delivery/Monitor/Biker', 'taskMonitoring'],
  ['/Service/Delivery/ShopPackage', 'shopPackage'],
  ['/Service/Delivery/TypeShop', 'typeShop'],
  ['/Service/Delivery/Shop', 'shop'],
  ['/Service/Delivery/TimeShop', 'timeShop'],
  ['/Service/Delivery/Food', 'food'],
  ['/Service/Delivery/Orders', 'orders'],
  ['/Service/Delivery/OrdersMessenger', 'ordersMessenger'],
  ['/Service/Delivery/Messenger', 'messengerFee'],
  ['/Service/Delivery/ShippingRate', 'shippingRate'],
];

async function starredKeys(page: Page): Promise<Record<string, { path: string }[]>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('starred:'))
        .map((key) => [key, JSON.parse(window.localStorage.getItem(key) ?? '[]') as { path: string }[]]),
    ),
  );
}

test.describe('as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('star 11 pages: the first 10 are kept, the 11th is refused with a message, the starred menu lists the 10', async ({ page }) => {
    for (const [index, [path]] of PAGES.entries()) {
      await page.goto(path);
      const star = byTestId(page, 'star-toggle');
      await hydrated(star);
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await expect(star).toHaveAccessibleName(t('shell.starred.star'));
      await star.click();
      if (index < LIMIT) {
        await expect(star).toHaveAttribute('aria-pressed', 'true');
        await expect(star).toHaveAccessibleName(t('shell.starred.unstar'));
      } else {
        await expect(page.getByRole('status').getByText(t('shell.starred.full', { limit: LIMIT }))).toBeVisible();
        await expect(star).toHaveAttribute('aria-pressed', 'false');
      }
    }

    const stored = Object.entries(await starredKeys(page));
    expect(stored).toHaveLength(1);
    const [key, list] = stored[0]!;
    expect(key).toMatch(/^starred:\d+$/);
    expect(list.map((p) => p.path)).toEqual(PAGES.slice(0, LIMIT).map(([path]) => path));

    await page.reload();
    const menu = page.getByRole('menu');
    await openPopup(byTestId(page, 'starred-menu'), menu);
    await expect(menu.getByText(t('shell.starred.title', { count: LIMIT, limit: LIMIT }))).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(PAGES.slice(0, LIMIT).map(([, label]) => t(`nav.${label}`)));
    await menu.getByRole('menuitem', { name: t('nav.typeShop'), exact: true }).click();
    await expect(page).toHaveURL(pathOnly('/Service/Delivery/TypeShop'));
    await expect(byTestId(page, 'star-toggle')).toHaveAttribute('aria-pressed', 'true');
  });

  test('notifications bell: marking one read drops the unread count, marking it unread raises it again', async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    const bell = byTestId(page, 'notifications-bell');
    const label = (await bell.getAttribute('aria-label')) ?? '';
    const unread = Number(/\((\d+)/.exec(label)?.[1]);
    expect(unread, label).toBeGreaterThan(0);
    expect(label).toBe(t('shell.notifications.button', { count: unread }));

    const dialog = page.getByRole('dialog', { name: t('shell.notifications.title'), exact: true });
    await openPopup(bell, dialog);
    const markRead = dialog.getByRole('button', { name: new RegExp(`^${t('shell.notifications.markRead')}: `) });
    await expect(markRead).toHaveCount(unread);
    const title = ((await markRead.first().getAttribute('aria-label')) ?? '').split(': ').slice(1).join(': ');
    await markRead.first().click();
    await expect(bell).toHaveAttribute('aria-label', t('shell.notifications.button', { count: unread - 1 }));
    await expect(markRead).toHaveCount(unread - 1);
    const markUnread = dialog.getByRole('button', { name: `${t('shell.notifications.markUnread')}: ${title}`, exact: true });
    await expect(markUnread).toBeVisible();

    await markUnread.click();
    await expect(bell).toHaveAttribute('aria-label', t('shell.notifications.button', { count: unread }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('user menu: name, role and Profile shown; Logout lands on /auth/login and the session is over', async ({ browser }) => {
  const { context, page } = await freshSignedInContext(browser, 'bkk');
  const trigger = byTestId(page, 'user-menu');
  const menu = page.getByRole('menu');
  await openPopup(trigger, menu);
  await expect(menu.getByText(t('shell.user.roles.staff'), { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: t('shell.user.profile'), exact: true })).toHaveAttribute('href', '/Service/Delivery/Profile');
  await menu.getByRole('menuitem', { name: t('shell.user.logout'), exact: true }).click();
  await expect(page).toHaveURL(pathOnly('/auth/login'));

  await page.goto(USERS.bkk.home);
  await expect(page).toHaveURL(loginWith(USERS.bkk.home));
  await context.close();
});
