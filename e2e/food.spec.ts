import { expect, request, test, type APIRequestContext, type Page } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { bangkokMemberAndShop } from './support/orders';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';

/**
 * Products / Food as staff.bkk: a food with an option and an add-on, found in the list and marked sold out, which the
 * member app then cannot order; and a full shop's limit named in the form.
 */
const LIST = '/Service/Delivery/Food';
const tag = Date.now().toString(36).slice(-5);
const dish = `E2E Khao Soi ${tag}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Calls on the Platform API as a user, with the app channel's key for the member app's calls. */
async function asUser<T>(role: 'admin' | 'bkk', run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const login = await apiLogin(USERS[role].username, USERS[role].password);
  const api = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}`, [APP_KEY_HEADER]: E2E.appApiKey },
  });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

test.describe('Food as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('adds a food with an option and an add-on, marks it sold out, and the member app cannot order it', async ({ page }) => {
    const { memberId, shopId } = await bangkokMemberAndShop();
    await page.goto(`${LIST}?new=1`);
    const form = page.getByRole('region', { name: 'New food' });
    const name = form.getByLabel('Name', { exact: true });
    await hydrated(name);
    await form.getByLabel('Shop', { exact: true }).selectOption(shopId);
    await name.fill(dish);
    await form.getByLabel('Price', { exact: true }).fill('65');
    await form.getByLabel('Menu section').fill('Noodles');
    const options = form.getByRole('group', { name: 'Options (the member picks one)' });
    await options.getByRole('button', { name: 'Add option' }).click();
    await options.getByLabel('Name, row 1').fill('Large');
    await options.getByLabel('Adds to the price, row 1').fill('15');
    const addOns = form.getByRole('group', { name: 'Add-ons (the member adds any)' });
    await addOns.getByRole('button', { name: 'Add add-on' }).click();
    await addOns.getByLabel('Name, row 1').fill('Extra egg');
    await addOns.getByLabel('Adds to the price, row 1').fill('10');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/Food\/View\/\d+$/);
    const foodId = /\/Food\/View\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByRole('group', { name: 'Options (the member picks one)' }).getByLabel('Name, row 1')).toHaveValue('Large');
    await expect(page.getByRole('group', { name: 'Add-ons (the member adds any)' }).getByLabel('Adds to the price, row 1')).toHaveValue('10.00');

    // The list finds it by name, with its shop, price and availability.
    await page.goto(`${LIST}?q=${encodeURIComponent(dish)}`);
    const row = page.locator('tbody tr', { hasText: dish });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('65.00');
    await expect(row).toContainText('Noodles');
    await expect(row).toContainText('In stock');
    const soldOut = row.getByRole('button', { name: `Mark ${dish} sold out` });
    await hydrated(soldOut);
    await soldOut.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Mark ${dish} sold out?`);
    await dialog.getByRole('button', { name: 'Mark sold out' }).click();
    await toast(page, `${dish} is marked sold out`);
    await expect(row).toContainText('Sold out');
    await expect(row.getByRole('button', { name: `Mark ${dish} back in stock` })).toBeVisible();
    await page.goto(`${LIST}?availability=sold_out&q=${encodeURIComponent(dish)}`);
    await expect(page.locator('tbody tr', { hasText: dish })).toHaveCount(1);

    // The member app names the food: refused while it is sold out.
    const order = {
      memberId,
      shopId,
      items: [{ foodId, qty: 1, options: ['Large', 'Extra egg'] }],
      paymentMethod: 'cash',
      dropoff: { address: '99 Sukhumvit Road', lat: '13.7367', lng: '100.5232' },
    };
    const refused = await asUser('admin', async (api) => {
      const res = await api.post('/api/app/Delivery/Orders', { data: order });
      return { status: res.status(), body: (await res.json()) as { errors?: Record<string, string[]> } };
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'items.0.foodId': ['soldOut'] });
  });

  test('names the shop’s product limit when the shop is full', async ({ page }) => {
    const { shopId: busy } = await bangkokMemberAndShop();
    // A Bangkok shop other than the first test's, with one food at least.
    const { shopId, count } = await asUser('bkk', async (api) => {
      const shops = (await (await api.get('/api/admin/Delivery/Shop', { params: { pageSize: 50, sort: 'name' } })).json()) as {
        data: { id: string }[];
      };
      const id = shops.data.map((s) => String(s.id)).find((s) => s !== busy)!;
      const made = await api.post('/api/admin/Delivery/Food', { data: { shopId: id, name: `E2E Larb ${tag}`, price: 5_000 } });
      expect(made.status(), await made.text()).toBe(201);
      const listed = (await (await api.get('/api/admin/Delivery/Food', { params: { shopId: id } })).json()) as { total: number };
      return { shopId: id, count: listed.total };
    });

    // Lower the shop's product limit to what it lists now, on the Shop form.
    const setLimit = async (limit: number) => {
      await page.goto(`/Service/Delivery/Shop/View/${shopId}`);
      const input = page.getByLabel('Product limit');
      await hydrated(input);
      await input.fill(String(limit));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Saved');
    };
    await setLimit(count);

    await page.goto(`${LIST}?new=1`);
    const form = page.getByRole('region', { name: 'New food' });
    const name = form.getByLabel('Name', { exact: true });
    await hydrated(name);
    await form.getByLabel('Shop', { exact: true }).selectOption(shopId);
    await name.fill(`E2E Nam Tok ${tag}`);
    await form.getByLabel('Price', { exact: true }).fill('70');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(form.getByText(`The shop's package allows ${count} products: remove one or change the package first`)).toBeVisible();
    // What was typed stays.
    await expect(name).toHaveValue(`E2E Nam Tok ${tag}`);
    await expect(page).toHaveURL(/\?new=1$/);

    await setLimit(20);
  });
});
