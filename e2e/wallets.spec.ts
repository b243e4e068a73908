import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Wallet Monitoring and Wallet Balance: a pending withdrawal confirmed after a prompt that names owner and amount. */
const TRANSACTIONS = '/Service/Delivery/Wallet/Member';
const BALANCES = '/Service/Delivery/Wallet/Balance/Member';
const OWNER = 'Somchai Jaidee';

/** The owner's balance as the Member Balance list shows it, in satang. */
async function balanceOf(page: Page, owner: string): Promise<number> {
  await page.goto(`${BALANCES}?q=${encodeURIComponent(owner)}`);
  const row = page.locator('tbody tr').filter({ hasText: owner });
  await expect(row).toHaveCount(1);
  const text = (await row.locator('td').nth(2).innerText()).trim();
  const match = /^(-?)([\d,]+)\.(\d{2}) Baht$/.exec(text);
  expect(match, text).not.toBeNull();
  return (match![1] ? -1 : 1) * (Number(match![2]!.replace(/,/g, '')) * 100 + Number(match![3]));
}

test.describe.configure({ mode: 'serial' });

test.describe('wallets as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('confirms a pending withdrawal after a prompt naming owner and amount; the balance follows', async ({ page }) => {
    const before = await balanceOf(page, OWNER);

    await page.goto('/Service/Delivery/Dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Wallet Monitoring' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Member Wallet' }).click();
    await expect(page).toHaveURL(new RegExp(`${TRANSACTIONS}$`));
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await expect(page).toHaveURL(/status=Pending/);
    const row = page.locator('tbody tr').filter({ hasText: OWNER }).filter({ hasText: 'Withdrawal' });
    await expect(row).toContainText('-200.00 Baht');

    const confirm = row.getByRole('button', { name: `Confirm 200.00 Baht for ${OWNER}` });
    await hydrated(confirm);
    await confirm.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`${OWNER} withdraws 200.00 Baht.`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Confirmed: 200.00 Baht for ${OWNER}`)).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: OWNER }).filter({ hasText: 'Withdrawal' })).toHaveCount(0);

    expect(await balanceOf(page, OWNER)).toBe(before - 20_000);
  });

  test("a wallet's page checks its balance and lists the transactions behind it, each with who confirmed it", async ({ page }) => {
    await page.goto(`${BALANCES}?q=${encodeURIComponent(OWNER)}`);
    const href = await page.locator('tbody tr').first().getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { name: OWNER })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Equal to the sum of its successful transactions' })).toBeVisible();
    const withdrawal = page.locator('tbody tr').filter({ hasText: 'Withdrawal' }).first();
    await expect(withdrawal).toContainText('Success');
    const txHref = await withdrawal.getByRole('link').first().getAttribute('href');
    await page.goto(txHref!);
    await expect(page.getByText(/by Bangkok .+ at \d{2}-\d{2}-\d{4}/)).toBeVisible();
  });

  test("confirms a pending deposit from the list behind the wallet's balance", async ({ page }) => {
    const owner = 'Malee Srisuk';
    const before = await balanceOf(page, owner);
    const href = await page.locator('tbody tr').filter({ hasText: owner }).getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    const row = page.locator('tbody tr').filter({ hasText: 'Deposit' }).filter({ hasText: 'Pending' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('+500.00 Baht');

    const confirm = row.getByRole('button', { name: `Confirm 500.00 Baht for ${owner}` });
    await hydrated(confirm);
    await confirm.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`${owner} deposits 500.00 Baht.`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Confirmed: 500.00 Baht for ${owner}`)).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'Deposit' }).filter({ hasText: 'Pending' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Equal to the sum of its successful transactions' })).toBeVisible();

    expect(await balanceOf(page, owner)).toBe(before + 50_000);
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await page.goto(`${TRANSACTIONS}?status=Success&type=deposit`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('wallet-transactions-member.csv');
  });
});

test.describe('wallets as staff.cnx (dashboards only)', () => {
  test.use({ storageState: stateFile('cnx') });

  test('no wallet menus, and the BFF refuses the calls', async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Wallet Monitoring')).toHaveCount(0);
    expect((await page.request.get('/api/admin/Delivery/Wallet/Member')).status()).toBe(403);
    expect((await page.request.patch('/api/admin/Delivery/Wallet/Member/1/confirm', { data: {} })).status()).toBe(403);
  });
});
