import { readFileSync } from 'node:fs';
import { expect, request, test, type Page } from './support/test';
import { API_URL } from '../playwright.config';
import { hydrated, msg, sideMenu } from './shell/helpers';
import { arrangeOrderWithBiker, arrangePaidFoodOrder, setBikerPresence, type OrderDetail } from './support/orders';
import { freshSignedInContext, pageAlert, pathOnly } from './support/sign-in';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';

const D = '/Service/Delivery';

/** '1,234.50 Baht' from satang, as the portal shows money. */
const baht = (satang: number) => `${(satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} Baht`;

/** The href of a list row's link (rows open their view in a new tab). */
async function rowHref(page: Page, name: string | RegExp): Promise<string> {
  const link = page.locator('tbody').getByRole('link', { name }).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

test.describe.configure({ mode: 'serial' });

test.describe('Orders as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });
  let order: OrderDetail;

  test.beforeAll(async () => {
    order = await arrangePaidFoodOrder();
  });

  test('filters by status and payment method through the controls; the URL keeps them over a reload', async ({ page }) => {
    await page.goto(`${D}/Orders`);
    const status = page.getByLabel('Status', { exact: true });
    await hydrated(status);
    await status.selectOption('success');
    await expect(page).toHaveURL(/status=success/);
    await page.getByLabel('Payment method', { exact: true }).selectOption('cash');
    await expect(page).toHaveURL(/paymentMethod=cash/);
    await expect(page).toHaveURL(/status=success/);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    await expect(rows.filter({ hasText: 'Delivered' }).filter({ hasText: 'Pay by cash' })).toHaveCount(count);

    await page.getByRole('link', { name: /^Total/ }).click();
    await expect(page).toHaveURL(/sort=total&order=asc/);
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('success');
    await expect(page.getByLabel('Payment method', { exact: true })).toHaveValue('cash');
    const totals = await page.locator('tbody tr td:last-child').allInnerTexts();
    const satang = totals.map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(satang).toEqual([...satang].sort((a, b) => a - b));

    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toMatch(/^\/api\/admin\/Delivery\/Orders\/export\?/);
    expect(exportHref).toContain('status=success');
    expect(exportHref).toContain('paymentMethod=cash');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('orderNo,kind,status,paymentMethod');
    expect(lines.length).toBeGreaterThan(count);
    expect(lines.slice(1).every((line) => /^F\d{6}-\d{7},food,success,cash,/.test(line))).toBe(true);
  });

  test('a filter picked while the typed member filter waits keeps both; "Clear filters" empties the boxes too', async ({ page }) => {
    await page.goto(`${D}/Orders`);
    const member = page.getByLabel('Member (phone or name)', { exact: true });
    await hydrated(member);
    await member.fill('Nobody Of That Name');
    // Within the typing pause: the status must not be lost when the typed value is written to the URL.
    await page.getByLabel('Status', { exact: true }).selectOption('success');
    await expect(page).toHaveURL(/[?&]member=Nobody(\+|%20)Of(\+|%20)That(\+|%20)Name(&|$)/);
    await expect(page).toHaveURL(/[?&]status=success(&|$)/);
    await expect(page.locator('tbody tr')).toHaveCount(0);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(new RegExp(`${D}/Orders$`));
    await expect(member).toHaveValue('');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('');
    await expect(page.locator('tbody tr').first()).toBeVisible();
  });

  test('finds the paid order by number, cancels it with a reason and sees the refund on the timeline', async ({ page }) => {
    await page.goto(`${D}/Orders`);
    const search = page.getByLabel('Order number', { exact: true });
    await hydrated(search);
    await search.fill(order.orderNo.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNo.toLowerCase()}`));
    await expect(page.locator('tbody tr')).toHaveCount(1);
    const href = await rowHref(page, new RegExp(order.orderNo));
    expect(href).toBe(`${D}/Orders/View/${order.id}`);

    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNo}` })).toBeVisible();
    await expect(page.getByText('E2E Pad Thai')).toBeVisible();
    await expect(page.getByText(baht(order.total)).first()).toBeVisible();
    await expect(page.locator('li[data-event="member_create_order_payment_success"]')).toBeVisible();

    // The reason is required: nothing is sent without it.
    const cancel = page.getByRole('button', { name: 'Cancel order', exact: true });
    await hydrated(cancel);
    await cancel.click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByLabel('Reason for cancelling').fill('Customer asked by phone');
    await cancel.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`${baht(order.total)} will be refunded to the member.`);
    // Escape leaves everything as it was, the reason included.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Reason for cancelling')).toHaveValue('Customer asked by phone');
    await cancel.click();
    await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(page.getByText('Order cancelled').first()).toBeVisible();

    const cancelled = page.locator('li[data-event="admin_cancel_order"]');
    await expect(cancelled).toContainText('Cancelled by admin');
    await expect(cancelled).toContainText('Customer asked by phone');
    await expect(page.locator('li[data-event="refund"]')).toContainText(`${baht(order.total)} refunded to the member`);
    await expect(page.getByRole('button', { name: 'Cancel order', exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.locator('li[data-event="admin_cancel_order"]')).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  });

  test('changes the biker; a biker gone offline meanwhile is refused in Thai and the choice stays', async ({ browser }) => {
    const target = await arrangeOrderWithBiker();
    const context = await browser.newContext({ storageState: stateFile('bkk') });
    const url = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1');
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'th', domain: url.hostname, path: '/' }]);
    const page = await context.newPage();
    await page.goto(`${D}/Orders/View/${target.id}`);
    const select = page.getByLabel(msg('th', 'orders.biker.newBiker'), { exact: true });
    await hydrated(select);
    const choices = (await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    expect(choices.length).toBeGreaterThanOrEqual(2);
    expect(choices).not.toContain(target.bikerId);
    const [gone, next] = choices as [string, string];

    const presence = await setBikerPresence(gone, 'offline');
    try {
      await select.selectOption(gone);
      await page.getByRole('button', { name: msg('th', 'orders.biker.change'), exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: msg('th', 'orders.errors.bikerUnavailable') })).toBeVisible();
      await expect(select).toHaveValue(gone);
      await expect(page.locator('li[data-event="biker_change"]')).toHaveCount(0);
    } finally {
      await setBikerPresence(gone, presence);
    }

    await select.selectOption(next);
    await page.getByRole('button', { name: msg('th', 'orders.biker.change'), exact: true }).click();
    await expect(page.getByText(msg('th', 'orders.biker.changed')).first()).toBeVisible();
    await expect(page.locator('li[data-event="biker_change"]')).toContainText(msg('th', 'status.orderEvent.bikerChange'));
    await context.close();
  });

  test('a parcel order shows its sender, receiver and weight', async ({ page }) => {
    await page.goto(`${D}/OrdersMessenger`);
    for (const header of ['Sender', 'Receiver', 'Weight', 'Fee']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    const href = await rowHref(page, /^P\d{6}-\d{7}/);
    expect(href).toMatch(new RegExp(`^${D}/OrdersMessenger/View/\\d+$`));
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: /^Order P\d{6}-\d{7}$/ })).toBeVisible();
    const parcel = page.locator('section', { has: page.getByRole('heading', { name: 'Parcel', exact: true }) });
    await expect(parcel.getByText('Sender', { exact: true })).toBeVisible();
    await expect(parcel.getByText('Receiver', { exact: true })).toBeVisible();
    await expect(parcel.getByText(/^[\d,.]+ gram$/)).toBeVisible();
  });

  test('OrdersStatus counts link into the filtered list', async ({ page }) => {
    await page.goto(`${D}/OrdersStatus`);
    const delivered = page.getByRole('link', { name: /^Delivered\s*[\d,]+$/ });
    await expect(delivered).toBeVisible();
    const shown = Number((await delivered.innerText()).replace(/[^\d]/g, ''));
    expect(shown).toBeGreaterThan(0);
    await delivered.click();
    await expect(page).toHaveURL(pathOnly(`${D}/Orders`));
    await expect(page).toHaveURL(/status=success/);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('success');
    await expect(page.getByText(new RegExp(`^${shown.toLocaleString('en-US')} items?$`))).toBeVisible();
  });

  test('Check/Order finds the order by its number and opens it', async ({ page }) => {
    await page.goto(`${D}/Check/Order`);
    await page.getByLabel('Order number or member phone').fill(order.orderNo.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=/);
    await page.getByRole('link', { name: order.orderNo, exact: true }).click();
    await expect(page).toHaveURL(pathOnly(`${D}/Orders/View/${order.id}`));

    await page.goto(`${D}/Check/Order?q=F000000-9999999`);
    await expect(page.getByText('No order found for “F000000-9999999”')).toBeVisible();
  });
});

