import { expect, request, test, type APIRequestContext, type Page } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';

/**
 * Setting → Language as admin: a Thai string edited in the grid reaches the member app's endpoint with a new version;
 * the missing filter; a save that loses a race keeps what was typed; Marketplace has no strings; staff may not open it.
 */
const D = '/Service/Delivery/Setting/LangInApps';
const tag = Date.now().toString(36).slice(-5);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The Platform API as the member app and the admin use it (straight, never through the portal). */
async function withApi<T>(run: (api: APIRequestContext, token: string) => Promise<T>): Promise<T> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    return await run(api, login.accessToken);
  } finally {
    await api.dispose();
  }
}

/** What the member app reads in Thai: status, ETag and body. */
function appRead(ifNoneMatch?: string) {
  return withApi(async (api) => {
    const res = await api.get('/api/app/Delivery/Lang/member?lang=th', {
      headers: { [APP_KEY_HEADER]: E2E.appApiKey, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    });
    const body = res.status() === 200 ? ((await res.json()) as { data: { version: number; strings: Record<string, string> } }) : null;
    return { status: res.status(), etag: res.headers().etag ?? '', data: body?.data ?? null };
  });
}

test.describe('Language strings as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('edits a Thai string, saves with Ctrl+S, and the member app gets the new text with a new version', async ({ page }) => {
    const before = await appRead();
    expect(before.status).toBe(200);
    expect(before.etag).toBe(`"${before.data!.version}"`);
    expect((await appRead(before.etag)).status).toBe(304);

    await page.goto(`${D}?q=cart.checkout`);
    await expect(page).toHaveTitle(/^Language · /);
    await expect(page.getByRole('link', { name: /Member app/ })).toHaveAttribute('aria-current', 'page');
    const cell = page.getByLabel('Thai, cart.checkout', { exact: true });
    await hydrated(cell);
    const text = `ชำระเงิน ${tag}`;
    await cell.fill(text);
    await expect(cell).toHaveAttribute('data-changed', 'true');
    await expect(page.getByText('1 unsaved change')).toBeVisible();
    await page.keyboard.press('Control+s');
    await toast(page, /^Saved\. The apps now get version/);
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Thai, cart.checkout', { exact: true })).toHaveValue(text);

    const after = await appRead(before.etag);
    expect(after.status).toBe(200);
    expect(after.data!.version).toBeGreaterThan(before.data!.version);
    expect(after.etag).toBe(`"${after.data!.version}"`);
    expect(after.data!.strings['cart.checkout']).toBe(text);
  });

  test('shows the missing Burmese translations, and Tab moves from cell to cell', async ({ page }) => {
    await page.goto(D);
    const counts = page.getByRole('group', { name: 'Missing translations per language' });
    await expect(counts.getByRole('link', { name: /^Burmese: \d+ missing$/ })).toBeVisible();
    await page.getByLabel('Translations', { exact: true }).selectOption('my');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(page).toHaveURL(/missing=my/);
    const burmese = page.getByRole('textbox', { name: /^Burmese, / });
    await expect(burmese.first()).toBeVisible();
    const n = await burmese.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await expect(burmese.nth(i)).toHaveValue('');
    await expect(burmese.first()).toHaveAttribute('placeholder', 'Missing');
    await expect(page.getByRole('rowheader', { name: 'order.message.arriving' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'cart.title', exact: true })).toHaveCount(0);

    const first = page.getByRole('textbox', { name: /^English, / }).first();
    await hydrated(first);
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: /^Thai, / }).first()).toBeFocused();
  });

  test('a save that someone else beat keeps the typed cell and names the key', async ({ page }) => {
    await page.goto(`${D}?client=shop&q=menu.sold_out`);
    const cell = page.getByLabel('Chinese, menu.sold_out', { exact: true });
    await hydrated(cell);
    const mine = `卖完了 ${tag}`;
    await cell.fill(mine);
    // Meanwhile another admin saves the same key.
    await withApi(async (api) => {
      const list = await api.get('/api/admin/Delivery/Setting/LangInApps', { params: { client: 'shop', q: 'menu.sold_out' } });
      const row = ((await list.json()) as { data: { id: string; key: string; version: number }[] }).data.find((r) => r.key === 'menu.sold_out')!;
      const res = await api.put('/api/admin/Delivery/Setting/LangInApps', {
        data: { client: 'shop', rows: [{ id: row.id, version: row.version, zh: `售完 ${tag}` }] },
      });
      expect(res.status(), await res.text()).toBe(200);
    });
    await page.getByRole('button', { name: 'Save all', exact: true }).click();
    await expect(page.getByText('Someone else saved some of these keys first')).toBeVisible();
    await expect(cell).toHaveValue(mine);
    await expect(page.getByText(`Now saved: 售完 ${tag}`)).toBeVisible();
    // Saving again keeps what was typed here.
    await page.getByRole('button', { name: 'Save all', exact: true }).click();
    await toast(page, /^Saved\./);
    await page.reload();
    await expect(page.getByLabel('Chinese, menu.sold_out', { exact: true })).toHaveValue(mine);
  });

  test("says 'No language settings' for an app without strings, with Import and Add key", async ({ page }) => {
    await page.goto('/Service/Marketplace/Setting/LangInApps?client=biker');
    const main = page.locator('#main');
    await expect(main.getByText('No language settings', { exact: true })).toBeVisible();
    const importButton = main.getByRole('button', { name: 'Import', exact: true });
    await hydrated(importButton);
    await importButton.click();
    await expect(main.getByLabel('File (JSON or CSV)')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add key', exact: true })).toBeVisible();
  });
});

test.describe('Language strings as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('is not for staff: /not-authorized', async ({ page }) => {
    await page.goto(D);
    await expect(page).toHaveURL(/\/not-authorized$/);
  });
});
