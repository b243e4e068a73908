import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

const D = '/Service/Delivery';
const tag = Date.now().toString(36).slice(-5);
const names = { pkg: `Pkg ${tag}`, type: `Type ${tag}`, shop: `Shop ${tag}` };
const phone = `08${String(Date.now()).slice(-8)}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

async function fillShop(page: Page, values: { name: string; owner: string; email: string; phone: string }) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Owner', { exact: true }).fill(values.owner);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
}

test.describe.configure({ mode: 'serial' });

test.describe('Shop Management as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });
  let shopUrl = '';

  test('creates a package, a type and a shop, sets its hours and edits it', async ({ page }) => {
    await page.goto(`${D}/ShopPackage?new=1`);
    await page.getByLabel('Name', { exact: true }).fill(names.pkg);
    await page.getByLabel('Price', { exact: true }).fill('199.50');
    await page.getByLabel('Duration (days)').fill('30');
    await page.getByLabel('Post limit').fill('20');
    await page.getByLabel('Product limit').fill('40');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page.getByRole('link', { name: new RegExp(names.pkg) })).toBeVisible();
    await expect(page.getByRole('cell', { name: '199.50 Baht' }).first()).toBeVisible();

    await page.goto(`${D}/TypeShop?new=1`);
    await page.getByLabel('Name', { exact: true }).fill(names.type);
    await page.getByLabel('Order', { exact: true }).fill('9');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');

    await page.goto(`${D}/Shop/Add`);
    await fillShop(page, { name: names.shop, owner: 'Somchai', email: `shop.${tag}@example.test`, phone });
    await expect(page.getByText('You can use this phone number')).toBeVisible();
    await expect(page.getByText('You can use this Email')).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: names.type });
    await page.getByLabel('Package', { exact: true }).selectOption({ label: names.pkg });
    await page.getByLabel('Post limit').fill('5');
    await page.getByLabel('Product limit').fill('10');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${D}/Shop/View/\\d+$`));
    shopUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: names.shop })).toBeVisible();

    await page.goto(`${D}/TimeShop/Add`);
    await page.getByLabel('Shop', { exact: true }).selectOption({ label: names.shop });
    // Saturday 09:00–12:00 and 11:00–14:00 overlap; 09:00–12:00 and 18:00–02:00 (into Sunday) do not.
    await page.getByRole('button', { name: 'Add a range on Saturday' }).click();
    await page.getByLabel('Saturday range 1 closes').fill('12:00');
    await page.getByRole('button', { name: 'Add a range on Saturday' }).click();
    await page.getByLabel('Saturday range 2 opens').fill('11:00');
    await page.getByLabel('Saturday range 2 closes').fill('14:00');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('This range overlaps another one on the same day')).toBeVisible();
    await page.getByLabel('Saturday range 2 opens').fill('18:00');
    await page.getByLabel('Saturday range 2 closes').fill('02:00');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${D}/TimeShop/View/\\d+$`));

    await page.goto(shopUrl);
    await page.getByLabel('Owner', { exact: true }).fill('Somchai Jaidee');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel('Owner', { exact: true })).toHaveValue('Somchai Jaidee');
    // staff.bkk has no delete flag: no Delete button.
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    const id = shopUrl.split('/').pop();
    const refused = await page.request.delete(`/api/admin/Delivery/Shop/${id}`, { headers: { origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(403);
  });

  test('a filtered, sorted page 2 survives a bookmark', async ({ page }) => {
    await page.goto(`${D}/Shop`);
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await expect(page).toHaveURL(/status=active/);
    await page.getByRole('link', { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name&order=asc/);
    await page.getByLabel('Per page').selectOption('10');
    await expect(page).toHaveURL(/pageSize=10/);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const bookmark = page.url();
    const firstRow = await page.locator('tbody tr').first().innerText();

    const again = await page.context().newPage();
    await again.goto(bookmark);
    await expect(again.getByLabel('Status', { exact: true })).toHaveValue('active');
    await expect(again.getByText(/^Page 2 of \d+$/)).toBeVisible();
    expect(await again.locator('tbody tr').first().innerText()).toBe(firstRow);
    await again.close();
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await page.goto(`${D}/Shop?status=active&sort=name&order=asc`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,name,owner,email,phone,status,public,openTime,closeTime,lat,lng,package,type,area,createdAt');
    expect(lines.length).toBeGreaterThan(11);
    expect(lines.slice(1).every((line) => line.includes(',active,'))).toBe(true);
  });

  test('two people edit the same shop: the second sees the conflict and keeps the input', async ({ browser }) => {
    const first = await browser.newContext({ storageState: stateFile('bkk') });
    const second = await browser.newContext({ storageState: stateFile('bkk') });
    const a = await first.newPage();
    const b = await second.newPage();
    await a.goto(shopUrl);
    await b.goto(shopUrl);
    await a.getByLabel('Owner', { exact: true }).fill('Owner from A');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(a, 'Saved');

    await b.getByLabel('Owner', { exact: true }).fill('Owner from B');
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.getByText('Someone else saved this first')).toBeVisible();
    await expect(b.getByText(/^Bangkok Staff saved it at \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}\. Your changes are still in the form\.$/)).toBeVisible();
    await expect(b.getByLabel('Owner', { exact: true })).toHaveValue('Owner from B');
    await b.getByRole('button', { name: 'Overwrite with mine' }).click();
    await toast(b, 'Saved');
    await b.reload();
    await expect(b.getByLabel('Owner', { exact: true })).toHaveValue('Owner from B');
    await first.close();
    await second.close();
  });

  test('bad input shows the field messages in Thai', async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile('bkk') });
    const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'th', domain: url.hostname, path: '/' }]);
    const page = await context.newPage();
    await page.goto(`${D}/Shop/Add`);
    await page.getByLabel('อีเมล', { exact: true }).fill('not-an-email');
    await page.getByLabel('เบอร์โทรศัพท์', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'สร้าง', exact: true }).click();
    await expect(page.locator('#field-email-error')).toHaveText('ที่อยู่อีเมลไม่ถูกต้อง');
    await expect(page.locator('#field-phone-error')).toHaveText('หมายเลขโทรศัพท์ไม่ถูกต้อง');
    await expect(page.getByLabel('อีเมล', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await context.close();
  });

  test('admin deletes the shop and staff.bkk restores it', async ({ browser, page }) => {
    const admin = await browser.newContext({ storageState: stateFile('admin') });
    const adminPage = await admin.newPage();
    await adminPage.goto(shopUrl);
    await adminPage.getByRole('button', { name: 'Delete', exact: true }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(adminPage).toHaveURL(new RegExp(`${D}/Shop$`));
    await admin.close();

    await page.goto(shopUrl);
    await expect(page).toHaveURL(/error-404/);
    await page.goto(`${D}/RestoreShop`);
    await page.getByRole('button', { name: `Restore: ${names.shop}` }).click();
    await toast(page, 'Restored');
    await page.goto(shopUrl);
    await expect(page.getByRole('heading', { name: names.shop })).toBeVisible();
  });
});

test.describe('as staff.cnx', () => {
  test.use({ storageState: stateFile('cnx') });

  test('sees no Shop menu and gets 403 from the BFF', async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    const menu = page.getByRole('navigation').first();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop', exact: true })).toHaveCount(0);
    const read = await page.request.get('/api/admin/Delivery/Shop');
    expect(read.status()).toBe(403);
    const write = await page.request.post('/api/admin/Delivery/Shop', { data: { name: 'x' }, headers: { origin: new URL(page.url()).origin } });
    expect(write.status()).toBe(403);
  });
});

test.describe('bulk actions as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('changes the status of the selected shops, then deletes them after a confirm', async ({ page }) => {
    await page.goto(`${D}/Shop?status=pending&sort=name&order=asc`);
    const rows = page.locator('tbody tr');
    // The shops' names, from their rows' selection boxes ("Select {name}").
    const boxes = [rows.nth(0).getByRole('checkbox'), rows.nth(1).getByRole('checkbox')];
    const names = await Promise.all(boxes.map(async (box) => (await box.getAttribute('aria-label'))!.replace(/^Select /, '')));
    for (const box of boxes) await box.check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByLabel('Change status').selectOption('suspended');
    await page.getByRole('button', { name: 'Apply' }).click();
    // pending → suspended is not an allowed transition: both refused.
    await toast(page, '0 changed, 2 refused');
    await page.getByLabel('Change status').selectOption('close');
    await page.getByRole('button', { name: 'Apply' }).click();
    await toast(page, '2 changed, 0 refused');
    await expect(page.getByRole('link', { name: new RegExp(`^${names[0]}`) })).toHaveCount(0);

    await page.goto(`${D}/Shop?status=close&q=${encodeURIComponent(names[0]!)}`);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, /\d+ deleted/);
    await page.goto(`${D}/RestoreShop`);
    await expect(page.getByRole('button', { name: `Restore: ${names[0]}` })).toBeVisible();
  });
});

test.describe('registrations, settings and type order', () => {
  test('staff.bkk approves one registration and rejects another with a reason', async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile('bkk') });
    const page = await context.newPage();
    await page.goto(`${D}/Regis/Shop`);
    const rows = page.locator('tbody tr');
    const before = await rows.count();
    expect(before).toBeGreaterThan(1);
    await rows
      .first()
      .getByRole('button', { name: /^Approve:/ })
      .click();
    await toast(page, 'Approved: the shop is now active');
    await expect(rows).toHaveCount(before - 1);

    await rows
      .first()
      .getByRole('button', { name: /^Reject:/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Duplicate of an existing shop');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await toast(page, 'Registration rejected');
    await expect(rows).toHaveCount(before - 2);
    await context.close();
  });

  test('admin saves the shop settings; a closing time before the opening time runs overnight', async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile('admin') });
    const page = await context.newPage();
    await page.goto(`${D}/Config/Shop`);
    // Typing before React hydrates the form would be reset by hydration.
    await hydrated(page.getByLabel(/^Commission rate/));
    await page.getByLabel(/^Commission rate/).fill('1750');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel(/^Commission rate/)).toHaveValue('1750');
    await hydrated(page.getByLabel('Default closing time'));
    const closing = await page.getByLabel('Default closing time').inputValue();
    await page.getByLabel('Default closing time').fill('06:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel('Default closing time')).toHaveValue('06:00');
    await hydrated(page.getByLabel('Default closing time'));
    await page.getByLabel('Default closing time').fill(closing);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await context.close();
  });

  test('staff.market reorders the shop types with the keyboard buttons', async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile('market') });
    const page = await context.newPage();
    await page.goto('/Service/Marketplace/ShopType/Sort');
    const items = page.getByRole('list', { name: 'Shop types' }).getByRole('listitem');
    const firstName = (await items.first().innerText())
      .split('\n')
      .find((s) => s.trim() && !/^\d+$/.test(s.trim()) && !s.includes('⋮'))!
      .trim();
    await page.getByRole('button', { name: `Move ${firstName} down` }).click();
    await page.getByRole('button', { name: 'Save order' }).click();
    await toast(page, 'Order saved');
    await page.reload();
    await expect(items.nth(1)).toContainText(firstName);
    await context.close();
  });
});
