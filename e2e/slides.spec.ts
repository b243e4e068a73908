import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './support/test';
import sharp from 'sharp';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Slide: the screen built on the contract-first kit (contract/resources/slide.ts + lib/resources/slide.ts). */
const LIST = '/Service/Delivery/Slide';
const tag = Date.now().toString(36).slice(-5);
const titles = [`Slide A ${tag}`, `Slide B ${tag}`, `Slide C ${tag}`];

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

async function addSlide(page: Page, title: string, extra: { startsOn?: string; endsOn?: string } = {}) {
  await page.goto(`${LIST}?new=1`);
  await hydrated(page.getByLabel('Title', { exact: true }));
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Image: or a web address' }).fill(`https://cdn.example.com/${encodeURIComponent(title)}.png`);
  if (extra.startsOn) await page.getByLabel('Shown from').fill(extra.startsOn);
  if (extra.endsOn) await page.getByLabel('Shown until').fill(extra.endsOn);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
}

/** The view page of a slide, from its row's link in the searched list (row links open in a new tab). */
async function viewUrl(page: Page, title: string): Promise<string> {
  await page.goto(`${LIST}?q=${encodeURIComponent(title)}`);
  const href = await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/\/Slide\/View\/\d+$/);
  return href!;
}

/** The titles of the hand-ordering list, in order. */
async function orderedTitles(page: Page): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Slides' }).getByRole('listitem');
  return (await items.allInnerTexts())
    .map(
      (text) =>
        text
          .split('\n')
          .map((s) => s.trim())
          .find((s) => s.includes(tag)) ?? '',
    )
    .filter(Boolean);
}

test.describe.configure({ mode: 'serial' });

test.describe('Slide as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('adds slides; a period that ends before it starts is refused with the input kept', async ({ page }) => {
    await addSlide(page, titles[0]!, { startsOn: '2026-12-10', endsOn: '2026-12-01' });
    await expect(page.locator('#field-endsOn-error')).toHaveText('The end must be after the start');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(titles[0]!);
    await page.getByLabel('Shown until').fill('2026-12-31');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/Slide\/View\/\d+$/);
    await expect(page.getByRole('heading', { name: titles[0]! })).toBeVisible();
    for (const title of titles.slice(1)) {
      await addSlide(page, title);
      await toast(page, 'Created');
    }
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr')).toHaveCount(3);
    // The page title comes from the route registry, in the user's language.
    await expect(page).toHaveTitle(/^Slide · /);
  });

  test('uploads a picture for a slide, sees its thumbnail in the list; a renamed file is refused in words', async ({ page }) => {
    // Not named with `tag`: the other tests count the rows that are.
    const title = `Slide upload ${[...tag].reverse().join('')}`;
    await page.goto(`${LIST}?new=1`);
    await hydrated(page.getByLabel('Title', { exact: true }));
    await page.getByLabel('Title', { exact: true }).fill(title);
    const upload = page.getByLabel('Upload an image');
    // A text file named like a picture: the Platform API reads its bytes and refuses it.
    await upload.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('#!/bin/sh\necho not a picture\n') });
    await expect(page.getByText('banner.png: Choose a JPEG, PNG or WebP image')).toBeVisible();
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload an image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Image, image 1' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await page.goto(`${LIST}?q=${encodeURIComponent(title)}`);
    const thumb = page.locator('tbody tr').first().locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const served = await page.request.get((await thumb.getAttribute('src'))!);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('edits a slide; a stale save shows the conflict and keeps the input', async ({ browser }) => {
    const first = await browser.newContext({ storageState: stateFile('bkk') });
    const second = await browser.newContext({ storageState: stateFile('admin') });
    const a = await first.newPage();
    const b = await second.newPage();
    const url = await viewUrl(a, titles[0]!);
    await a.goto(url);
    await b.goto(url);
    await hydrated(a.getByLabel('Title', { exact: true }));
    await hydrated(b.getByLabel('Title', { exact: true }));
    await a.getByLabel('Link target (optional)').fill('https://shop.example.com/rain');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(a, 'Saved');

    await b.getByLabel('Title', { exact: true }).fill(`${titles[0]} (admin)`);
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.getByText('Someone else saved this first')).toBeVisible();
    await expect(b.getByLabel('Title', { exact: true })).toHaveValue(`${titles[0]} (admin)`);
    await first.close();
    await second.close();
  });

  test('reorders by keyboard buttons and by dragging, and the order is kept', async ({ page }) => {
    await page.goto(`${LIST}?q=${tag}`);
    await page.getByRole('link', { name: 'Reorder' }).click();
    await expect(page).toHaveURL(/reorder=1/);
    const list = page.getByRole('list', { name: 'Slides' });
    await expect(list).toBeVisible();
    await hydrated(list.getByRole('button', { name: `Move ${titles[0]} down` }));
    const before = await orderedTitles(page);
    expect(before).toHaveLength(3);

    // Keyboard: the Up / Down buttons.
    const top = before[0]!;
    await list.getByRole('button', { name: `Move ${top} down` }).click();
    expect((await orderedTitles(page))[1]).toBe(top);

    // Keyboard: pick up the last row by its handle, move it to the top, drop it.
    const last = (await orderedTitles(page))[2]!;
    await list.getByRole('button', { name: `Drag ${last}` }).focus();
    // dnd-kit measures the rows between key presses: give each step a moment, as a person would.
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(async () => (await orderedTitles(page))[0]).toBe(last);

    // Pointer: drag the new second row below the third.
    const middle = (await orderedTitles(page))[1]!;
    const handle = list.getByRole('button', { name: `Drag ${middle}` });
    const target = list.getByRole('listitem').nth(2);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(async () => (await orderedTitles(page))[2]).toBe(middle);

    const wanted = await orderedTitles(page);
    await page.getByRole('button', { name: 'Save order' }).click();
    await toast(page, 'Order saved');
    await expect(page).not.toHaveURL(/reorder=1/);
    await page.goto(`${LIST}?reorder=1`);
    await expect(page.getByRole('list', { name: 'Slides' }).getByRole('listitem').filter({ hasText: tag })).toHaveCount(3);
    await expect.poll(() => orderedTitles(page)).toEqual(wanted);
  });

  test('exports the filtered list as CSV', async ({ page }) => {
    await page.goto(`${LIST}?q=${tag}&sort=title&order=asc`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,title,imageUrl,linkUrl,sortOrder,active,startsOn,endsOn,area,createdAt');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([...titles].sort());
  });

  test('cannot delete (no delete flag): no Delete button', async ({ page }) => {
    await page.goto(await viewUrl(page, titles[2]!));
    await expect(page.getByRole('heading', { name: titles[2]! })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });
});

test.describe('Slide as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('deletes a slide after confirming, and restores it from the deleted items', async ({ page }) => {
    await page.goto(await viewUrl(page, titles[2]!));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr')).toHaveCount(2);

    await page.getByRole('link', { name: 'Deleted items' }).click();
    await expect(page).toHaveURL(/deleted=1/);
    await page.getByRole('button', { name: `Restore: ${titles[2]}` }).click();
    await toast(page, 'Restored');
    await page.goto(`${LIST}?q=${tag}`);
    await expect(page.locator('tbody tr')).toHaveCount(3);
  });
});
