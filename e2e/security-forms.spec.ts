import { expect, test, type Request } from '@playwright/test';
import { USERS } from './support/users';

/** The sign-in form works without scripts (a slow first load, a script that failed), and no secret ever lands in a URL. */
test.describe('sign-in with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('signs in through the form post and no request URL holds the password', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));
    const { username, password, home } = USERS.bkk;
    await page.goto('/auth/login?to=/Service/Delivery/Shop');
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/Service\/Delivery\/Shop$/);
    expect(home).toBeTruthy();
    expect(urls.filter((url) => url.includes(encodeURIComponent(password)) || url.includes(password))).toEqual([]);
    expect(urls.some((url) => url.includes('password='))).toBe(false);
  });

  test('a wrong password comes back to the form with the message, the password in no URL', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));
    await page.goto('/auth/login');
    await page.getByLabel('Username or e-mail').fill(USERS.cnx.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?error=1$/);
    await expect(page.getByText('Wrong Email or Password')).toBeVisible();
    expect(urls.some((url) => url.includes('not-the-password-42'))).toBe(false);
  });
});

test.describe('register with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('creates the company and signs in through the form post; the password is in no URL', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));
    const password = 'Nojs#Register2026';
    await page.goto('/auth/register');
    await page.getByLabel('Display name').fill('No Script Owner');
    await page.getByLabel('E-mail').fill(`nojs.${Date.now().toString(36)}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).not.toHaveURL(/\/auth\//);
    expect(urls.some((url) => url.includes(password) || url.includes('password='))).toBe(false);
  });

  test('a mismatch comes back to the form with a message, the password in no URL', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));
    await page.goto('/auth/register');
    await page.getByLabel('Display name').fill('No Script Owner');
    await page.getByLabel('E-mail').fill('nojs.mismatch@example.test');
    await page.getByLabel('Password', { exact: true }).fill('Nojs#One2026');
    await page.getByLabel('Confirm password').fill('Nojs#Two2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/register\?error=1$/);
    await expect(page.getByText('The account could not be created. Check what you entered and try again.')).toBeVisible();
    expect(urls.some((url) => url.includes('Nojs#'))).toBe(false);
  });
});
