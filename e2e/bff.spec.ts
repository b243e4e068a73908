import { expect, test, type APIRequestContext } from './support/test';
import { API_URL, PORTAL_URL } from '../playwright.config';
import { apiLogin } from './support/platform-api';
import { JWT_PATTERN, USERS, stateFile } from './support/users';

const STAFF = '/api/admin/Users/Staff';
const SAME_ORIGIN = { origin: PORTAL_URL, 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

interface StaffRow {
  id: string;
  username: string;
  appid: string;
  area: string;
}

async function staffList(request: APIRequestContext): Promise<StaffRow[]> {
  const response = await request.get(STAFF, { params: { pageSize: 100 } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: StaffRow[] }).data;
}

function newStaff(username: string, template: StaffRow) {
  return { username, password: 'Staff#9999', displayName: 'Created by e2e', email: `${username}@example.test`, appid: template.appid, area: template.area };
}

test.describe('as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('GET a company list passes through with the upstream answer', async ({ page }) => {
    const rows = await staffList(page.request);
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['staff.bkk', 'staff.cnx', 'staff.market']));
  });

  test('a cross-site POST is refused and creates nothing; the same call from the portal page works', async ({ page }) => {
    const template = (await staffList(page.request)).find((r) => r.username === 'staff.bkk')!;
    const username = `e2e.csrf.${Date.now().toString(36)}`;

    const forged = await page.request.post(STAFF, { data: newStaff(username, template), headers: CROSS_SITE });
    expect(forged.status()).toBe(403);
    const noOrigin = await page.request.post(STAFF, { data: newStaff(username, template), headers: { 'sec-fetch-site': 'same-site' } });
    expect(noOrigin.status()).toBe(403);
    for (const method of ['put', 'patch', 'delete'] as const) {
      expect((await page.request[method](`${STAFF}/${template.id}`, { data: {}, headers: CROSS_SITE })).status(), method).toBe(403);
    }
    expect((await staffList(page.request)).map((r) => r.username)).not.toContain(username);

    await page.goto('/not-authorized');
    const created = await page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return response.status;
      },
      { path: STAFF, body: newStaff(username, template) },
    );
    expect(created).toBe(201);
    expect((await staffList(page.request)).map((r) => r.username)).toContain(username);
  });

  test('a page on a sibling origin cannot post with the signed-in cookie', async ({ page }) => {
    const template = (await staffList(page.request)).find((r) => r.username === 'staff.bkk')!;
    const username = `e2e.sibling.${Date.now().toString(36)}`;
    await page.goto(`${API_URL}/api/openapi.json`);
    const reached = page.waitForResponse((r) => r.url() === `${PORTAL_URL}${STAFF}` && r.request().method() === 'POST');
    await page.evaluate(
      async ({ url, body }) => {
        await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
      },
      { url: `${PORTAL_URL}${STAFF}`, body: newStaff(username, template) },
    );
    const answer = await reached;
    expect(answer.status()).toBe(403);
    expect((await staffList(page.request)).map((r) => r.username)).not.toContain(username);
  });

  test('only JSON bodies of at most 1 MB are accepted', async ({ page }) => {
    const plain = await page.request.post(STAFF, { data: '{"username":"x"}', headers: { ...SAME_ORIGIN, 'content-type': 'text/plain' } });
    expect(plain.status()).toBe(415);
    const form = await page.request.post(STAFF, { form: { username: 'x' }, headers: SAME_ORIGIN });
    expect(form.status()).toBe(415);
    const big = JSON.stringify({ displayName: 'x'.repeat(1024 * 1024 + 10) });
    const tooLarge = await page.request.post(STAFF, { data: big, headers: { ...SAME_ORIGIN, 'content-type': 'application/json' } });
    expect(tooLarge.status()).toBe(413);
    const bad = await page.request.post(STAFF, { data: '{"username":', headers: { ...SAME_ORIGIN, 'content-type': 'application/json' } });
    expect(bad.status()).toBe(400);
  });

  test('paths outside the allow-list are refused', async ({ page }) => {
    const admin = await apiLogin(USERS.admin.username, USERS.admin.password);
    const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
    expect((await page.request.get('/api/admin/NoSuchResource')).status()).toBe(403);
    expect((await page.request.get('/api/admin/Users/Staff/..%2F..%2Fdev%2Foutbox')).status()).toBe(404);
    expect((await page.request.post('/api/admin/auth/refresh-token', { data: { accessToken: admin.accessToken }, headers: SAME_ORIGIN })).status()).toBe(404);
    expect((await page.request.post('/api/admin/Menu/setMenu', { data: { menuName: [] }, headers: SAME_ORIGIN })).status()).toBe(403);
    // The user's own record passes; anyone else's does not.
    expect((await page.request.get(`/api/admin/AdminUser/view/${admin.userData.uid}`)).status()).toBe(200);
    expect((await page.request.get(`/api/admin/AdminUser/view/${bkk.userData.uid}`)).status()).toBe(403);
  });
});

