import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';
import { depositTo, memberWallet, rejectAsAdmin, requestWithdrawal } from './support/wallets';

/** Wallet Monitoring's operator actions: reject a pending withdrawal, post a bonus; only with Wallet Adjust. */
const OWNER = 'Malee Srisuk';
const walletPage = (id: string) => `/Service/Delivery/Wallet/Balance/${id}`;

/** The Balance and Pending cards of a wallet's page, as shown. */
async function cards(page: Page): Promise<{ balance: string; pending: string }> {
  const card = (title: string) =>
    page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .locator('p.text-2xl');
  return { balance: (await card('Balance').innerText()).trim(), pending: (await card('Pending').innerText()).trim() };
}

test.describe.configure({ mode: 'serial' });

test.describe('wallet operator actions as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('rejects a pending withdrawal after a prompt naming the amount, and sees the balance restored', async ({ page }) => {
    const wallet = await memberWallet(OWNER);
    await depositTo(wallet.id, 50_000, 'e2e-wallet-actions-float');
    await page.goto(walletPage(wallet.id));
    const before = await cards(page);

    const pendingId = await requestWithdrawal(wallet.ownerId, 12_000, 'e2e-wallet-actions-withdraw');
    await page.reload();
    expect((await cards(page)).pending).not.toBe(before.pending);
    await page.goto('/Service/Delivery/Wallet/Member?status=Pending&type=withdraw');
    const row = page.locator('tbody tr').filter({ hasText: OWNER }).filter({ hasText: 'Withdrawal' });
    await expect(row).toContainText('-120.00 Baht');
    expect(await row.getByRole('link').first().getAttribute('href')).toContain(`/Wallet/${pendingId}`);

    await page.goto(`/Service/Delivery/Wallet/${pendingId}`);
    const reject = page.getByRole('button', { name: `Reject 120.00 Baht for ${OWNER}` });
    await hydrated(reject);
    await reject.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${OWNER} asked to withdraw 120.00 Baht.`);
    // Without a reason nothing is sent; the reason then goes with Enter (the keyboard alone).
    await dialog.getByRole('button', { name: 'Reject 120.00 Baht' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Bank account name does not match');
    await dialog.getByLabel('Reason').press('Enter');
    await expect(page.getByText(`Rejected: 120.00 Baht for ${OWNER}`)).toBeVisible();
    // The withdrawal's page says who rejected it, not who confirmed it.
    await expect(page.getByText('Rejected', { exact: true })).toBeVisible();

    await page.goto(walletPage(wallet.id));
    expect(await cards(page)).toEqual(before);
    const cancel = page.locator('tbody tr').filter({ hasText: 'Bank account name does not match' });
    await expect(cancel).toContainText('Cancelled');
    await expect(cancel).toContainText('+120.00 Baht');
  });

  test('posts a bonus with a reason, after a confirmation naming the amount, and sees it in the history', async ({ page }) => {
    const wallet = await memberWallet(OWNER);
    await page.goto(walletPage(wallet.id));
    const post = page.getByRole('button', { name: 'Post to wallet' });
    await hydrated(post);
    await post.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption({ label: "Bonus: from the platform's wallet" });
    await dialog.getByLabel('Reason').fill('Songkran thank-you');
    await dialog.getByLabel('Amount').fill('-5');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Refused beside the field, and nothing typed is lost.
    await expect(dialog.getByText('Enter an amount greater than 0, with up to 2 decimals')).toBeVisible();
    await expect(dialog.getByLabel('Reason')).toHaveValue('Songkran thank-you');
    await dialog.getByLabel('Amount').fill('25.50');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toContainText(`Give ${OWNER} a bonus of 25.50 Baht from the platform's wallet.`);
    await expect(dialog).toContainText('Reason: Songkran thank-you');
    await dialog.getByRole('button', { name: 'Post 25.50 Baht' }).click();
    const balance = wallet.balance + 2_550;
    const shown = `${Math.floor(balance / 100).toLocaleString('en-US')}.${String(balance % 100).padStart(2, '0')} Baht`;
    await expect(page.getByText(`Posted 25.50 Baht for ${OWNER}. Balance now ${shown}`)).toBeVisible();
    // The page is read again after the posting: the Balance card follows.
    await expect(
      page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Balance', exact: true }) })
        .locator('p.text-2xl'),
    ).toHaveText(shown);
    const bonus = page.locator('tbody tr').filter({ hasText: 'Songkran thank-you' });
    await expect(bonus).toContainText('Bonus');
    await expect(bonus).toContainText('+25.50 Baht');
  });
});

test.describe('wallet operator actions as staff.bkk (no Wallet Adjust)', () => {
  test.use({ storageState: stateFile('bkk') });

  test('sees no Reject and no Post to wallet, and the BFF refuses the calls', async ({ page }) => {
    const wallet = await memberWallet(OWNER);
    await depositTo(wallet.id, 1_000, 'e2e-wallet-actions-staff');
    const pendingId = await requestWithdrawal(wallet.ownerId, 500, 'e2e-wallet-actions-staff');
    try {
      await page.goto(`/Service/Delivery/Wallet/${pendingId}`);
      const confirm = page.getByRole('button', { name: `Confirm 5.00 Baht for ${OWNER}` });
      await hydrated(confirm);
      await expect(page.getByRole('button', { name: /^Reject/ })).toHaveCount(0);
      await page.goto(walletPage(wallet.id));
      await expect(page.getByRole('heading', { name: OWNER })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Post to wallet' })).toHaveCount(0);
      const refused = await page.request.post(`/api/admin/Delivery/Wallet/Adjust/transaction/${pendingId}/reject`, { data: { reason: 'Not mine' } });
      expect(refused.status()).toBe(403);
      const posted = await page.request.post(`/api/admin/Delivery/Wallet/Adjust/wallet/${wallet.id}`, {
        data: { kind: 'bonus', amount: 100, reason: 'Not mine', idempotencyKey: 'e2e-staff-refused' },
      });
      expect(posted.status()).toBe(403);
    } finally {
      await rejectAsAdmin(pendingId);
    }
  });
});
