import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/**
 * System Settings → SettingArea: payment providers per area, the methods each opens and what its secret verifies, the
 * write-only secret and the history of changes. The demo seed enables the three providers in the open areas; Phuket
 * (closed) has none saved, so it is the one configured here.
 */
const LIST = '/Service/Delivery/Setting/Bank';
const SECRET = 'sk_live_e2e-super-secret-7c1d';

test.describe.configure({ mode: 'serial' });

test.describe('payment bank settings as the admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('configures a provider: incomplete settings are named, the secret is saved but never shown again', async ({ page }) => {
    await page.goto(LIST);
    const phuket = page.getByRole('row').filter({ hasText: 'Phuket' });
    await expect(phuket.getByText('Not complete')).toHaveCount(3);
    await phuket.getByRole('link', { name: 'Settings: Phuket' }).click();
    await expect(page.getByRole('heading', { name: 'Phuket' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit settings: Card payment' }).click();
    await expect(page).toHaveURL(/\/Setting\/Bank\/View\/\d+\/Config\/card$/);

    const enabled = page.getByLabel('Enabled');
    await hydrated(enabled);
    await enabled.check();
    await page.getByLabel('Bank name', { exact: true }).fill('Kasikorn Bank');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#field-merchantId-error')).toHaveText('Please complete all settings.');
    await expect(page.getByLabel('Bank name', { exact: true })).toHaveValue('Kasikorn Bank');

    await page.getByLabel('Merchant ID').fill('M-E2E-1');
    await page.getByLabel('Secret key').fill(SECRET);
    await page.getByLabel('Short bank name').fill('KBANK');
    await page.getByLabel('Bank account number').fill('123-4-56789-0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await expect(page.getByLabel('Secret key')).toHaveValue('');
    await expect(page.getByText('A key ending in 7c1d is saved. Leave this empty to keep it.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Bank account number')).toHaveValue('1234567890');
    expect(await page.content()).not.toContain('super-secret');
  });

  test('a change without a new secret keeps it, and the history shows both changes', async ({ page }) => {
    await page.goto(LIST);
    await page.getByRole('link', { name: 'Settings: Phuket' }).click();
    await expect(page.getByText('Saved, ends in 7c1d')).toBeVisible();
    await page.getByRole('link', { name: 'Edit settings: Card payment' }).click();
    const bank = page.getByLabel('Bank name', { exact: true });
    await hydrated(bank);
    await bank.fill('KASIKORNBANK PCL');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await expect(page.getByText('A key ending in 7c1d is saved. Leave this empty to keep it.')).toBeVisible();

    await page.goto(page.url() + '/History');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Bank name: Kasikorn Bank → KASIKORNBANK PCL');
    await expect(rows.nth(1)).toContainText('Secret key: changed');
    await expect(rows.nth(1)).toContainText('Enabled: No → Yes');
    expect(await page.content()).not.toContain('super-secret');
    await page.goto(LIST);
    await expect(page.getByRole('row').filter({ hasText: 'Phuket' }).getByText('On')).toBeVisible();
  });

  test('each provider says which payment methods it opens in the area and what its secret key verifies', async ({ page }) => {
    await page.goto(LIST);
    const bangkok = page.getByRole('row').filter({ hasText: 'Bangkok' });
    // Seeded: the three providers on, so every payment method is offered in Bangkok.
    await expect(bangkok.getByText('On', { exact: true })).toHaveCount(3);
    await bangkok.getByRole('link', { name: 'Settings: Bangkok' }).click();
    for (const [provider, methods] of [
      ['Card payment', 'Credit card'],
      ['QR-code payment', 'PromptPay'],
      ['Easy bank payment', 'PayPal'],
    ] as const) {
      const card = page.getByRole('heading', { name: provider, exact: true }).locator('xpath=ancestor::section[1]');
      await expect(card.getByRole('definition').first()).toHaveText(methods);
    }
    await page.getByRole('link', { name: 'Edit settings: QR-code payment' }).click();
    await expect(page.getByText('Members in Bangkok can choose PromptPay only while this provider is enabled here.')).toBeVisible();
    await expect(page.getByText(/Its secret key verifies the provider's payment callbacks for the orders of Bangkok/)).toBeVisible();
  });
});

test.describe('payment bank settings as area staff', () => {
  test.use({ storageState: stateFile('bkk') });

  test('staff cannot open them, and the BFF refuses the calls', async ({ page }) => {
    await page.goto(LIST);
    await expect(page).not.toHaveURL(new RegExp(`${LIST}$`));
    expect((await page.request.get('/api/admin/Delivery/Setting/Bank')).status()).toBe(403);
  });
});
