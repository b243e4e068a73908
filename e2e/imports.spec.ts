import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Import → Shop as an administrator: a CSV with 3 bad rows, their errors named, the valid rows imported once. */
const SCREEN = '/Service/Delivery/Import/Shop';
const tag = Date.now().toString(36).slice(-6);
const base = 10_000_000 + (Date.now() % 80_000_000);
const phone = (i: number) => `08${String(base + i).padStart(8, '0')}`;
const csv = [
  'name,owner,phone,email,area,type,package',
  `Imp ${tag} One,Owner,${phone(1)},one.${tag}@example.com,Bangkok,Restaurant,Starter`,
  `Imp ${tag} Two,Owner,12345,two.${tag}@example.com,Bangkok,Cafe,Starter`,
  `Imp ${tag} Three,Owner,${phone(3)},three.${tag}@example.com,Atlantis,Cafe,Starter`,
  `Imp ${tag} Four,Owner,${phone(4)},four.${tag}@example.com,Bangkok,Bakery,Business`,
  `Imp ${tag} Five,Owner,${phone(4)},five.${tag}@example.com,Bangkok,Cafe,Starter`,
  `"Imp ${tag} Six, Ltd",Owner,${phone(6)},six.${tag}@example.com,Chiang Mai,Grocery,Premium`,
  `Imp ${tag} Seven,Owner,${phone(7)},seven.${tag}@example.com,Bangkok,Pharmacy,Starter`,
].join('\n');

test.use({ storageState: stateFile('admin') });

async function upload(page: Page) {
  await page.goto(SCREEN);
  const input = page.getByLabel('Choose a CSV or XLSX file');
  await hydrated(page.getByRole('link', { name: 'Download the template (CSV)' }));
  await input.setInputFiles({ name: `shops-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page).toHaveURL(/\?job=\d+/);
  await expect(page.getByRole('heading', { name: `Preview of shops-${tag}.csv` })).toBeVisible();
}

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"]`);

test('an administrator imports a CSV: the 3 bad rows are named, the valid ones imported once', async ({ page }) => {
  test.setTimeout(120_000);
  await upload(page);
  await expect(count(page, 'total')).toHaveText('7');
  await expect(count(page, 'invalid')).toHaveText('3');
  await expect(page.getByRole('button', { name: 'Import only if all rows are valid' })).toBeDisabled();
  await expect(page.getByText('3 rows are invalid: fix them in the file and upload it again.')).toBeVisible();

  await page.getByRole('link', { name: 'Invalid only' }).click();
  await expect(page).toHaveURL(/invalid=1/);
  const rows = page.getByRole('region', { name: 'Rows of the file' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('3');
  await expect(rows.nth(0)).toContainText('Phone: Telephone Number is not valid');
  await expect(rows.nth(1)).toContainText('Area: Unknown area');
  await expect(rows.nth(2)).toContainText('Phone: Appears more than once in this file');
  await expect(page.locator('tbody tr[data-row]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row')))).resolves.toEqual(['3', '4', '6']);

  await page.getByRole('button', { name: 'Import 4 valid rows' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('4 rows will be imported; 3 invalid rows will be refused.');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported 4, already there 0, refused 3.').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Download refused rows (3)' })).toHaveAttribute('href', /\/Import\/Shop\/\d+\/refused\.csv$/);

  await page.goto(`/Service/Delivery/Shop?q=${encodeURIComponent(`Imp ${tag}`)}`);
  await expect(page.getByText(`Imp ${tag} One`).first()).toBeVisible();
  await expect(page.getByText(`Imp ${tag} Six, Ltd`).first()).toBeVisible();
  await expect(page.getByText(`Imp ${tag} Two`)).toHaveCount(0);

  // The same file again: nothing new to import.
  await upload(page);
  await expect(count(page, 'existing')).toHaveText('4');
  await expect(page.getByText('Nothing to import: every valid row is already there.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 valid rows' })).toBeDisabled();
  await expect(page.getByText(/The same file was imported on/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Past imports' })).toContainText(`shops-${tag}.csv`);
});
