import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { API_URL, PORTAL_URL } from '../playwright.config';
import { statusDef } from '../lib/status';
import { addDays, bangkokDay } from '../lib/dashboard/days';
import { msg } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { pathOnly } from './support/sign-in';
import { stateFile, USERS, type Role } from './support/users';

/**
 * The dashboards show what the Platform API holds: each figure is counted here again through the order lists, as
 * the same user (or, for staff.cnx who may not read the lists, as the admin filtered to their area).
 */

const SERVICE = '/Service/Delivery/Dashboard';
const t = (key: string, args?: Record<string, string | number>) => msg('en', key, args);
const SERVICES = ['Delivery', 'Marketplace'] as const;
const LISTS = ['Orders', 'OrdersMessenger'] as const;

interface Window {
  from: string;
  to: string;
  areaId?: string;
}

/** From the first of the month to today. */
const monthWindow = (today: string): Window => ({ from: `${today.slice(0, 8)}01`, to: today });

/** Calls the Platform API directly, signed in as `role`. */
async function apiAs<T>(role: Role, run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const { accessToken } = await apiLogin(USERS[role].username, USERS[role].password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${accessToken}` } });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

async function listPage(api: APIRequestContext, path: string, params: Record<string, string | number>) {
  const response = await api.get(path, { params });
  expect(response.status(), `${path} ${JSON.stringify(params)}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { data: { total: number }[]; total: number };
}

/** Food plus parcel orders created in the window (the list's `total`), in each of `services`. */
async function countOrders(api: APIRequestContext, window: Window, services: readonly string[] = ['Delivery']): Promise<number> {
  const totals = await Promise.all(
    services.flatMap((service) => LISTS.map((list) => listPage(api, `/api/admin/${service}/${list}`, { ...window, page: 1, pageSize: 10 }))),
  );
  return totals.reduce((sum, answer) => sum + answer.total, 0);
}

/** Σ total (satang) of the delivered orders created in the window, paging through the lists. */
async function sumSuccessTotals(api: APIRequestContext, window: Window, services: readonly string[] = ['Delivery']): Promise<number> {
  let sum = 0;
  for (const service of services) {
    for (const list of LISTS) {
      for (let page = 1; ; page++) {
        const answer = await listPage(api, `/api/admin/${service}/${list}`, { ...window, status: 'success', page, pageSize: 100 });
        sum += answer.data.reduce((s, row) => s + row.total, 0);
        if (page * 100 >= answer.total) break;
      }
    }
  }
  return sum;
}

/** Orders per status over the window, food and parcels together (`OrdersStatus`). */
async function statusCounts(api: APIRequestContext, window: Window): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const kind of ['food', 'parcel']) {
    const response = await api.get('/api/admin/Delivery/OrdersStatus', { params: { ...window, kind } });
    expect(response.status(), await response.text()).toBe(200);
    const { data } = (await response.json()) as { data: { counts: { status: string; count: number }[] } };
    for (const c of data.counts) out[c.status] = (out[c.status] ?? 0) + c.count;
  }
  return out;
}

function statusLabel(status: string): string {
  const def = statusDef('orderEvent', status);
  return def ? t(`status.orderEvent.${def.key}`) : status;
}

/** A figure card's exact value (`<data value>`): a count, or satang for money. */
async function figure(page: Page, key: string): Promise<number> {
  const value = await page.getByTestId(`figure-${key}`).locator('data').getAttribute('value');
  expect(value, `figure ${key}`).not.toBeNull();
  return Number(value);
}

/** A chart's card (by its heading), its image (by name) and, opened, the rows of its data table. */
async function chart(page: Page, title: string): Promise<{ card: Locator; rows: string[][] }> {
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.getByRole('img', { name: title, exact: true })).toBeVisible();
  await card.locator('summary').click();
  const table = card.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
  return { card, rows };
}

const digits = (text: string | undefined) => Number((text ?? '').replace(/[^\d]/g, ''));

/** The headline figures the page shows equal the counts made through the API for the same scope. */
async function expectFiguresMatch(page: Page, count: { today: number; month: number; revenue: number }) {
  expect.soft(await figure(page, 'ordersToday'), 'orders today').toBe(count.today);
  expect.soft(await figure(page, 'ordersMonth'), 'orders this month').toBe(count.month);
  expect.soft(await figure(page, 'revenueMonth'), 'revenue this month (satang)').toBe(count.revenue);
}

