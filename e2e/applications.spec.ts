import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Application Manager, My services and Payment (company area), as the company admin uses them. */
test.use({ storageState: stateFile('admin') });
test.describe.configure({ mode: 'serial' });

test("adds an application up to the plan's limit; past it the form says 'Application limit reached' and keeps what was typed", async ({ page }) => {
  await page.goto('/ApplicationManager');
  await expect(page.getByRole('heading', { name: 'ApplicationManager', level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await page.getByRole('link', { name: 'Add' }).click();
  const form = page.getByRole('region', { name: 'New application' });
  await hydrated(form.getByLabel('Name'));
  await form.getByLabel('Name').fill('Delivery North');
  await form.getByLabel('Service').selectOption('Delivery');
  await form.getByLabel('Default language').selectOption({ label: 'English' });
  await form.getByLabel('Support e-mail').fill('north@demo-company.example');
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('tbody tr').filter({ hasText: 'Delivery North' })).toHaveCount(1);

  await page.goto('/ApplicationManager?new=1');
  const again = page.getByRole('region', { name: 'New application' });
  await hydrated(again.getByLabel('Name'));
  await again.getByLabel('Name').fill('Delivery South');
  await again.getByLabel('Service').selectOption('Delivery');
  await again.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(again.getByRole('alert')).toContainText('Application limit reached');
  await expect(again.getByLabel('Name')).toHaveValue('Delivery South');
});

test('My services shows the plan and that every application slot is used; Payment lists the invoices and opens one', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'My Services' }).click();
  await expect(page).toHaveURL(/\/MyService$/);
  await expect(page.getByText('Business')).toBeVisible();
  const apps = page.locator('[data-limit="apps"]');
  await expect(apps).toContainText('3 of 3');
  await expect(apps).toContainText('Limit reached');
  await expect(page.getByRole('meter', { name: 'Applications' })).toHaveAttribute('aria-valuenow', '3');

  await page.getByRole('link', { name: 'Invoices and payments' }).click();
  await expect(page).toHaveURL(/\/Payment$/);
  const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Unpaid');
  await expect(rows.nth(1)).toContainText('Paid');
  await rows.last().getByRole('link').click();
  await expect(page).toHaveURL(/\/Payment\?invoice=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Invoice INV-');
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('Business plan');
  await expect(page.getByRole('table', { name: 'Payments' }).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});

test.describe('as staff', () => {
  test.use({ storageState: stateFile('bkk') });
  test('staff.bkk cannot open the company apps or the invoices', async ({ page }) => {
    for (const path of ['/ApplicationManager', '/MyService', '/Payment']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/not-authorized$/);
    }
  });
});
