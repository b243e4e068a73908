import { expect, test, type Request } from './support/test';
import { apiRegister, latestOtp, otherCode } from './support/platform-api';
import { USERS, uniqueEmail } from './support/users';

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

test.describe('forgot password with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the three steps post themselves; a wrong code and a short password come back with the message; no URL holds the code or password', async ({ page }) => {
    const email = uniqueEmail('nojs.forgot');
    await apiRegister('No Script Reset', email, 'Old#Pass1234');
    const urls: string[] = [];
    page.on('request', (request: Request) => urls.push(request.url()));

    await page.goto('/auth/forgotpassword');
    await page.getByLabel('E-mail or username').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/auth\/forgotpassword\?step=2$/);
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const otp = await latestOtp(email);
    await page.getByLabel('One-time code (OTP)').fill(otherCode(otp));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page).toHaveURL(/\/auth\/forgotpassword\?step=2&error=otp$/);
    await expect(page.getByText('Wrong OTP')).toBeVisible();

    await page.getByLabel('One-time code (OTP)').fill(otp);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/forgotpassword\?step=3&error=short$/);
    await expect(page.getByText('More than 7 characters')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('Nojs#New12345');
    await page.getByLabel('Confirm new password').fill('Nojs#New12345');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?reason=reset$/);
    await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();

    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Nojs#New12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/auth\//);
    const queries = urls.map((url) => decodeURIComponent(new URL(url).search));
    expect(queries.filter((query) => query.includes(otp) || query.includes(otherCode(otp)) || query.includes('Nojs#') || /OTP=|password=/.test(query))).toEqual(
      [],
    );
  });
});
