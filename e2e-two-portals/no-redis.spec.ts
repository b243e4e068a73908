import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signAutologinToken } from '../contract/autologin';
import { E2E } from '../playwright.config';
import { apiLogin, apiRegister, dropPermissions } from '../e2e/support/platform-api';
import { fillLogin, pathOnly } from '../e2e/support/sign-in';
import { SESSION_COOKIE, USERS, uniqueEmail } from '../e2e/support/users';

/**
 * Two portal instances sharing nothing but the Platform API (no Redis): `E2E_NO_REDIS=1 npx playwright test -c
 * playwright.two-portals.config.ts`. What holds without a shared revocation list is what the Platform API knows.
 */
const INSTANCES = [`http://127.0.0.1:${E2E.portalPort + 1}`, `http://127.0.0.1:${E2E.portalPort + 2}`] as const;

const sessionOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION_COOKIE);

async function signInAt(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(`${base}/auth/login`);
  await fillLogin(page, username, password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** A browser holding a copy of a cookie, opening `path` on `base`. */
async function withCopiedCookie(browser: Browser, cookie: Awaited<ReturnType<typeof sessionOf>>, base: string, path: string) {
  const thief = await browser.newContext();
  await thief.addCookies([cookie!]);
  const page = await thief.newPage();
  await page.goto(`${base}${path}`);
  return { thief, page };
}

test('a forced sign-out on one instance (a page the user may not read) leaves a copied cookie useless on the other', async ({ browser }) => {
  const email = uniqueEmail('forced');
  await apiRegister('Forced Company', email, 'Forced#2026');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, INSTANCES[0], email, 'Forced#2026');
  const cookie = await sessionOf(context);
  expect(cookie).toBeDefined();
  expect(await dropPermissions(email, ['Company Payment'])).toBe(1);

  await page.goto(`${INSTANCES[0]}/Payment`);
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  const { thief, page: copy } = await withCopiedCookie(browser, cookie, INSTANCES[1], '/');
  await expect(copy).toHaveURL(pathOnly('/auth/login'));
  expect(await copy.evaluate(() => fetch('/api/admin/Delivery/Orders?page=1').then((r) => r.status))).toBe(401);
  await Promise.all([context.close(), thief.close()]);
});

test('a logout on one instance leaves a copied cookie useless on the other', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, INSTANCES[0], USERS.cnx.username, USERS.cnx.password);
  const cookie = await sessionOf(context);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  const { thief, page: copy } = await withCopiedCookie(browser, cookie, INSTANCES[1], USERS.cnx.home);
  await expect(copy).toHaveURL(pathOnly('/auth/login'));
  await Promise.all([context.close(), thief.close()]);
});

test('a used auto-login link opened on the other instance does not sign the victim out', async ({ browser }) => {
  const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
  const token = await signAutologinToken(E2E.autologinSecret, 'portal', { uid: bkk.userData.uid, author: 'no-redis' });
  const url = (base: string) => `${base}/autologinPortal?${new URLSearchParams({ token })}`;
  const first = await browser.newContext();
  await (await first.newPage()).goto(url(INSTANCES[0]));
  expect(await sessionOf(first)).toBeDefined();

  // The victim is signed in on the other instance, which never saw the link's nonce, and is made to open it.
  const victim = await browser.newContext();
  const page = await victim.newPage();
  await signInAt(page, INSTANCES[1], USERS.admin.username, USERS.admin.password);
  const before = await sessionOf(victim);
  await page.goto(url(INSTANCES[1]));
  await page.goto(`${INSTANCES[1]}/`);
  await expect(page).toHaveURL(pathOnly('/'));
  expect((await sessionOf(victim))?.value).toBe(before?.value);
  await Promise.all([first.close(), victim.close()]);
});
