import { request } from '@playwright/test';
import { API_URL } from '../playwright.config';
import { expect, test } from './support/test';
import { apiLogin } from './support/platform-api';
import { fillLogin, pathOnly } from './support/sign-in';
import { uniqueEmail } from './support/users';

/**
 * Approval (contract/access/approval.ts): a staff member who may edit shops but not approve them is offered no move to
 * `active` (the shop's status, a new shop's status, the bulk bar), and a forged call to activate is refused.
 */
const D = '/Service/Delivery';
const tag = Date.now().toString(36).slice(-6);
const user = { username: `approver.no.${tag}`, password: 'Staff#2026' };
let shopId = '';
let shopVersion = 0;

test.beforeAll(async () => {
  const admin = await apiLogin('admin', 'Admin#2026');
  const bkk = await apiLogin('staff.bkk', 'Staff#2026');
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${admin.accessToken}` } });
  try {
    const made = await api.post('/api/admin/Users/Staff', {
      data: { ...user, displayName: 'No Approval', email: uniqueEmail('approval'), area: bkk.userData.area, appid: bkk.userData.appid },
    });
    expect(made.status()).toBe(201);
    const uid = String(((await made.json()) as { data: { id: string } }).data.id);
    const flags = (read: boolean, write: boolean, create: boolean) => ({ read, write, create, delete: false });
    const granted = await api.put(`/api/admin/Users/Staff/${uid}/permission`, {
      data: [
        {
          services: 'Delivery',
          data: [
            { name: 'Service Delivery Shop', ...flags(true, true, true) },
            // Reads and edits the registrations' list, but may not decide (the approval right is its create flag).
            { name: 'Service Delivery Regis Shop', ...flags(true, true, false) },
          ],
        },
      ],
    });
    expect(granted.status()).toBe(200);
    const bkkApi = { authorization: `Bearer ${bkk.accessToken}` };
    const pkg = ((await (await api.get('/api/admin/Delivery/ShopPackage?sort=name', { headers: bkkApi })).json()) as { data: { id: string }[] }).data[0]!;
    const type = ((await (await api.get('/api/admin/Delivery/TypeShop', { headers: bkkApi })).json()) as { data: { id: string }[] }).data[0]!;
    const shop = await api.post('/api/admin/Delivery/Shop', {
      headers: bkkApi,
      data: {
        name: `Pending ${tag}`,
        owner: 'Owner',
        email: uniqueEmail('pending-shop'),
        phone: `08${String(Date.now()).slice(-8)}`,
        public: true,
        openTime: '09:00',
        closeTime: '18:00',
        lat: '13.75',
        lng: '100.50',
        packageId: pkg.id,
        typeId: type.id,
        permissionEdit: false,
        orderShowPrice: true,
        showDistanceShopOnHome: true,
        showPersonDetailOnShop: false,
        Limit_post: 0,
        Limit_product: 0,
        status: 'pending',
      },
    });
    expect(shop.status()).toBe(201);
    const row = ((await shop.json()) as { data: { id: string; version: number } }).data;
    shopId = String(row.id);
    shopVersion = row.version;
  } finally {
    await api.dispose();
  }
});

test('staff without the approval right get no activate option, and a forged activation is refused', async ({ page }) => {
  await page.goto('/auth/login');
  await fillLogin(page, user.username, user.password);
  await expect(page).toHaveURL(pathOnly(`${D}/Dashboard`));

  await page.goto(`${D}/Shop/View/${shopId}`);
  const next = page.getByLabel('New status');
  await expect(next).toBeVisible();
  await expect(next.locator('option')).toHaveText(['Closed']);

  await page.goto(`${D}/Shop/Add`);
  const status = page.getByLabel('Status', { exact: true });
  await expect(status).toBeVisible();
  await expect(status.locator('option[value="active"]')).toHaveCount(0);
  await expect(status.locator('option[value="pending"]')).toHaveCount(1);

  const origin = new URL(page.url()).origin;
  const forged = await page.request.patch(`/api/admin/Delivery/Shop/${shopId}/status`, {
    data: { status: 'active', version: shopVersion },
    headers: { origin },
  });
  expect(forged.status()).toBe(403);
  const bulk = await page.request.patch('/api/admin/Delivery/Shop/status', { data: { ids: [shopId], status: 'active' }, headers: { origin } });
  expect(bulk.status()).toBe(403);
  await page.goto(`${D}/Shop/View/${shopId}`);
  await expect(page.getByLabel('New status').locator('option')).toHaveText(['Closed']);
});
