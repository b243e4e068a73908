import { expect, request, test, type APIRequestContext } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { stateFile, USERS } from './support/users';
import { ALWAYS_OPEN_SHOP } from './support/orders';

/** Vouchers (Privileges → Voucher): staff.bkk makes a first-order voucher for one shop; a new member's order uses it. */
const LIST = '/Service/Delivery/Voucher';
const tag = Date.now().toString(36).slice(-6).toUpperCase();
const code = `FIRST${tag}`;
const inTen = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

/** The member app's calls on the app channel (with its key), as the demo admin. */
async function memberApp<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
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

const foodOrder = (memberId: string, shopId: string) => ({
  memberId,
  shopId,
  items: [{ name: 'E2E Khao Man Gai', qty: 2, price: 6_000 }],
  paymentMethod: 'cash',
  dropoff: { address: '99 Sukhumvit Road', lat: '13.7367', lng: '100.5232' },
  voucherCode: code.toLowerCase(),
});

test.describe('Voucher as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('a first-order voucher for one shop: a new member’s first order uses it, the second is refused', async ({ page }) => {
    await page.goto(`${LIST}?new=1`);
    // The add form opens above the list (whose filters have labels of their own).
    const form = page.getByRole('region', { name: 'New voucher' });
    const codeInput = form.getByLabel('Code', { exact: true });
    await hydrated(codeInput);
    await codeInput.fill(code.toLowerCase());
    await form.getByLabel('Title', { exact: true }).fill(`Welcome ${tag}`);
    await form.getByLabel('Expires on').fill(inTen);
    await form.getByLabel('Amount kind').selectOption('fixed');
    // A fixed voucher has no cap: the maximum discount only shows for a percent one.
    await expect(form.getByLabel('Maximum discount')).toHaveCount(0);
    await form.getByLabel('Amount kind').selectOption('percent');
    await expect(form.getByLabel('Maximum discount')).toBeVisible();
    await form.getByLabel('Amount kind').selectOption('fixed');
    await form.getByLabel('Amount', { exact: true }).fill('20');
    await form.getByLabel('Type of discount').selectOption('firstOrder');
    await form.getByLabel('Paid by').selectOption('app');
    const shop = form.getByLabel('Only Shop');
    // A shop that takes orders at any hour, so the member's orders below are taken whatever the time.
    const shopId = await shop.locator('option', { hasText: ALWAYS_OPEN_SHOP }).first().getAttribute('value');
    expect(shopId).toMatch(/^\d+$/);
    await shop.selectOption(shopId!);
    await form.getByLabel('Uses in all (limitMax)').fill('10');
    await form.getByLabel('Uses per member (Per/User)').fill('2');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/Voucher\/View\/\d+$/);
    await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);
    await expect(page.getByText('No order has used this voucher yet.')).toBeVisible();

    // A new member signs up in Bangkok and places a first order at that shop with the code.
    const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
    const phone = `09${String(Date.now()).slice(-8)}`;
    const { first, second } = await memberApp(async (api) => {
      const signUp = await api.post('/api/app/Delivery/Members', { data: { name: `E2E Voucher ${tag}`, phone, areaId: String(bkk.userData.area) } });
      expect(signUp.status(), await signUp.text()).toBe(201);
      const memberId = String(((await signUp.json()) as { data: { memberId: string } }).data.memberId);
      const placed = await api.post('/api/app/Delivery/Orders', { data: foodOrder(memberId, shopId!) });
      expect(placed.status(), await placed.text()).toBe(201);
      const again = await api.post('/api/app/Delivery/Orders', { data: foodOrder(memberId, shopId!) });
      return {
        first: ((await placed.json()) as { data: { orderNo: string; discount: number; voucherCode: string } }).data,
        second: { status: again.status(), body: (await again.json()) as { errors: Record<string, string[]> } },
      };
    });
    expect(first).toMatchObject({ discount: 2_000, voucherCode: code });
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual({ voucherCode: ['voucherFirstOrderOnly'] });

    // The voucher's page shows the use and what it cost.
    await page.reload();
    const uses = page.getByRole('table', { name: 'Uses' });
    await expect(uses.getByRole('link', { name: first.orderNo })).toBeVisible();
    await expect(uses.getByRole('row')).toHaveCount(2);
    await expect(uses).toContainText(`E2E Voucher ${tag}`);
    await expect(page.getByText('Total discount')).toBeVisible();

    await uses.getByRole('link', { name: first.orderNo }).click();
    await expect(page).toHaveURL(/\/Orders\/View\/\d+$/);
    await expect(page.getByText(code, { exact: true })).toBeVisible();

    // The list finds it by code, with its amount in money and its uses out of the limit; the filters stay in the URL.
    await page.goto(`${LIST}?q=${code.toLowerCase()}&source=app`);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1 / 10');
    await expect(row).toContainText('20.00');
    await page.goto(`${LIST}?q=${code.toLowerCase()}&source=shop`);
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
    await expect(page.locator('#filter-source')).toHaveValue('shop');
  });
});
