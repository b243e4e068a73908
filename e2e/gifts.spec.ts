import { expect, request, test, type Page } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { bangkokMemberAndShop } from './support/orders';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';

/** Gift Reward as staff.bkk: a gift made on the screen, redeemed by a member in the app, delivered from its redemptions tab. */
const LIST = '/Service/Delivery/GiftReward';
const title = `E2E poncho ${Date.now().toString(36).slice(-5)}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** A member redeems the gift in the member app (the app channel, straight on the Platform API). */
async function memberRedeems(giftId: string, memberId: string): Promise<void> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    const res = await api.post(`/api/app/Delivery/Gift/${giftId}/redeem`, {
      data: { memberId, idempotencyKey: `e2e-${title}` },
      headers: { [APP_KEY_HEADER]: E2E.appApiKey },
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

test.describe('Gift Reward as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('adds a reward with stock 3; a member redeems it; staff mark it delivered; 2 are left', async ({ page }) => {
    await page.goto(`${LIST}?new=1`);
    await hydrated(page.getByLabel('Title', { exact: true }));
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Points', { exact: true }).fill('1');
    await page.getByLabel('In stock', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');

    await page.goto(`${LIST}?q=${encodeURIComponent(title)}`);
    const link = page.getByRole('link', { name: new RegExp(title) }).first();
    const href = await link.getAttribute('href');
    const giftId = /[?&]edit=(\d+)/.exec(href ?? '')?.[1];
    expect(giftId, String(href)).toBeTruthy();
    const row = page.locator('tbody tr', { hasText: title });
    await expect(row.locator('td').nth(3)).toHaveText('3');

    const { memberId } = await bangkokMemberAndShop();
    await memberRedeems(giftId!, memberId);

    // The redemptions tab keeps its state and search in the URL.
    await page.getByRole('link', { name: 'Redemptions', exact: true }).click();
    await expect(page).toHaveURL(/\?tab=redemptions$/);
    await expect(page.getByRole('link', { name: 'Redemptions', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto(`${LIST}?tab=redemptions&q=${encodeURIComponent(title)}`);
    const redemption = page.locator('tbody tr', { hasText: title });
    await expect(redemption).toHaveCount(1);
    await expect(redemption).toContainText('Redeemed');
    const deliver = redemption.getByRole('button', { name: /^Mark the redemption of / });
    await hydrated(deliver);
    await deliver.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Mark this redemption delivered?');
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await toast(page, new RegExp(`${title} was marked delivered`));
    await expect(redemption).toContainText('Delivered');
    await expect(redemption.getByRole('button')).toHaveCount(0);
    await expect(page).toHaveURL(/tab=redemptions/);

    await page.getByRole('link', { name: 'Gift rewards', exact: true }).click();
    await page.goto(`${LIST}?q=${encodeURIComponent(title)}`);
    await expect(page.locator('tbody tr', { hasText: title }).locator('td').nth(3)).toHaveText('2');
  });
});
