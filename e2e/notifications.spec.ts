import { expect, request, test } from './support/test';
import { API_URL } from '../playwright.config';
import { byTestId, hydrated, msg } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { pathOnly } from './support/sign-in';
import { USERS, stateFile } from './support/users';

const PAGE = '/Service/Marketplace/Notification';
const t = (key: string, args: Record<string, string | number> = {}) => msg('en', key, args);

/** staff.market's notifications as they were seeded: the test leaves the unread ones unread again. */
async function restoreUnread(ids: string[]) {
  const login = await apiLogin(USERS.market.username, USERS.market.password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    for (const id of ids) expect((await api.patch(`/api/admin/Notification/${id}`, { data: { read: false } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test.describe('Notifications page', () => {
  test.use({ storageState: stateFile('market') });

  test('the bell leads to the full list; filters live in the URL; one read, then all read, and the bell follows', async ({ page }) => {
    await page.goto('/Service/Marketplace/Dashboard');
    const bell = byTestId(page, 'notifications-bell');
    await hydrated(bell);
    await bell.click();
    await page.getByRole('link', { name: t('shell.notifications.viewAll') }).click();
    await expect(page).toHaveURL(pathOnly(PAGE));
    await expect(page.getByRole('heading', { level: 1, name: t('nav.notification') })).toBeVisible();

    const list = page.getByRole('list', { name: t('shell.notifications.title') });
    const unreadItems = list.locator('li[data-read="false"]');
    const unread = await unreadItems.count();
    expect(unread).toBeGreaterThan(0);
    const ids = await unreadItems.evaluateAll((items) => items.map((li) => li.getAttribute('data-notification-id') ?? ''));
    try {
      await expect(page.getByText(`${unread} unread`, { exact: true })).toBeVisible();

      const state = page.getByLabel(t('shell.notifications.page.state'), { exact: true });
      await hydrated(state);
      await state.selectOption('unread');
      await expect(page).toHaveURL(/[?&]state=unread(&|$)/);
      await expect(list.locator('li')).toHaveCount(unread);
      await page.reload();
      await expect(page.getByLabel(t('shell.notifications.page.state'), { exact: true })).toHaveValue('unread');

      const first = list.locator('li').first();
      const markRead = first.getByRole('button', { name: new RegExp(`^${t('shell.notifications.markRead')}: `) });
      await hydrated(markRead);
      await markRead.click();
      await expect(list.locator('li')).toHaveCount(unread - 1);
      await expect(bell).toHaveAttribute('aria-label', t('shell.notifications.button', { count: unread - 1 }));

      await page.getByRole('button', { name: t('shell.notifications.markAllRead'), exact: true }).click();
      await expect(page.getByText(t('shell.notifications.page.allRead')).first()).toBeVisible();
      await expect(page.getByText(t('shell.notifications.page.noneMatch'))).toBeVisible();
      await expect(page.getByText('Nothing unread.', { exact: true })).toBeVisible();
      await expect(bell).toHaveAttribute('aria-label', t('shell.notifications.button', { count: 0 }));
      await expect(page.getByRole('button', { name: t('shell.notifications.markAllRead'), exact: true })).toBeDisabled();

      await state.selectOption('read');
      await expect(page).toHaveURL(/[?&]state=read(&|$)/);
      await expect(list.locator(`li[data-notification-id="${ids[0]}"]`)).toBeVisible();
      await expect(list.locator('li[data-read="false"]')).toHaveCount(0);
    } finally {
      await restoreUnread(ids);
    }
  });
});
