import { expect, test, type Page } from './support/test';
import { stateFile } from './support/users';

const D = '/Service/Delivery';

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** A row's phone: unique per application, so the biker it becomes is found by it. */
const phoneOf = async (page: Page, index: number) => (await page.locator('tbody tr').nth(index).locator('td').nth(1).innerText()).trim();

test.describe.configure({ mode: 'serial' });

test.describe('Biker registrations as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('shows the waiting applications with their documents, approves one after a confirmation, and the biker is on Task Monitoring and the bikers list', async ({
    page,
  }) => {
    await page.goto(`${D}/Regis/Biker`);
    const rows = page.locator('tbody tr');
    const before = await rows.count();
    expect(before).toBeGreaterThan(1);
    // The documents open in a new tab; a picture is a thumbnail named by its kind.
    const idCard = rows.first().getByRole('link', { name: 'ID card' });
    await expect(idCard).toHaveAttribute('target', '_blank');
    await expect(idCard).toHaveAttribute('href', /^https:\/\/example\.com\/docs\//);
    await expect(idCard.locator('img')).toHaveAttribute('alt', 'ID card');

    const approvedPhone = await phoneOf(page, 0);
    await rows
      .first()
      .getByRole('button', { name: /^Approve:/ })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('becomes an active biker');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(before);
    await rows
      .first()
      .getByRole('button', { name: /^Approve:/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(page, 'Approved: the biker is now active');
    await expect(rows).toHaveCount(before - 1);
    await expect(page.getByRole('row').filter({ hasText: approvedPhone })).toHaveCount(0);

    // The approved one is under the state filter, kept in the URL.
    await page.goto(`${D}/Regis/Biker?state=approved`);
    await expect(page.getByRole('row').filter({ hasText: approvedPhone })).toContainText('Approved');

    // The new biker is on Task Monitoring, offline, and on the bikers list, active.
    await page.goto(`${D}/Monitor/Biker?q=${approvedPhone}`);
    const onMonitor = page.getByRole('row').filter({ hasText: approvedPhone });
    await expect(onMonitor).toBeVisible();
    await expect(onMonitor).toContainText('Offline');
    await page.goto(`${D}/Member/Biker?q=${approvedPhone}`);
    await expect(page.getByRole('row').filter({ hasText: approvedPhone })).toContainText('Active');
  });

  test('rejects another with a reason', async ({ page }) => {
    await page.goto(`${D}/Regis/Biker`);
    const rows = page.locator('tbody tr');
    const before = await rows.count();
    const phone = await phoneOf(page, 0);
    await rows
      .first()
      .getByRole('button', { name: /^Reject:/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Driving licence photo unreadable');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(page, 'Registration rejected');
    await expect(rows).toHaveCount(before - 1);
    await page.goto(`${D}/Regis/Biker?state=rejected`);
    await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('Rejected');
  });
});
