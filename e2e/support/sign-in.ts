import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { USERS, type Role } from './users';

/** Fills the login form as a person does and submits it (the page must be on /auth/login). */
export async function fillLogin(page: Page, username: string, password: string, { remember = false } = {}): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /auth/login, signs in and waits until the portal has moved on to `expectedPath`. */
export async function signIn(page: Page, role: Role, { remember = false, expectedPath }: { remember?: boolean; expectedPath?: string } = {}): Promise<void> {
  const user = USERS[role];
  await page.goto('/auth/login');
  await fillLogin(page, user.username, user.password, { remember });
  await expect(page).toHaveURL(pathOnly(expectedPath ?? user.home));
}

/** A new browser context signed in through the login page (for tests that end or revoke their session). */
export async function freshSignedInContext(browser: Browser, role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, role);
  return { context, page };
}

/** Matches a URL whose path (without query) is exactly `path`. */
export function pathOnly(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}(?:[?#].*)?$`);
}

/** Matches the login page with the given `to` (the page the user was on). */
export function loginWith(to: string): RegExp {
  const escaped = encodeURIComponent(to).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/auth/login\\?(?:.*&)?to=${escaped}(?:&|$)`);
}

/** Signs out through the user menu of the app shell. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(pathOnly('/auth/login'));
}

/** The page's own alert (Next's route announcer also has role="alert", outside <main>). */
export function pageAlert(page: Page) {
  return page.getByRole('main').getByRole('alert');
}