test.describe('as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('an admin-only list is 403', async ({ page }) => {
    const response = await page.request.get(STAFF);
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ status: false, message: 'You are not authorized' });
  });

  test('tenant headers sent by the browser are not forwarded', async ({ page }) => {
    const cnx = await apiLogin(USERS.cnx.username, USERS.cnx.password);
    const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
    expect(cnx.userData.area).toBeTruthy();
    expect(cnx.userData.area).not.toBe(bkk.userData.area);

    const own = await page.request.get('/api/admin/Delivery/Dashboard');
    expect(own.status()).toBe(200);
    const ownCounts = ((await own.json()) as { data: Record<string, number> }).data;

    const spoofed = await page.request.get('/api/admin/Delivery/Dashboard', {
      headers: {
        area: cnx.userData.area!,
        userrole: 'admin',
        companies: '999',
        office: '999',
        apptype: 'Marketplace',
        appid: '999',
        authorization: `Bearer ${cnx.accessToken}`,
      },
    });
    expect(spoofed.status()).toBe(200);
    expect(((await spoofed.json()) as { data: Record<string, number> }).data).toEqual(ownCounts);

    // The upstream refuses a tenant header that disagrees with the token, so had one been forwarded this was 403.
    const direct = (area: string) =>
      page.request.get(`${API_URL}/api/admin/Delivery/Dashboard`, {
        headers: {
          authorization: `Bearer ${bkk.accessToken}`,
          area,
          userrole: 'staff',
          companies: bkk.userData.companies,
          office: bkk.userData.office,
          apptype: 'Delivery',
          appid: bkk.userData.appid ?? '',
        },
      });
    expect((await direct(bkk.userData.area!)).status()).toBe(200);
    expect((await direct(cnx.userData.area!)).status()).toBe(403);
  });
});

test.describe('signed out', () => {
  test("the portal's login answer never carries a token", async ({ playwright }) => {
    const fresh = await playwright.request.newContext({ baseURL: PORTAL_URL, storageState: { cookies: [], origins: [] } });
    const login = await fresh.post('/api/admin/auth/login', { data: { username: USERS.admin.username, password: USERS.admin.password }, headers: SAME_ORIGIN });
    expect(login.status()).toBe(200);
    expect(await login.json()).toEqual({ status: true, redirect: '/' });
    const wrong = await fresh.post('/api/admin/auth/login', { data: { username: USERS.admin.username, password: 'nope' }, headers: SAME_ORIGIN });
    const text = await wrong.text();
    expect(JSON.parse(text)).toMatchObject({ status: false, message: 'Wrong Email or Password' });
    for (const body of [JSON.stringify(await login.json()), text]) {
      expect(body).not.toMatch(JWT_PATTERN);
      expect(body).not.toContain('accessToken');
    }
    await fresh.dispose();
  });

  test('the BFF answers 401', async ({ request }) => {
    for (const path of [STAFF, '/api/admin/Delivery/Dashboard', '/api/admin/Permission/getPermission']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(401);
    }
    expect((await request.post(STAFF, { data: {}, headers: SAME_ORIGIN })).status()).toBe(401);
  });
});

test.describe('app-only calls through the BFF', () => {
  for (const role of ['admin', 'bkk', 'market'] as const) {
    test.describe(`as ${role}`, () => {
      test.use({ storageState: stateFile(role) });

      test('marking an order paid, creating an order or sending an app event is refused, and the order stays unpaid', async ({ page }) => {
        const service = role === 'market' ? 'Marketplace' : 'Delivery';
        const list = await page.request.get(`/api/admin/${service}/Orders`, { params: { pageSize: 10, status: 'member_create_order_waiting_payment' } });
        expect(list.status()).toBe(200);
        const waiting = ((await list.json()) as { data: { id: string }[] }).data[0];
        const id = waiting?.id ?? '1';
        const calls = [
          page.request.post(`/api/admin/${service}/Orders/${id}/events`, { data: { event: 'member_create_order_payment_success' }, headers: SAME_ORIGIN }),
          page.request.post(`/api/admin/${service}/Orders/${id}/events`, { data: { event: 'shop_receive_order' }, headers: SAME_ORIGIN }),
          page.request.post(`/api/admin/${service}/Orders`, { data: { memberId: '1', deliveryFee: 0, paymentMethod: 'cash' }, headers: SAME_ORIGIN }),
          page.request.post(`/api/admin/${service}/OrdersMessenger`, { data: { memberId: '1', deliveryFee: 0, paymentMethod: 'cash' }, headers: SAME_ORIGIN }),
          page.request.patch(`/api/admin/${service}/Monitor/Biker/1`, { data: { presence: 'online' }, headers: SAME_ORIGIN }),
          page.request.post(`/api/app/${service}/Orders/${id}/events`, { data: { event: 'member_create_order_payment_success' }, headers: SAME_ORIGIN }),
        ];
        const answers = await Promise.all(calls);
        expect(answers.slice(0, 5).map((a) => a.status())).toEqual([403, 403, 403, 403, 403]);
        // The app channel is not a portal path at all: no API answer comes back, only the portal's not-found page.
        expect(answers[5]!.headers()['content-type'] ?? '').not.toContain('application/json');
        if (waiting) {
          const after = await page.request.get(`/api/admin/${service}/Orders/${id}`);
          expect(((await after.json()) as { data: { paymentStatus: string } }).data.paymentStatus).toBe('unpaid');
        }
      });
    });
  }
});
