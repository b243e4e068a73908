import { expect, test, type Page } from './support/test';
import { apiRegister, dropPermissions } from './support/platform-api';
import { fillLogin, pageAlert, pathOnly } from './support/sign-in';
import { SESSION_COOKIE, stateFile, uniqueEmail } from './support/users';

/**
 * Links and prefetches: a page links only to pages the user may read, and a prefetch of one they may not is refused
 * without ending the session; only opening such a page signs the user out (the spec's permission check).
 */
const SHORTCUTS = ['My Services', 'Payment', 'Log'];
const NARROWED = ['Company MyService', 'Company Payment', 'Company Log'];

test.describe('the company dashboard with the full list', () => {
  test.use({ storageState: stateFile('admin') });

  test('shows the three shortcuts', async ({ page }) => {
    await page.goto('/');
    const shortcuts = page.getByTestId('dashboard-shortcuts');
    for (const name of SHORTCUTS) await expect(shortcuts.getByRole('link', { name, exact: true })).toBeVisible();
  });
});

/** A prefetch of `path` (as the router or the browser makes one) neither signs out nor lands on the sign-in page. */
async function expectPrefetchKeepsSession(page: Page, path: string, headers: Record<string, string>): Promise<void> {
  const answer = await page.request.get(path, { headers });
  expect(new URL(answer.url()).pathname).not.toMatch(/^\/auth\//);
  expect(answer.headers()['set-cookie'] ?? '').not.toContain(SESSION_COOKIE);
  expect((await page.context().cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(true);
}

test('an admin whose list lacks MyService, Payment and Log stays signed in on the dashboard, without those links', async ({ browser }) => {
  const email = uniqueEmail('narrowed');
  await apiRegister('Narrowed Company', email, 'Narrow#2026');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  await fillLogin(page, email, 'Narrow#2026');
  await expect(page).toHaveURL(pathOnly('/'));
  // The full list's dashboard rendered the shortcuts and Next prefetches them; the list narrows meanwhile.
  await page.waitForLoadState('networkidle');
  expect(await dropPermissions(email, NARROWED)).toBe(NARROWED.length);
  // A prefetch of a page the list no longer reads (the first dashboard's links, prefetched again) keeps the session.
  await expectPrefetchKeepsSession(page, '/MyService', { 'next-router-prefetch': '1', rsc: '1' });

  const prefetched: string[] = [];
  page.on('request', (r) => {
    if (r.headers()['next-router-prefetch']) prefetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('dashboard-shortcuts')).toHaveCount(0);
  for (const href of ['/MyService', '/Payment', '/Log']) await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  // Long enough for Next to prefetch what the page links to (and, before, for the sign-out that followed).
  await page.waitForTimeout(3000);
  await expect(page).toHaveURL(pathOnly('/'));
  expect(prefetched.filter((p) => ['/MyService', '/Payment', '/Log'].includes(p))).toEqual([]);
  expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(true);

  // A prefetch of such a page (as a link elsewhere, or the browser, may make) is refused and the session stays.
  const prefetches: Record<string, string>[] = [{ 'next-router-prefetch': '1', rsc: '1' }, { 'sec-purpose': 'prefetch' }, { purpose: 'prefetch' }];
  for (const headers of prefetches) await expectPrefetchKeepsSession(page, '/Payment', headers);
  await page.reload();
  await expect(page).toHaveURL(pathOnly('/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Opening the page itself follows the spec: signed out, sent to sign in.
  await page.goto('/Payment');
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  await expect(pageAlert(page)).toHaveText('You are not authorized');
  expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
  await context.close();
});