test.describe('staff.bkk: the Delivery dashboard of Bangkok', () => {
  test.use({ storageState: stateFile('bkk') });

  test('shows the order figures counted through the Platform API as the same user', async ({ page }) => {
    const today = bangkokDay(new Date());
    const month = monthWindow(today);
    const [ordersToday, ordersMonth, revenue] = await apiAs('bkk', (api) =>
      Promise.all([countOrders(api, { from: today, to: today }), countOrders(api, month), sumSuccessTotals(api, month)]),
    );
    expect(ordersMonth, 'the seed gives Bangkok orders this month').toBeGreaterThan(0);

    await page.goto(SERVICE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nav.dashboard'));
    await expectFiguresMatch(page, { today: ordersToday, month: ordersMonth, revenue });
    await expect(page.getByTestId('figure-revenueMonth')).toContainText('Baht');
  });

  test('draws the last 30 days and the statuses with the numbers of the API, as named images with tables', async ({ page }) => {
    const today = bangkokDay(new Date());
    const window: Window = { from: addDays(today, -29), to: today };
    const [orders30, revenue30, statuses] = await apiAs('bkk', (api) =>
      Promise.all([countOrders(api, window), sumSuccessTotals(api, window), statusCounts(api, window)]),
    );

    await page.goto(SERVICE);
    const perDay = await chart(page, t('dashboard.perDay.title'));
    expect(perDay.rows).toHaveLength(30);
    expect(perDay.rows[0]?.[0]).toBe(today.split('-').reverse().join('-'));
    expect(perDay.rows.reduce((sum, row) => sum + digits(row[1]), 0)).toBe(orders30);
    await expect(perDay.card.locator('figcaption')).toContainText(orders30.toLocaleString('en-US'));

    const revenue = await chart(page, t('dashboard.amountPerDay.title'));
    // '1,234.50 Baht' → 123450 satang.
    expect(revenue.rows.reduce((sum, row) => sum + digits(row[2]), 0)).toBe(revenue30);

    const perStatus = await chart(page, t('dashboard.perStatus.title'));
    const shown = Object.fromEntries(perStatus.rows.map((row) => [row[0], digits(row[1])]));
    const expected = Object.fromEntries(
      Object.entries(statuses)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => [statusLabel(status), n]),
    );
    expect(shown).toEqual(expected);
  });

  test('ranks the top shops with links to their pages', async ({ page }) => {
    await page.goto(SERVICE);
    const table = page.getByTestId('top-shops').getByRole('table', { name: t('dashboard.topShops.title') });
    await expect(table).toBeVisible();
    const orders = (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map(digits);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
    const first = table.locator('tbody tr').first().getByRole('link');
    const name = (await first.innerText()).trim();
    await expect(first).toHaveAttribute('href', /^\/Service\/Delivery\/Shop\/View\/\d+$/);
    await first.click();
    await expect(page).toHaveURL(/\/Service\/Delivery\/Shop\/View\/\d+$/);
    await expect(page.getByText(name).first()).toBeVisible();
  });

  test('has no serious accessibility violation with every table open, in the dark theme, and stacks on a phone', async ({ page, context }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: PORTAL_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(SERVICE);
    for (const summary of await page.locator('details > summary').all()) await summary.click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);

    const [a, b] = await Promise.all(['ordersToday', 'ordersMonth'].map((key) => page.getByTestId(`figure-${key}`).boundingBox()));
    expect(a && b && Math.abs(a.x - b.x) < 1 && b.y > a.y, 'one column of figures').toBe(true);
  });
});

test.describe('admin: the Company Dashboard', () => {
  test.use({ storageState: stateFile('admin') });

  test('covers every application and area of the company', async ({ page }) => {
    const today = bangkokDay(new Date());
    const month = monthWindow(today);
    const [ordersToday, ordersMonth, revenue] = await apiAs('admin', (api) =>
      Promise.all([countOrders(api, { from: today, to: today }, SERVICES), countOrders(api, month, SERVICES), sumSuccessTotals(api, month, SERVICES)]),
    );
    const bangkokMonth = await apiAs('bkk', (api) => countOrders(api, month));
    expect(ordersMonth, 'the company holds more than Bangkok').toBeGreaterThan(bangkokMonth);

    await page.goto('/');
    await expect(page).toHaveURL(pathOnly('/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nav.companyDashboard'));
    await expectFiguresMatch(page, { today: ordersToday, month: ordersMonth, revenue });
    for (const title of ['perDay', 'amountPerDay', 'perStatus']) {
      await expect(page.getByRole('img', { name: t(`dashboard.${title}.title`), exact: true })).toBeVisible();
    }
    // Shops belong to a service: the company dashboard names them without links.
    await expect(page.getByTestId('top-shops').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('top-shops').getByRole('link')).toHaveCount(0);
  });
});

test.describe('staff.cnx: only the dashboard readable', () => {
  test.use({ storageState: stateFile('cnx') });

  test('sees the figures of Chiang Mai, counted by the admin for that area', async ({ page }) => {
    const cnx = await apiLogin('staff.cnx', 'Staff#2026');
    const areaId = cnx.userData.area;
    expect(areaId, 'staff.cnx has an area').toBeTruthy();
    const today = bangkokDay(new Date());
    const month = monthWindow(today);
    const [ordersToday, ordersMonth, revenue] = await apiAs('admin', (api) =>
      Promise.all([countOrders(api, { from: today, to: today, areaId }), countOrders(api, { ...month, areaId }), sumSuccessTotals(api, { ...month, areaId })]),
    );

    await page.goto(SERVICE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nav.dashboard'));
    await expectFiguresMatch(page, { today: ordersToday, month: ordersMonth, revenue });
    // No read on the Shop menu: shop names without links.
    await expect(page.getByTestId('top-shops').getByRole('link')).toHaveCount(0);
  });
});
