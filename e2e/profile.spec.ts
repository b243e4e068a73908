import { expect, test } from './support/test';
import sharp from 'sharp';
import { hydrated } from './shell/helpers';
import { apiRegister } from './support/platform-api';
import { fillLogin } from './support/sign-in';
import { stateFile, uniqueEmail } from './support/users';

/** Profile: the user's own display name, presence and photo, and Change Password, which signs out other browsers. */

test.describe('the profile as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('changes the presence and about, kept after a reload', async ({ page }) => {
    await page.goto('/Service/Delivery/Profile');
    const name = page.getByLabel('Display name');
    await hydrated(name);
    await expect(page.getByText('Signed in as staff.bkk')).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Away' });
    await page.getByLabel('About').fill('Morning shift, Bangkok desk');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('About')).toHaveValue('Morning shift, Bangkok desk');
    await expect(page.getByLabel('Status')).toHaveValue('away');
  });

  test('uploads a photo, shown as a thumbnail and kept after a reload; a file that is not a picture is refused', async ({ page }) => {
    await page.goto('/Service/Delivery/Profile');
    const photo = page.getByLabel('Photo');
    await hydrated(page.getByLabel('Display name'));
    await photo.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90 not a picture at all') });
    await expect(page.getByText('Choose a JPEG, PNG or WebP image')).toBeVisible();
    const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c63' } })
      .jpeg()
      .toBuffer();
    await photo.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const shown = page.getByRole('img', { name: 'Your photo' });
    await expect(shown).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => page.getByRole('img', { name: 'Your photo' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  });
});

test('a new display name shows in the navbar at once, and on the next page', async ({ browser }) => {
  const email = uniqueEmail('rename');
  await apiRegister('Rename Company', email, 'Old#Pass123');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/login');
  await fillLogin(page, email, 'Old#Pass123');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto('/Profile');
  const name = page.getByLabel('Display name');
  await hydrated(name);
  await name.fill('Khun Renamed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  const navbar = page.getByRole('banner');
  await expect(navbar.getByText('Khun Renamed')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('banner').getByText('Khun Renamed')).toBeVisible();
  await context.close();
});

test('Change Password: a mismatch is named with the spec message; a change signs the other browser out', async ({ browser }) => {
  const email = uniqueEmail('profile');
  await apiRegister('Profile Company', email, 'Old#Pass123');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  for (const page of [a, b]) {
    await page.goto('/auth/login');
    await fillLogin(page, email, 'Old#Pass123');
    await expect(page).not.toHaveURL(/\/auth\/login/);
  }
  await a.goto('/Profile');
  const current = a.getByLabel('Current password');
  await hydrated(current);
  await current.fill('Old#Pass123');
  await a.getByLabel('New password', { exact: true }).fill('New#Pass123');
  await a.getByLabel('Confirm new password').fill('New#Pass124');
  await a.getByRole('button', { name: 'Change password' }).click();
  await expect(a.locator('#field-confirm-error')).toHaveText("Password doesn't match. Please try again.");
  await a.getByLabel('Confirm new password').fill('New#Pass123');
  await a.getByRole('button', { name: 'Change password' }).click();
  await expect(a.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();

  await b.goto('/Profile');
  await expect(b).toHaveURL(/\/auth\/login/);
  await a.goto('/Profile');
  await expect(a).toHaveURL(/\/Profile$/);
  await first.close();
  await second.close();
});
