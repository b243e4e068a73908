import sharp from 'sharp';
import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Public relations, Broadcast and Feed: messages sent as a job with their progress, their pictures, and the Marketplace feed. */
const tag = Date.now().toString(36).slice(-5);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.describe('Public relations as the administrator', () => {
  test.use({ storageState: stateFile('admin') });

  test('a javascript: address is refused with the input kept; with an uploaded picture and an https address it is sent now and reaches sent', async ({
    page,
  }) => {
    const title = `PR open url ${tag}`;
    await page.goto('/Service/Delivery/PublicRelations?new=1');
    const form = page.getByRole('region', { name: 'New public-relations message' });
    await hydrated(form.getByLabel('Title', { exact: true }));
    await form.getByLabel('Area', { exact: true }).selectOption({ label: 'Bangkok' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    // The address shows only for the openUrl target; a shop only for openShop.
    const target = form.getByLabel('Web address', { exact: true });
    const pictureAddress = form.getByRole('textbox', { name: 'Image: or a web address' });
    await expect(target).toHaveCount(0);
    await form.getByLabel('Opens').selectOption('openShop');
    await expect(form.getByLabel('Shop', { exact: true })).toBeVisible();
    await form.getByLabel('Opens').selectOption('openUrl');
    await expect(form.getByLabel('Shop', { exact: true })).toHaveCount(0);
    // A script address is refused where a link is taken: the target and the picture alike.
    await target.fill('javascript:alert(1)');
    await pictureAddress.fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.locator('#field-targetUrl-error')).toHaveText('Enter a full web address starting with http:// or https://');
    await expect(page.locator('#field-imageUrl-error')).toHaveText('Enter a full web address starting with http:// or https://');
    await expect(target).toHaveValue('javascript:alert(1)');
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);

    // The picture is uploaded as it is chosen and shown as its thumbnail.
    await pictureAddress.fill('');
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#c52' } })
      .png()
      .toBuffer();
    await form.getByLabel('Upload an image').setInputFiles({ name: 'songkran.png', mimeType: 'image/png', buffer: png });
    const preview = form.getByRole('img', { name: 'Image, image 1' });
    await expect(preview).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect(pictureAddress).toHaveValue('');
    await target.fill('https://example.com/songkran');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/PublicRelations\/View\/\d+$/);
    // The view shows the message's picture.
    const shown = page.getByRole('img', { name: 'Image, image 1' });
    await expect(shown).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const thumbSrc = await shown.getAttribute('src');
    const status = page.getByTestId('announcement-status');
    await expect(status).toHaveText('Draft');
    await expect(page.getByTestId('announcement-progress')).toHaveText('0 of 0 sent');

    await hydrated(page.getByRole('button', { name: 'Send now' }));
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send now' }).click();
    await toast(page, 'Sending started');
    await expect(status).toHaveText('Sent', { timeout: 30_000 });
    // Numbers are written the locale's way (1,234).
    const progress = (await page.getByTestId('announcement-progress').innerText()).replace(/,/g, '').match(/^(\d+) of (\d+) sent$/);
    expect(progress).not.toBeNull();
    expect(Number(progress![1])).toBeGreaterThan(0);
    expect(progress![1]).toBe(progress![2]);
    // Sent: no more send, schedule or cancel.
    await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);

    // The list shows it sent, with its count, filtered by status in the URL.
    await page.goto(`/Service/Delivery/PublicRelations?status=sent&q=${encodeURIComponent(title)}`);
    const row = page.locator('tbody tr').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Sent', { exact: true })).toBeVisible();
    await expect(row).toContainText(`${progress![1]} / ${progress![2]}`);
    // With its picture's thumbnail.
    const thumb = row.locator('img');
    await expect(thumb).toHaveAttribute('src', thumbSrc!);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  });
});

test.describe('Broadcast and Feed as staff.market', () => {
  test.use({ storageState: stateFile('market') });

  test('schedules a broadcast for tomorrow, then cancels it before it is sent', async ({ page }) => {
    const title = `Broadcast ${tag}`;
    await page.goto('/Service/Marketplace/Broadcast?new=1');
    const form = page.getByRole('region', { name: 'New broadcast' });
    await hydrated(form.getByLabel('Title', { exact: true }));
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Message', { exact: true }).fill('Free delivery all weekend.');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/Broadcast\/View\/\d+$/);

    const status = page.getByTestId('announcement-status');
    const when = page.getByLabel('Send at');
    await hydrated(when);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await when.fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toast(page, 'Scheduled');
    await expect(status).toHaveText('Scheduled');

    await page.getByRole('button', { name: 'Cancel sending' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel sending' }).click();
    await toast(page, 'Cancelled');
    await expect(status).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('announcement-progress')).toHaveText('0 of 0 sent');
  });

  test('adds a feed post with an uploaded picture and finds it in the list', async ({ page }) => {
    const title = `Feed post ${tag}`;
    await page.goto('/Service/Marketplace/Feed?new=1');
    const form = page.getByRole('region', { name: 'New post' });
    await hydrated(form.getByLabel('Title', { exact: true }));
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Text', { exact: true }).fill('New arrivals this week.');
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await form.getByLabel('Upload an image').setInputFiles({ name: 'arrivals.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(form.getByRole('img', { name: 'Image, image 1' })).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await page.goto(`/Service/Marketplace/Feed?q=${encodeURIComponent(title)}&sort=publishedAt&order=desc`);
    const row = page.locator('tbody tr').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(page).toHaveURL(/sort=publishedAt/);
    const thumb = row.locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  });
});
