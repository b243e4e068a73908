import { expect, test } from './support/test';
import { upstream } from './support/platform-api';
import { fillLogin, pageAlert, pathOnly } from './support/sign-in';
import { USERS, stateFile } from './support/users';

const DOWN_TITLE = 'The Platform API cannot be reached';
/** What a leaked stack trace or raw error would look like on the page. */
const LEAK = /\bat \S+ \(|node_modules|ECONNREFUSED|UpstreamError|\.tsx?:\d+/;

test.afterEach(async () => {
  await upstream('start');
});

test.describe('signed in', () => {
  test.use({ storageState: stateFile('admin') });

  test('a page shows a clear error while the Platform API is down and works again after a retry', async ({ page }) => {
    await upstream('stop');
    // A permission list fetched in the last 2 s may still answer; the first page that needs the upstream fails.
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: DOWN_TITLE })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText('The service behind the portal is not answering right now.')).toBeVisible();
    await expect(page).toHaveURL(pathOnly('/'));
    expect(await page.locator('body').innerText()).not.toMatch(LEAK);

    const bff = await page.request.get('/api/admin/Users/Staff');
    expect(bff.status()).toBe(502);
    const answer = await bff.text();
    expect(JSON.parse(answer)).toMatchObject({ status: false, message: 'The Platform API cannot be reached. Try again in a moment.' });
    expect(answer).not.toMatch(LEAK);

    await upstream('start');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Company Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: DOWN_TITLE })).toBeHidden();
    await expect(page).toHaveURL(pathOnly('/'));
    // The session survived the outage.
    expect((await page.request.get('/api/admin/Users/Staff')).status()).toBe(200);
  });
});

test('signing in while the Platform API is down says so and keeps what was typed', async ({ page }) => {
  await page.goto('/auth/login');
  await upstream('stop');
  await fillLogin(page, USERS.bkk.username, USERS.bkk.password);
  await expect(pageAlert(page)).toContainText('not answering right now');
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(USERS.bkk.username);

  await upstream('start');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(pathOnly(USERS.bkk.home));
});
