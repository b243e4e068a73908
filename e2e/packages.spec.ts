import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';
import { formatDateTime } from '../lib/format';

/**
 * Packages that bill and expire (docs/orders.md section 2): a shop's and a biker's page show the current package,
 * when it ends and whether it runs, after a package is assigned in the portal; Config/Shop keeps an area's own settings.
 */
const D = '/Service/Delivery';
const tag = Date.now().toString(36).slice(-5);
const DAY = 86_400_000;

/** A call of the BFF from the page (same origin), answering its `data`. */
async function bff(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return (await res.json()).data;
}

/** The page's package card. */
const packageCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Package', exact: true }) });

test.describe('packages as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test("a shop's page shows its package, the package's end and that it runs, and the next package after a change", async ({ page }) => {
    await page.goto(`${D}/Shop/Add`);
    const monthly = await bff(page, 'POST', '/api/admin/Delivery/ShopPackage', {
      name: `Month ${tag}`,
      price: 9_900,
      duration: 30,
      Limit_post: 5,
      Limit_product: 5,
      status: 'active',
    });
    const quarter = await bff(page, 'POST', '/api/admin/Delivery/ShopPackage', {
      name: `Quarter ${tag}`,
      price: 24_900,
      duration: 90,
      Limit_post: 5,
      Limit_product: 5,
      status: 'active',
    });
    await page.reload();

    await page.getByLabel('Name', { exact: true }).fill(`Billed ${tag}`);
    await page.getByLabel('Owner', { exact: true }).fill('Package Owner');
    await page.getByLabel('Email', { exact: true }).fill(`billed.${tag}@example.test`);
    await page.getByLabel('Phone', { exact: true }).fill(`08${String(Date.now()).slice(-8)}`);
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    const type = page.getByLabel('Type', { exact: true });
    await type.selectOption({ index: 1 });
    await page.getByLabel('Package', { exact: true }).selectOption({ label: monthly.name });
    await page.getByLabel('Post limit').fill('1');
    await page.getByLabel('Product limit').fill('1');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${D}/Shop/View/\\d+$`));
    const id = page.url().split('/').pop()!;

    const first = await bff(page, 'GET', `/api/admin/Delivery/Shop/${id}`);
    expect(new Date(first.packageEndsAt).getTime() - new Date(first.packageStartsAt).getTime()).toBe(30 * DAY);
    const card = packageCard(page);
    await expect(card).toContainText(monthly.name);
    await expect(card).toContainText(`Ends${formatDateTime(first.packageEndsAt)}`);
    await expect(card).toContainText('Running');

    const select = page.getByLabel('Package', { exact: true });
    await hydrated(select);
    await select.selectOption({ label: quarter.name });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await expect(card).toContainText(quarter.name);
    const next = await bff(page, 'GET', `/api/admin/Delivery/Shop/${id}`);
    expect(new Date(next.packageEndsAt).getTime() - new Date(next.packageStartsAt).getTime()).toBe(90 * DAY);
    await expect(card).toContainText(`Ends${formatDateTime(next.packageEndsAt)}`);
    await expect(card).not.toContainText(monthly.name);
  });

  test("a biker's page shows the package put on them and its end", async ({ page }) => {
    await page.goto(`${D}/Member/Biker?status=active&presence=offline`);
    const pkg = await bff(page, 'POST', '/api/admin/Delivery/Package/Biker', {
      name: `Rider ${tag}`,
      fee: 4_900,
      commissionRate: 1_200,
      duration: 14,
      status: 'active',
    });
    // Another biker than the accounts suite's (it takes the first).
    const link = page.locator('tbody tr').nth(1).getByRole('link').first();
    await expect(link).toBeVisible();
    await page.goto((await link.getAttribute('href'))!);
    const id = page.url().split('/').pop()!;

    const card = packageCard(page);
    const select = card.getByLabel('Package');
    await hydrated(select);
    await select.selectOption({ label: pkg.name });
    await card.getByRole('button', { name: 'Save package' }).click();
    await expect(page.getByText('Package saved').first()).toBeVisible();
    await expect(card).toContainText('Running');
    const { biker } = await bff(page, 'GET', `/api/admin/Delivery/Member/Biker/${id}`);
    expect(biker).toMatchObject({ packageName: pkg.name, packageExpired: false });
    expect(new Date(biker.packageEndsAt).getTime() - new Date(biker.packageStartsAt).getTime()).toBe(14 * DAY);
    await expect(card).toContainText(`Ends${formatDateTime(biker.packageEndsAt)}`);
    await expect(card.locator('dd').first()).toHaveText(pkg.name);
  });
});

test.describe('Config/Shop as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test("keeps an area's own settings beside those of all areas", async ({ page }) => {
    await page.goto(`${D}/Config/Shop`);
    await expect(page.getByText('The defaults of every area that has none of its own.', { exact: false })).toBeVisible();
    const all = await page.getByLabel('Commission rate', { exact: false }).inputValue();
    const area = page.getByLabel('Settings for');
    await area.selectOption({ label: 'Chiang Mai' });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/areaId=\d+/);
    const rate = page.getByLabel('Commission rate', { exact: false });
    await expect(page.getByText('This area follows the settings for all areas')).toBeVisible();
    await expect(rate).toHaveValue(all);
    // Saved with the same rate (the rest of the suite splits Chiang Mai's orders as before): the area's own now.
    await page.getByLabel('Default package').selectOption({ index: 1 });
    await page.getByLabel('Default type').selectOption({ index: 1 });
    await hydrated(rate);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await expect(page.getByText("This area's own settings")).toBeVisible();
    await expect(rate).toHaveValue(all);
  });
});
