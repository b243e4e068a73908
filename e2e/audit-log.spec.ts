import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** The audit log (company area → Log): a change made in the portal, found again with what changed. */
test.use({ storageState: stateFile('admin') });
test.describe.configure({ mode: 'serial' });

const tag = Date.now().toString(36).slice(-5);

test('an office renamed on Information shows in the Log with its name before and after', async ({ page }) => {
  await page.goto('/Information?q=Head%20Office');
  const href = await page
    .getByRole('link', { name: /^Head Office/ })
    .first()
    .getAttribute('href');
  await page.goto(href!);
  const name = page.getByLabel('Office name');
  await hydrated(name);
  await name.fill(`Head Office ${tag}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();

  await page.goto(`/Log?q=${tag}`);
  await expect(page.getByRole('heading', { name: 'Log', level: 1 })).toBeVisible();
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('admin');
  await expect(row).toContainText('Changed');
  await expect(row).toContainText('Done');
  const entry = await row.getByRole('link').first().getAttribute('href');
  expect(entry).toMatch(/^\/Log\/View\/\d+$/);
  await page.goto(entry!);
  const changed = page.getByRole('table', { name: 'What changed' });
  const nameRow = changed.locator('tbody tr').filter({ hasText: /^name/ });
  await expect(nameRow).toContainText('Head Office');
  await expect(nameRow).toContainText(`Head Office ${tag}`);

  // Put the name back (the rename is recorded too).
  await page.goto(href!);
  await hydrated(page.getByLabel('Office name'));
  await page.getByLabel('Office name').fill('Head Office');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
});

test('filters the log by outcome in the URL', async ({ page }) => {
  await page.goto('/Log?outcome=ok');
  await expect(page.locator('tbody tr').first()).toContainText('Done');
  await expect(page.locator('tbody tr').filter({ hasText: 'Refused' })).toHaveCount(0);
});
