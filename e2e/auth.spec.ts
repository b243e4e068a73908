import { expect, test, type Page } from './support/test';
import { PORTAL_URL } from '../playwright.config';
import { apiRegister, latestOtp, otherCode } from './support/platform-api';
import { fillLogin, loginWith, pageAlert, pathOnly, signIn } from './support/sign-in';
import { ROLES, SESSION_COOKIE, USERS, stateFile, uniqueEmail } from './support/users';

async function hasSessionCookie(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((c) => c.name === SESSION_COOKIE);
}

test.describe('login', () => {
  test('a wrong password shows the spec message and keeps what was typed', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, 'staff.bkk', 'not-the-password');
    await expect(pageAlert(page)).toHaveText('Wrong Email or Password');
    await expect(page.getByLabel('Username or e-mail')).toHaveValue('staff.bkk');
    await expect(page).toHaveURL(pathOnly('/auth/login'));
    expect(await hasSessionCookie(page)).toBe(false);
  });

  for (const role of ROLES) {
    test(`${USERS[role].username} lands on ${USERS[role].home}`, async ({ page }) => {
      await signIn(page, role);
      await page.reload();
      await expect(page).toHaveURL(pathOnly(USERS[role].home));
    });
  }

  test('the page a signed-out user asked for is opened after signing in', async ({ page }) => {
    await page.goto('/Users/Staff?page=2');
    await expect(page).toHaveURL(loginWith('/Users/Staff?page=2'));
    await fillLogin(page, USERS.admin.username, USERS.admin.password);
    await expect(page).toHaveURL(`${PORTAL_URL}/Users/Staff?page=2`);
  });

  for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)']) {
    test(`an open-redirect attempt to=${target} is ignored`, async ({ page }) => {
      const offsite: string[] = [];
      page.on('request', (req) => {
        if (!req.url().startsWith(PORTAL_URL)) offsite.push(req.url());
      });
      await page.goto(`/auth/login?to=${encodeURIComponent(target)}`);
      await fillLogin(page, USERS.admin.username, USERS.admin.password);
      await expect(page).toHaveURL(`${PORTAL_URL}/`);
      expect(offsite).toEqual([]);
    });
  }
});

test.describe('a signed-in admin on the sign-in pages', () => {
  test.use({ storageState: stateFile('admin') });

  test('is sent to the company dashboard', async ({ page }) => {
    for (const path of ['/auth/login', '/auth/register', '/auth/forgotpassword', '/auth/login?to=%2FUsers%2FStaff']) {
      await page.goto(path);
      await expect(page).toHaveURL(`${PORTAL_URL}/`);
    }
  });
});

test.describe('a signed-in staff member on the sign-in pages', () => {
  test.use({ storageState: stateFile('market') });

  test('is sent to their service dashboard', async ({ page }) => {
    for (const path of ['/auth/login', '/auth/register', '/auth/forgotpassword']) {
      await page.goto(path);
      await expect(page).toHaveURL(pathOnly(USERS.market.home));
    }
  });
});

test.describe('register', () => {
  async function fillRegister(page: Page, values: { name: string; email: string; password: string; confirm: string }) {
    await page.goto('/auth/register');
    await page.getByLabel('Display name').fill(values.name);
    await page.getByLabel('E-mail').fill(values.email);
    await page.getByLabel('Password', { exact: true }).fill(values.password);
    await page.getByLabel('Confirm password').fill(values.confirm);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  test('a confirmation that does not match is refused and the form keeps what was typed', async ({ page }) => {
    const email = uniqueEmail('mismatch');
    await fillRegister(page, { name: 'Mismatch Co', email, password: 'Secret#123', confirm: 'Secret#124' });
    await expect(page.getByText("Password doesn't match. Please try again.")).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Display name')).toHaveValue('Mismatch Co');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page).toHaveURL(pathOnly('/auth/register'));
    expect(await hasSessionCookie(page)).toBe(false);
  });

  test('a new account lands signed in on its company dashboard', async ({ page }) => {
    await fillRegister(page, { name: 'Fresh Company', email: uniqueEmail('register'), password: 'Secret#123', confirm: 'Secret#123' });
    await expect(page).toHaveURL(`${PORTAL_URL}/`);
    expect(await hasSessionCookie(page)).toBe(true);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(`${PORTAL_URL}/`);
  });
});

test.describe('forgot password', () => {
  test('three steps with a wrong OTP first; the new password then signs in and the old one does not', async ({ page }) => {
    const email = uniqueEmail('forgot');
    await apiRegister('Forgetful Company', email, 'Old#Pass123');

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(pathOnly('/auth/forgotpassword'));
    await page.getByLabel('E-mail or username').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    const otp = await latestOtp(email);
    await page.getByLabel('One-time code (OTP)').fill(otherCode(otp));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(pageAlert(page)).toHaveText('Wrong OTP');
    await expect(page.getByLabel('One-time code (OTP)')).toHaveValue(otherCode(otp));

    await page.getByLabel('One-time code (OTP)').fill(otp);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('New#Pass456');
    await page.getByLabel('Confirm new password').fill('New#Pass456');
    await page.getByRole('button', { name: 'Save new password' }).click();

    await expect(page).toHaveURL(pathOnly('/auth/login'));
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password has been changed. Sign in with your new password.');
    await fillLogin(page, email, 'Old#Pass123');
    await expect(pageAlert(page)).toHaveText('Wrong Email or Password');
    await fillLogin(page, email, 'New#Pass456');
    await expect(page).toHaveURL(`${PORTAL_URL}/`);
  });

  test('an unknown account still moves on to the code step, and no code works for it', async ({ page }) => {
    await page.goto('/auth/forgotpassword');
    await page.getByLabel('E-mail or username').fill('nobody.here@example.test');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    await page.getByLabel('One-time code (OTP)').fill('123456');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(pageAlert(page)).toHaveText('Wrong OTP');
  });
});
