import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Information: the company's offices, a company-area resource on the contract-first kit (contract/resources/office.ts). */
const LIST = '/Information';
const tag = Date.now().toString(36).slice(-5);
const name = `Khon Kaen Branch ${tag}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Opens an office's form from its row's link in the searched list (row links open in a new tab). */
async function openOffice(page: Page, search: string, office: string) {
  await page.goto(`${LIST}?q=${encodeURIComponent(search)}`);
  const href = await page.getByRole('link', { name: office }).first().getAttribute('href');
  expect(href).toMatch(/\/Information\?edit=\d+$/);
  await page.goto(href!);
  await hydrated(page.getByLabel('Office name'));
  await expect(page.getByLabel('Office name')).toHaveValue(office);
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: stateFile('admin') });

test.describe('Offices as the company admin', () => {
  test('lists the offices under Information, from the company side menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Information' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await expect(page.getByRole('link', { name: 'Head Office' })).toBeVisible();
    await expect(page.getByText('99 Rama IV Road, Khlong Toei, Bangkok 10110')).toBeVisible();
    await expect(page).toHaveTitle(/^Information · /);
  });

  test('adds an office: a bad tax ID is refused with every typed value kept', async ({ page }) => {
    await page.goto(LIST);
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/new=1/);
    await hydrated(page.getByLabel('Office name'));
    await page.getByLabel('Office name').fill(name);
    await page.getByLabel('Tax ID').fill('12345');
    await page.getByLabel('Address').fill('5 Mittraphap Road, Khon Kaen 40000');
    await page.getByLabel('Phone').fill('043-123-456');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.locator('#field-taxId-error')).toHaveText('Enter the 13-digit tax ID');
    await expect(page.getByLabel('Office name')).toHaveValue(name);
    await expect(page.getByLabel('Address')).toHaveValue('5 Mittraphap Road, Khon Kaen 40000');
    await page.getByLabel('Tax ID').fill('0405561000123');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await page.goto(`${LIST}?q=${tag}`);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('0405561000123');
    await expect(row).toContainText('043123456');
  });

  test('edits an office from its row', async ({ page }) => {
    await openOffice(page, tag, name);
    await page.getByLabel('Contact person').fill('Malee K.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr').filter({ hasText: name })).toContainText('Malee K.');
  });

  test('refuses to delete the office people work at, and says why', async ({ page }) => {
    await openOffice(page, 'Head', 'Head Office');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByText('Still in use: move what belongs to it first, then delete it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${LIST}?q=Head`);
    await expect(page.getByRole('link', { name: 'Head Office' })).toBeVisible();
  });

  test('deletes an empty office after confirming, and restores it from the deleted items', async ({ page }) => {
    await openOffice(page, tag, name);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Deleted');
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
    await page.getByRole('link', { name: 'Deleted items' }).click();
    await expect(page).toHaveURL(/deleted=1/);
    await page.getByRole('button', { name: `Restore: ${name}` }).click();
    await toast(page, 'Restored');
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr').filter({ hasText: name })).toHaveCount(1);
  });
});

test.describe('the company as its admin', () => {
  test('changes the company particulars above the offices: a bad tax ID is named, the rest kept', async ({ page }) => {
    await page.goto(LIST);
    const name = page.getByLabel('Company name');
    await hydrated(name);
    await name.fill('Demo Delivery Co., Ltd.');
    await page.getByLabel('Tax ID').first().fill('12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#field-taxId-error')).toHaveText('Enter the 13-digit tax ID');
    await expect(name).toHaveValue('Demo Delivery Co., Ltd.');
    await page.getByLabel('Tax ID').first().fill('0105561000009');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Company name')).toHaveValue('Demo Delivery Co., Ltd.');
    await expect(page.getByRole('link', { name: 'Head Office' })).toBeVisible();
  });
});

test.describe('Offices as area staff', () => {
  test.use({ storageState: stateFile('bkk') });

  test('staff cannot open the company side, and the BFF refuses the offices call', async ({ page }) => {
    await page.goto(LIST);
    await expect(page).not.toHaveURL(new RegExp(`${LIST}$`));
    const res = await page.request.get('/api/admin/Information/Offices');
    expect(res.status()).toBe(403);
  });
});
