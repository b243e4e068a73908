import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import sharp from 'sharp';
import { arrangePaidFoodOrder, setMemberPhoto } from './support/orders';
import { pathOnly } from './support/sign-in';
import { stateFile } from './support/users';

const D = '/Service/Delivery';

/** Changes the account's status on its page: the status, a reason, the confirmation; the page then shows it. */
async function changeStatus(page: Page, status: 'Suspended' | 'Active', reason: string) {
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Change status' }) });
  const select = card.getByLabel('New status');
  await hydrated(select);
  await select.selectOption({ label: status });
  await card.getByLabel('Reason').fill(reason);
  await card.getByRole('button', { name: 'Change status' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Change the status to ${status}?`);
  await expect(dialog).toContainText(reason);
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Status changed').first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('Members as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test("opens a member from an order and sees that order on the member's page; suspends and reactivates them with a reason", async ({ page }) => {
    const order = await arrangePaidFoodOrder();
    await page.goto(`${D}/Orders/View/${order.id}`);
    const member = page.getByRole('link', { name: new RegExp(`^${order.memberName}`) });
    await expect(member).toBeVisible();
    await member.click();
    await expect(page).toHaveURL(pathOnly(`${D}/Members/View/${order.memberId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(order.memberName);
    const orders = page.locator('section', { has: page.getByRole('heading', { name: 'Orders', exact: true }) });
    await expect(orders.getByRole('link', { name: order.orderNo })).toBeVisible();
    await expect(orders.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', new RegExp(`/Orders\\?member=`));

    // A reason is required before anything is asked.
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Change status' }) });
    await hydrated(card.getByLabel('New status'));
    await card.getByRole('button', { name: 'Change status' }).click();
    await expect(card.getByText('This field is required.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await changeStatus(page, 'Suspended', 'E2E: abusive messages to riders');
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Status history' }) });
    await expect(history.getByRole('row', { name: /E2E: abusive messages to riders/ })).toBeVisible();
    const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Profile' }) });
    await expect(profile).toContainText('Suspended');

    await changeStatus(page, 'Active', 'E2E: apologised');
    await expect(history.getByRole('row')).toHaveCount(3); // the header and two changes
    await expect(history.getByRole('row').nth(1)).toContainText('E2E: apologised');
  });

  test('shows the photo a member set in the app, on their page and in the list', async ({ page }) => {
    const order = await arrangePaidFoodOrder();
    await page.goto(`${D}/Members/View/${order.memberId}`);
    const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Profile' }) });
    await expect(profile.getByRole('img', { name: 'No photo' })).toBeVisible();

    const bytes = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#e07a2f' } })
      .jpeg()
      .toBuffer();
    const key = await setMemberPhoto(order.memberId, bytes);
    await page.reload();
    const photo = profile.getByRole('img', { name: `Photo of ${order.memberName}` });
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute('src', `/api/images/thumb/${key.replace('.jpg', '.webp')}`);
    // The image itself comes through the portal's own origin.
    expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await page.goto(`${D}/Members?q=${encodeURIComponent(order.memberName)}`);
    const row = page.getByRole('row', { name: new RegExp(order.memberName) }).first();
    await expect(row.locator(`img[src*="${key.slice(0, 64)}"]`)).toBeVisible();
  });

  test('searches and filters the list in the URL, exports what it shows', async ({ page }) => {
    await page.goto(`${D}/Members?status=suspended`);
    const status = page.getByLabel('Status', { exact: true });
    await hydrated(status);
    await expect(status).toHaveValue('suspended');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Suspended' })).toHaveCount(await rows.count());

    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toMatch(/^\/api\/admin\/Delivery\/Members\/export\?.*status=suspended/);
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,name,phone,email,status,area,createdAt');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',suspended,'))).toBe(true);

    const phone = (await rows.first().locator('td').nth(2).innerText()).trim(); // after the photo and the name
    await page.goto(`${D}/Members`);
    const search = page.getByRole('searchbox').or(page.getByLabel('Search members'));
    await hydrated(search.first());
    await search.first().fill(phone);
    await search.first().press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${phone}`));
    await expect(rows.first()).toContainText(phone);
  });
});

test.describe('Bikers as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test("opens an offline biker, puts them on a package, suspends them with a reason and they leave Task Monitoring's online list", async ({ page }) => {
    await page.goto(`${D}/Member/Biker?status=active&presence=offline`);
    const first = page.locator('tbody tr').first().getByRole('link').first();
    await expect(first).toBeVisible();
    // The link's text ends with its spoken "(opens in a new tab)".
    const name = (await first.innerText()).replace(/\(opens in a new tab\)/, '').trim();
    await page.goto((await first.getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    const pkg = page.locator('section', { has: page.getByRole('heading', { name: 'Package', exact: true }) });
    const select = pkg.getByLabel('Package');
    await hydrated(select);
    await select.selectOption('');
    await pkg.getByRole('button', { name: 'Save package' }).click();
    await expect(pkg.getByText('Please Select Package and Select Biker')).toBeVisible();
    const options = await select.locator('option').allInnerTexts();
    const chosen = options.find((o) => o !== 'Choose a package');
    expect(chosen, 'an open package in Bangkok').toBeTruthy();
    await select.selectOption({ label: chosen! });
    await pkg.getByRole('button', { name: 'Save package' }).click();
    await expect(page.getByText('Package saved').first()).toBeVisible();
    // The page as it is now (the save bumped the biker's version; the package may have been the biker's already, so
    // the profile's text alone does not show that the refreshed page has arrived).
    await page.reload();
    const profile = page.locator('section', { has: page.getByRole('heading', { name: 'Profile' }) });
    await expect(profile).toContainText(chosen!);

    await changeStatus(page, 'Suspended', 'E2E: documents expired');
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Status history' }) });
    await expect(history).toContainText('E2E: documents expired');
    await page.goto(`${D}/Member/Biker?status=suspended&q=${encodeURIComponent(name)}`);
    await expect(page.locator('tbody tr').filter({ hasText: name })).toHaveCount(1);

    // Back to active, so the rest of the suite finds the area as it was.
    await page.goBack();
    await changeStatus(page, 'Active', 'E2E: documents renewed');
  });
});
