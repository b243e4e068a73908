import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signAutologinToken } from '../contract/autologin';
import { E2E } from '../playwright.config';
import { apiLogin } from '../e2e/support/platform-api';
import { fillLogin, pageAlert, pathOnly } from '../e2e/support/sign-in';
import { SESSION_COOKIE, USERS } from '../e2e/support/users';

/**
 * Two portal instances behind one address (the round-robin proxy on E2E_PORTAL_PORT, the instances on the next two
 * ports), sharing sign-outs through Redis. Each check also talks to each instance directly.
 */
const PROXY = `http://127.0.0.1:${E2E.portalPort}`;
const INSTANCES = [`http://127.0.0.1:${E2E.portalPort + 1}`, `http://127.0.0.1:${E2E.portalPort + 2}`] as const;
/** The documented windows: the portal's permission cache (PERMISSION_CACHE_MS) and the API's token cache (TOKEN_CACHE_MS). */
const PERMISSION_WINDOW_MS = 2000 + 1000;

async function signInAt(page: Page, base: string, role: keyof typeof USERS): Promise<void> {
  await page.goto(`${base}/auth/login`);
  await fillLogin(page, USERS[role].username, USERS[role].password);
  await expect(page).toHaveURL(pathOnly(USERS[role].home));
}
const sessionOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION_COOKIE);

test('pages alternate between the instances and the session holds on both', async ({ page }) => {
  await signInAt(page, PROXY, 'bkk');
  const served = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const res = await page.goto(`${PROXY}/Service/Delivery/Orders`);
    served.add(res!.headers()['x-served-by']!);
    await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
  }
  expect(served.size).toBe(2);
});

test('a sign-out on one instance is honoured by the other: the copied cookie is refused there', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, INSTANCES[0], 'bkk');
  const cookie = (await sessionOf(context))!;
  expect(cookie).toBeDefined();
  await page.goto(`${INSTANCES[1]}/Service/Delivery/Dashboard`);
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));

  // Signed out on the first instance…
  await page.goto(`${INSTANCES[0]}${USERS.bkk.home}`);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  // …the old cookie, put back, opens nothing on the second.
  const thief = await browser.newContext();
  await thief.addCookies([cookie]);
  const other = await thief.newPage();
  await other.goto(`${INSTANCES[1]}${USERS.bkk.home}`);
  await expect(other).toHaveURL(pathOnly('/auth/login'));
  expect(await other.evaluate(() => fetch('/api/admin/Delivery/Orders?page=1').then((r) => r.status))).toBe(401);
  await Promise.all([context.close(), thief.close()]);
});

test('an auto-login link works once across both instances', async ({ browser }) => {
  const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
  const token = await signAutologinToken(E2E.autologinSecret, 'portal', { uid: bkk.userData.uid, author: 'two-portals' });
  const url = (base: string) => `${base}/autologinPortal?${new URLSearchParams({ token, to: '/Service/Delivery/Shop' })}`;
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  await firstPage.goto(url(INSTANCES[0]));
  await expect(firstPage).toHaveURL(pathOnly('/Service/Delivery/Shop'));

  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await secondPage.goto(url(INSTANCES[1]));
  await expect(secondPage).toHaveURL(pathOnly('/auth/login'));
  await expect(pageAlert(secondPage)).toHaveText('Wrong Email or Password');
  expect(await sessionOf(second)).toBeUndefined();
  await Promise.all([first.close(), second.close()]);
});

test('a revoked permission closes the page on both instances within the documented window', async ({ browser }) => {
  const [admin, bkk] = await Promise.all([apiLogin(USERS.admin.username, USERS.admin.password), apiLogin(USERS.bkk.username, USERS.bkk.password)]);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, PROXY, 'bkk');
  for (const base of INSTANCES) {
    await page.goto(`${base}/Service/Delivery/Orders`);
    await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
  }
  // Away from the Orders page while the flag is taken (an open page that reads it would end the session itself).
  await page.goto(`${INSTANCES[0]}/Service/Delivery/Dashboard`);
  const bffStatus = () => page.evaluate(() => fetch('/api/admin/Delivery/Orders?page=1').then((r) => r.status));
  const setOrders = (read: boolean) =>
    page.request.put(`http://127.0.0.1:${E2E.apiPort}/api/admin/Users/Staff/${bkk.userData.uid}/permission`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
      data: [{ services: 'Delivery', data: [{ name: 'Service Delivery Orders', read, write: read, create: read, delete: false }] }],
    });
  try {
    expect(await bffStatus()).toBe(200);
    expect((await setOrders(false)).status()).toBe(200);
    await page.waitForTimeout(PERMISSION_WINDOW_MS);
    // Past the window, the BFF of either instance refuses the call…
    for (const base of INSTANCES) {
      await page.goto(`${base}/Service/Delivery/Dashboard`);
      await expect(page).toHaveURL(pathOnly('/Service/Delivery/Dashboard'));
      expect(await bffStatus(), base).toBe(403);
    }
    // …and the page: asked on one instance, it ends the session ('You are not authorized'), which the other honours.
    await page.goto(`${INSTANCES[1]}/Service/Delivery/Orders`);
    await expect(page).toHaveURL(pathOnly('/auth/login'));
    await page.goto(`${INSTANCES[0]}/Service/Delivery/Dashboard`);
    await expect(page).toHaveURL(pathOnly('/auth/login'));
  } finally {
    expect((await setOrders(true)).status()).toBe(200);
    await context.close();
  }
});
