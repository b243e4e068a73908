import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { signIn } from './support/sign-in';
import { stateFile, USERS } from './support/users';

/** Device Sessions (company area): who is signed in where, and signing a browser out from afar. */
test.use({ storageState: stateFile('admin') });

test('admin signs staff.bkk out on one browser; that browser lands on the login page on its next page', async ({ page, browser }) => {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
  });
  const bkk = await context.newPage();
  try {
    await signIn(bkk, 'bkk');

    await page.goto('/DeviceSession?q=staff.bkk&live=true');
    await expect(page.getByRole('heading', { name: 'Device Session', level: 1 })).toBeVisible();
    const row = page.locator('tbody tr').filter({ hasText: 'Safari on iOS' }).first();
    await expect(row).toContainText('Phone');
    await expect(row).toContainText('Signed in');
    const signOut = row.getByRole('button', { name: 'Sign out staff.bkk on Safari on iOS' });
    await hydrated(signOut);
    await signOut.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Bangkok Staff (staff.bkk) on Safari on iOS');
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('staff.bkk was signed out on that device')).toBeVisible();

    await bkk.goto(USERS.bkk.home);
    await expect(bkk).toHaveURL(/\/auth\/login/);

    // The log shows the sign-out with who did it.
    await page.goto('/Log?q=DeviceSession&method=DELETE');
    await expect(page.locator('tbody tr').first()).toContainText('admin');
    await expect(page.locator('tbody tr').first()).toContainText('/api/admin/DeviceSession/');
  } finally {
    await context.close();
  }
});

test("marks the admin's own session as this device", async ({ page }) => {
  await page.goto('/DeviceSession?q=admin');
  await expect(page.locator('tbody tr').filter({ hasText: 'This device' })).toHaveCount(1);
});

test.describe('as staff', () => {
  test.use({ storageState: stateFile('bkk') });
  test('staff.bkk cannot open Device Sessions', async ({ page }) => {
    await page.goto('/DeviceSession');
    await expect(page).toHaveURL(/\/not-authorized$/);
  });
});