test.describe('Orders on the Marketplace', () => {
  test.use({ storageState: stateFile('market') });

  test("staff.market sees the Marketplace's Bangkok orders as the Platform API lists them, and opens one", async ({ page }) => {
    const login = await apiLogin(USERS.market.username, USERS.market.password);
    const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
    const listed = (await (await api.get('/api/admin/Marketplace/Orders?page=1&pageSize=25&sort=createdAt&order=desc')).json()) as {
      data: { orderNo: string; areaName: string }[];
      total: number;
    };
    await api.dispose();
    expect(listed.total).toBeGreaterThan(0);
    expect(new Set(listed.data.map((r) => r.areaName))).toEqual(new Set(['Bangkok']));

    await page.goto('/Service/Marketplace/Orders');
    const links = page.locator('tbody').getByRole('link', { name: /^F\d{6}-\d{7}/ });
    await expect(links.first()).toBeVisible();
    const shown = (await links.allInnerTexts()).map((text) => /F\d{6}-\d{7}/.exec(text)?.[0]);
    expect(shown).toEqual(listed.data.map((r) => r.orderNo));
    const href = await rowHref(page, listed.data[0]!.orderNo);
    expect(href).toMatch(/^\/Service\/Marketplace\/Orders\/View\/\d+$/);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${listed.data[0]!.orderNo}` })).toBeVisible();
  });
});

test.describe('Orders without the permission', () => {
  test('staff.cnx has no Orders menu entry, and the list and a view URL both end signed out as not authorized', async ({ browser }) => {
    const first = await freshSignedInContext(browser, 'cnx');
    await expect(sideMenu(first.page)).toBeVisible();
    await expect(sideMenu(first.page).getByRole('link', { name: 'Orders List' })).toHaveCount(0);
    await expect(sideMenu(first.page).getByRole('link', { name: 'Orders Messenger' })).toHaveCount(0);
    await first.page.goto(`${D}/Orders`);
    await expect(first.page).toHaveURL(pathOnly('/auth/login'));
    await expect(pageAlert(first.page)).toHaveText('You are not authorized');
    await first.context.close();

    const second = await freshSignedInContext(browser, 'cnx');
    await second.page.goto(`${D}/Orders/View/1`);
    await expect(second.page).toHaveURL(pathOnly('/auth/login'));
    await expect(pageAlert(second.page)).toHaveText('You are not authorized');
    const api = await second.page.request.get('/api/admin/Delivery/Orders');
    expect([401, 403]).toContain(api.status());
    await second.context.close();
  });
});
