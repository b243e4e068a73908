import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Biker → Package Biker (the kit's list, Add and View pages) and the admin's Config/Biker settings. */
const D = '/Service/Delivery';
const LIST = `${D}/Package/Biker`;
const tag = Date.now().toString(36).slice(-5);
const name = `Rider ${tag}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('biker packages as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('adds a package through the form, finds it in the list, opens it and edits it', async ({ page }) => {
    await page.goto(LIST);
    await expect(page).toHaveTitle(/^Biker Package · /);
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/Package\/Biker\/Add$/);
    const nameField = page.getByLabel('Name', { exact: true });
    await hydrated(nameField);
    await nameField.fill(name);
    await page.getByLabel('Fee', { exact: true }).fill('250');
    await page.getByLabel(/^Commission rate/).fill('10001');
    await page.getByLabel('Duration (days)').fill('30');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // More than 100 % is refused beside the field, and what was typed is kept.
    await expect(page.locator('#field-commissionRate-error')).toHaveText('This value is out of range');
    await expect(nameField).toHaveValue(name);
    await page.getByLabel(/^Commission rate/).fill('1250');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/Package\/Biker\/View\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    await page.goto(`${LIST}?q=${encodeURIComponent(tag)}`);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '250.00 Baht' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '12.5%' })).toBeVisible();

    // Row links open in a new tab: follow the link's address here.
    const href = await row.getByRole('link', { name: new RegExp(name) }).getAttribute('href');
    expect(href).toMatch(/\/Package\/Biker\/View\/\d+$/);
    await page.goto(href!);
    const fee = page.getByLabel('Fee', { exact: true });
    await hydrated(fee);
    await expect(fee).toHaveValue('250.00');
    await fee.fill('300');
    await page.getByLabel('Status').selectOption('close');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel('Fee', { exact: true })).toHaveValue('300.00');
    await expect(page.getByLabel('Status')).toHaveValue('close');
  });
});

test.describe('biker settings as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('shows the hint, refuses a timeout of 10 beside the field, saves 30 and keeps it after a reload', async ({ page }) => {
    await page.goto(`${D}/Config/Biker`);
    const timeout = page.getByLabel(/^Time to accept a task/);
    // Typing before React hydrates the form would be reset by hydration.
    await hydrated(timeout);
    await expect(page.getByText('Greater than or equal to 25')).toBeVisible();
    const tasks = page.getByLabel('Tasks at once');
    const wanted = (await tasks.inputValue()) === '3' ? '4' : '3';
    await tasks.fill(wanted);
    await timeout.fill('10');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#field-acceptTimeoutSec-error')).toHaveText('This value is out of range');
    await expect(tasks).toHaveValue(wanted);

    await timeout.fill('30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel(/^Time to accept a task/)).toHaveValue('30');
    await expect(page.getByLabel('Tasks at once')).toHaveValue(wanted);
  });
});

test.describe('biker settings as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('are for admins only', async ({ page }) => {
    await page.goto(`${D}/Config/Biker`);
    await expect(page).toHaveURL(/\/not-authorized/);
  });
});
