import { expect, request, test, type Page } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';

/**
 * Marketplace settings as staff.market: a carrier's weight table (an overlapping band refused on its cell), a
 * Marketplace package's product limit, and members' purchase requests answered with a quote or closed.
 */
const CARRIERS = '/Service/Marketplace/Carrier';
const PACKAGES = '/Service/Marketplace/Manage/Packages';
const REQUESTS = '/Service/Marketplace/Request/Buy';
const tag = Date.now().toString(36).slice(-5);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Two members' purchase requests sent by the member app (the app channel, straight on the Platform API). */
async function membersAsk(titles: string[]): Promise<void> {
  const market = await apiLogin(USERS.market.username, USERS.market.password);
  const admin = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api = await request.newContext({ baseURL: API_URL });
  try {
    const members = await api.get('/api/admin/Marketplace/Members', {
      params: { page: 1, pageSize: 100 },
      headers: { authorization: `Bearer ${admin.accessToken}` },
    });
    expect(members.status(), await members.text()).toBe(200);
    const rows = ((await members.json()) as { data: { id: string; areaId?: string }[] }).data;
    const member = rows.find((m) => String(m.areaId) === String(market.userData.area));
    expect(member, 'a seeded member of staff.market’s area').toBeTruthy();
    for (const title of titles) {
      const res = await api.post(`/api/app/Marketplace/RequestBuy`, {
        data: { memberId: member!.id, title, detail: 'Any colour, boxed', quantity: 2 },
        headers: { authorization: `Bearer ${market.accessToken}`, [APP_KEY_HEADER]: E2E.appApiKey },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  } finally {
    await api.dispose();
  }
}

test.describe('Marketplace settings as staff.market', () => {
  test.use({ storageState: stateFile('market') });

  test('adds a carrier with two weight bands; an overlapping band is refused on its cell', async ({ page }) => {
    const name = `E2E Post ${tag}`;
    await page.goto(`${CARRIERS}?new=1`);
    const nameInput = page.getByLabel('Name', { exact: true });
    await hydrated(nameInput);
    await nameInput.fill(name);
    await page.getByLabel('Heaviest parcel (g)').fill('5000');
    await page.getByLabel('To (g), row 1').fill('1000');
    await page.getByLabel('Price, row 1').fill('35');
    await page.getByRole('button', { name: 'Add band' }).click();
    await expect(page.getByLabel('From (g), row 2')).toHaveValue('1000');
    await page.getByLabel('From (g), row 2').fill('500');
    await page.getByLabel('To (g), row 2').fill('5000');
    await page.getByLabel('Price, row 2').fill('60.50');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.locator('#field-bands-1-s_weight-error')).toHaveText('Overlaps the band before it');
    await expect(page.getByLabel('Price, row 2')).toHaveValue('60.50');
    await page.getByLabel('From (g), row 2').fill('1000');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    // The carrier's page is the spec's `Carrier/{id}`.
    await expect(page).toHaveURL(/\/Service\/Marketplace\/Carrier\/\d+$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByLabel('To (g), row 2')).toHaveValue('5000');
    await expect(page.getByLabel('Price, row 2')).toHaveValue('60.50');

    await page.goto(`${CARRIERS}?q=${encodeURIComponent(name)}`);
    const row = page.locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Active');
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', /\/Service\/Marketplace\/Carrier\/\d+$/);
  });

  test("edits a Marketplace package's product limit", async ({ page }) => {
    await page.goto(PACKAGES);
    const link = page.locator('tbody tr').first().getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/Service\/Marketplace\/Manage\/Packages\/View\/\d+$/);
    await page.goto(href!);
    const limit = page.getByLabel('Product limit');
    await hydrated(limit);
    const next = String(Number(await limit.inputValue()) + 7);
    await limit.fill(next);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved');
    await page.reload();
    await expect(page.getByLabel('Product limit')).toHaveValue(next);
  });

  test('answers one purchase request with a quote and closes another', async ({ page }) => {
    const quoted = `E2E headphones ${tag}`;
    const closed = `E2E typewriter ${tag}`;
    await membersAsk([quoted, closed]);

    await page.goto(`${REQUESTS}?q=${encodeURIComponent(tag)}`);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    // Newest first.
    await expect(page.locator('tbody tr').first()).toContainText(closed);
    await expect(page.locator('tbody tr', { hasText: quoted })).toContainText('Open');
    // A list's row opens its page in a new tab: follow the link here.
    await page.goto((await page.locator('tbody tr', { hasText: quoted }).getByRole('link', { name: quoted }).getAttribute('href'))!);
    await expect(page).toHaveURL(/\/Request\/Buy\/View\/\d+$/);
    await expect(page.getByText('Any colour, boxed')).toBeVisible();

    const price = page.getByLabel('Quoted price');
    await hydrated(price);
    await price.fill('1500');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await page.getByLabel('Answer to the member').fill('Sony WH-1000XM5, delivered in 5 days');
    await page.getByRole('button', { name: 'Send quote' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Send a quote for “${quoted}”?`);
    await expect(dialog).toContainText('1,500.00');
    await dialog.getByRole('button', { name: 'Send quote' }).click();
    await toast(page, 'Quote sent');
    await expect(page.getByText('Sony WH-1000XM5, delivered in 5 days')).toBeVisible();
    await expect(page.getByText('Quoted', { exact: true }).first()).toBeVisible();
    // A quoted request can still be closed, not quoted again.
    await expect(page.getByRole('button', { name: 'Send quote' })).toHaveCount(0);

    await page.goto(`${REQUESTS}?q=${encodeURIComponent(closed)}`);
    await page.goto((await page.getByRole('link', { name: closed }).getAttribute('href'))!);
    const answer = page.getByLabel('Answer to the member');
    await hydrated(answer);
    await answer.fill('Out of production; we cannot source it');
    await page.getByRole('button', { name: 'Close request' }).click();
    const closing = page.getByRole('alertdialog');
    await expect(closing).toContainText(`Close the request for “${closed}”?`);
    await closing.getByRole('button', { name: 'Close request' }).click();
    await toast(page, 'Request closed');
    await expect(page.getByText('Out of production; we cannot source it')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close request' })).toHaveCount(0);

    await page.goto(`${REQUESTS}?q=${encodeURIComponent(tag)}&state=closed`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText(closed);
  });
});

test.describe('Marketplace settings as staff.bkk (no Marketplace flags)', () => {
  test.use({ storageState: stateFile('bkk') });

  test('the BFF refuses the calls', async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    for (const path of ['Carrier', 'Manage/Packages', 'Request/Buy']) {
      expect((await page.request.get(`/api/admin/Marketplace/${path}`)).status(), path).toBe(403);
    }
  });
});
