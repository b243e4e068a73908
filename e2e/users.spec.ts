import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { pathOnly, signIn } from './support/sign-in';
import { stateFile, USERS } from './support/users';

/** Users (company area): administrators, area staff and the permission matrix, as the company admin uses them. */
const STAFF = '/Users/Staff';
const ORDERS = '/Service/Delivery/Orders';
const tag = Date.now().toString(36).slice(-5);

/** Opens a staff member's view page from the searched list (row links open in a new tab). */
async function openStaff(page: Page, username: string) {
  await page.goto(`${STAFF}?q=${encodeURIComponent(username)}`);
  const href = await page.getByRole('link', { name: `${username} (opens in a new tab)` }).getAttribute('href');
  expect(href).toMatch(/\/Users\/Staff\/View\/\d+$/);
  await page.goto(href!);
  await hydrated(page.getByRole('table', { name: 'Permissions' }).getByRole('checkbox').first());
}

/** Reviews the matrix's changes, checks the dialog lists exactly `expected`, and saves them. */
async function saveMatrix(page: Page, expected: string[]) {
  await page.getByRole('button', { name: 'Review and save' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText(expected);
  await dialog.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByText(/changes? saved/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No unsaved changes' })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: stateFile('admin') });

test.describe('Users as the company admin', () => {
  test('adds a staff member: availability as the admin types, the area from the list, typed values kept on an error', async ({ page }) => {
    await page.goto(STAFF);
    await expect(page.getByRole('heading', { name: 'Area Staff', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'staff.bkk (opens in a new tab)' })).toBeVisible();
    await page.getByRole('link', { name: 'Add' }).click();
    const form = page.getByRole('region', { name: 'New staff member' });
    await hydrated(form.getByLabel('Username'));
    await form.getByLabel('Username').fill('staff.bkk');
    await expect(form.getByText('You can not use this Username')).toBeVisible();
    const username = `staff.e2e${tag}`;
    await form.getByLabel('Username').fill(username);
    await expect(form.getByText('You can use this Username')).toBeVisible();
    await form.getByLabel('Password', { exact: true }).fill('Newstaff#2026');
    await form.getByLabel('Name', { exact: true }).fill(`E2E Staff ${tag}`);
    await form.getByLabel('E-mail').fill('admin@demo-company.example');
    await form.getByLabel('Service area').selectOption({ label: 'Bangkok · Delivery' });
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    // The e-mail is taken: the error is beside it and nothing typed is lost.
    await expect(form.locator('#field-email-error')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveValue(username);
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue(`E2E Staff ${tag}`);
    await form.getByLabel('E-mail').fill(`${username}@demo-company.example`);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/Users\/Staff\/View\/\d+$/);
    await expect(page.getByRole('table', { name: 'Permissions' })).toBeVisible();
    await page.goto(`${STAFF}?q=${username}`);
    const row = page.locator('tbody tr').filter({ hasText: username });
    await expect(row).toContainText('Bangkok');
    await expect(row).toContainText('Delivery');
  });

  test('gives staff.cnx read on Orders; their next navigation shows it; taking it back sends them to login', async ({ page, browser }) => {
    // A browser of staff.cnx's own, signed in through the login page (not the admin's stored state).
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const cnx = { context, page: await context.newPage() };
    await signIn(cnx.page, 'cnx');
    try {
      await expect(cnx.page.getByRole('navigation').getByRole('link', { name: 'Orders List' })).toHaveCount(0);

      await openStaff(page, 'staff.cnx');
      const read = page.getByRole('checkbox', { name: 'Read: Orders List' });
      await expect(read).not.toBeChecked();
      await read.check();
      await expect(page.getByRole('status').filter({ hasText: '1 unsaved change' })).toBeVisible();
      await saveMatrix(page, ['Give Read on Orders List']);
      await expect(page.getByRole('list', { name: 'Permission history' }).getByRole('listitem').first()).toContainText('Demo Admin gave Read on Orders List');

      // staff.cnx's next navigation fetches the new list: the menu entry and the page are there.
      await cnx.page.goto(USERS.cnx.home);
      await cnx.page.getByRole('navigation').getByRole('link', { name: 'Orders List' }).first().click();
      await expect(cnx.page).toHaveURL(pathOnly(ORDERS));
      await expect(cnx.page.getByRole('heading', { name: 'Orders List', level: 1 })).toBeVisible();

      await page.reload();
      await hydrated(page.getByRole('checkbox', { name: 'Read: Orders List' }));
      await page.getByRole('checkbox', { name: 'Read: Orders List' }).uncheck();
      await saveMatrix(page, ['Take away Read on Orders List']);
      await expect(page.getByRole('list', { name: 'Permission history' }).getByRole('listitem').first()).toContainText(
        'Demo Admin took away Read on Orders List',
      );

      // Both changes of the matrix are in the audit log.
      await page.goto('/Log?q=permission&method=PUT');
      await expect(page.locator('tbody tr').filter({ hasText: '/permission' })).not.toHaveCount(0);
      const entry = await page.locator('tbody tr').first().getByRole('link').first().getAttribute('href');
      await page.goto(entry!);
      await expect(page.getByText('Service Delivery Orders').first()).toBeVisible();

      await cnx.page.goto(ORDERS);
      await expect(cnx.page).toHaveURL(/\/auth\/login\?reason=not-authorized$/);
      await expect(cnx.page.getByText('You are not authorized')).toBeVisible();
    } finally {
      await cnx.context.close();
    }
  });

  test('selects a whole column, copies from another staff member, and discards without saving', async ({ page }) => {
    await openStaff(page, 'staff.cnx');
    const table = page.getByRole('table', { name: 'Permissions' });
    const readBoxes = table.getByRole('checkbox', { name: /^Read: / });
    await page.getByRole('checkbox', { name: 'Read on every menu' }).check();
    const count = await readBoxes.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) await expect(readBoxes.nth(i)).toBeChecked();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('checkbox', { name: 'Read: Orders List' })).not.toBeChecked();

    // staff.bkk has read, write and create on every Delivery menu and no delete.
    await page.getByLabel('Copy from').selectOption({ label: 'Bangkok Staff (staff.bkk)' });
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Write: Orders List' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Delete: Orders List' })).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: /unsaved changes/ })).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByRole('checkbox', { name: 'Write: Orders List' })).not.toBeChecked();
  });

  test('lists the administrators with root and the last sign-in, and sends a reset code after a confirmation', async ({ page }) => {
    await page.goto('/Users/Admin');
    const row = page.locator('tbody tr').filter({ hasText: 'admin@demo-company.example' });
    await expect(row).toHaveCount(1);
    const href = await row.getByRole('link', { name: 'admin (opens in a new tab)' }).getAttribute('href');
    await page.goto(href!);
    await hydrated(page.getByRole('button', { name: 'Send reset code' }));
    await expect(page.getByLabel('Root administrator')).toBeChecked();
    await page.getByRole('button', { name: 'Send reset code' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('A one-time code goes to admin@demo-company.example');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('Users as staff', () => {
  test.use({ storageState: stateFile('bkk') });
  test('staff.bkk cannot open the company users', async ({ page }) => {
    await page.goto(STAFF);
    await expect(page).toHaveURL(pathOnly('/not-authorized'));
  });
});
