import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './support/test';
import sharp from 'sharp';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Marketplace's catalogue as staff.market: the category tree, a product type, a product with variants and a picture. */
const M = '/Service/Marketplace';
const tag = Date.now().toString(36).slice(-5);
const parent = `Home ${tag}`;
const kids = [`Lamps ${tag}`, `Rugs ${tag}`, `Vases ${tag}`];
const typeName = `Decor ${tag}`;
const productName = `Rattan lamp ${tag}`;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The names of one parent's children in the tree, in order. */
async function childrenOf(page: Page, name: string): Promise<string[]> {
  const list = page.getByRole('list', { name: `Subcategories of ${name}`, exact: true });
  await expect(list).toBeVisible();
  return list.locator(':scope > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-category') ?? ''));
}

/** The labels of the open sort list, in order. */
async function sortOrder(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allInnerTexts()).map(
    (text) =>
      text
        .split('\n')
        .find((s) => s.includes(tag))
        ?.trim() ?? '',
  );
}

test.describe.configure({ mode: 'serial' });

test.describe('Marketplace catalogue as staff.market', () => {
  test.use({ storageState: stateFile('market') });

  test('builds a category tree: a root, its subcategories; renames; deletes after confirming, keeps one in use', async ({ page }) => {
    await page.goto(`${M}/Product/Category`);
    await expect(page).toHaveTitle(/^Product Categories · /);
    await hydrated(page.getByRole('button', { name: 'Add category' }));
    await page.getByRole('button', { name: 'Add category' }).click();
    const form = page.getByRole('form', { name: 'New category' });
    // An empty name is refused in words, before any call.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required')).toBeVisible();
    await form.getByPlaceholder('Category name').fill(parent);
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Category added');
    for (const kid of kids) {
      await page.getByRole('button', { name: `Add a subcategory to ${parent}`, exact: true }).click();
      const child = page.getByRole('form', { name: 'New category' });
      await child.getByPlaceholder('Category name').fill(kid);
      await child.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Category added');
      await expect(page.locator(`li[data-category="${kid}"]`)).toBeVisible();
    }
    expect(await childrenOf(page, parent)).toEqual(kids);

    // Collapse and expand.
    await page.getByRole('button', { name: `Hide the subcategories of ${parent}` }).click();
    await expect(page.getByRole('list', { name: `Subcategories of ${parent}` })).toHaveCount(0);
    await page.getByRole('button', { name: `Show the subcategories of ${parent}` }).click();
    await expect(page.getByRole('list', { name: `Subcategories of ${parent}` })).toBeVisible();

    // Rename a subcategory.
    await page.getByRole('button', { name: `Rename ${kids[2]}`, exact: true }).click();
    const rename = page.getByRole('form', { name: `Rename ${kids[2]}` });
    await rename.getByPlaceholder('Category name').fill(`${kids[2]} x`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Category renamed');
    kids[2] = `${kids[2]} x`;
    await expect(page.locator(`li[data-category="${kids[2]}"]`)).toBeVisible();

    // A parent with subcategories is kept: the dialog says why.
    await page.getByRole('button', { name: `Delete ${parent}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Delete the category ${parent}?`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByText('Still in use: move what belongs to it first, then delete it.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A leaf goes after confirming.
    const doomed = `Doomed ${tag}`;
    await page.getByRole('button', { name: `Add a subcategory to ${parent}`, exact: true }).click();
    await page.getByRole('form', { name: 'New category' }).getByPlaceholder('Category name').fill(doomed);
    await page.getByRole('form', { name: 'New category' }).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Category added');
    await page.getByRole('button', { name: `Delete ${doomed}`, exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Category deleted');
    await expect(page.locator(`li[data-category="${doomed}"]`)).toHaveCount(0);
    expect(await childrenOf(page, parent)).toEqual(kids);
  });

  test('orders one parent’s subcategories by keyboard and by dragging, and the order is kept', async ({ page }) => {
    await page.goto(`${M}/Product/Category`);
    await hydrated(page.getByRole('button', { name: `Reorder the subcategories of ${parent}` }));
    await page.getByRole('button', { name: `Reorder the subcategories of ${parent}` }).click();
    const list = page.getByRole('list', { name: 'Product categories' });
    await hydrated(list.getByRole('button', { name: `Drag ${kids[2]}` }));
    expect(await sortOrder(list)).toEqual(kids);

    // Keyboard: pick the last up by its handle, move it to the top, drop it.
    await list.getByRole('button', { name: `Drag ${kids[2]}` }).focus();
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(() => sortOrder(list)).toEqual([kids[2], kids[0], kids[1]]);

    // Pointer: drag the (new) second row below the third.
    const handle = list.getByRole('button', { name: `Drag ${kids[0]}` });
    const target = list.getByRole('listitem').nth(2);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 12 });
    await page.mouse.up();
    const wanted = [kids[2]!, kids[1]!, kids[0]!];
    await expect.poll(() => sortOrder(list)).toEqual(wanted);

    await page.getByRole('button', { name: 'Save order' }).click();
    await toast(page, 'Order saved');
    await expect(list).toHaveCount(0);
    await page.reload();
    await expect.poll(() => childrenOf(page, parent)).toEqual(wanted);
  });

  test('the category tree has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto(`${M}/Product/Category`);
    await hydrated(page.getByRole('button', { name: `Reorder the subcategories of ${parent}` }));
    await page.getByRole('button', { name: `Rename ${kids[0]}`, exact: true }).click();
    await expect(page.getByRole('form', { name: `Rename ${kids[0]}` })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);
  });

  test('adds a product with two variants and a picture, and sees its thumbnail, stock and price range in the list', async ({ page }) => {
    await page.goto(`${M}/ProductType?new=1`);
    await hydrated(page.getByLabel('Name', { exact: true }));
    await page.getByLabel('Name', { exact: true }).fill(typeName);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');

    await page.goto(`${M}/Products?new=1`);
    // The add form opens above the list, whose filters have the same names: work inside the form.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create', exact: true }) });
    await hydrated(form.getByLabel('Name', { exact: true }));
    await form.getByLabel('Shop', { exact: true }).selectOption({ index: 1 });
    await form.getByLabel('Name', { exact: true }).fill(productName);
    await form.getByLabel('Description').fill('Hand-woven rattan shade');
    await form.getByLabel('Type', { exact: true }).selectOption({ label: typeName });
    await form.getByLabel('Category', { exact: true }).selectOption({ label: kids[0]! });

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    await form.getByLabel('Add images').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('img', { name: 'Images, image 1' })).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);

    const cell = (column: string, row: number) => form.getByRole('textbox', { name: `${column}, row ${row}`, exact: true });
    await cell('SKU', 1).fill(`LAMP-S-${tag}`);
    await cell('Variant', 1).fill('Small');
    await cell('Price', 1).fill('450');
    await cell('Stock', 1).fill('7');
    await cell('Weight (g)', 1).fill('800');
    await page.getByRole('button', { name: 'Add variant' }).click();
    // The same SKU twice is refused on the cell, the input kept.
    await cell('SKU', 2).fill(`LAMP-S-${tag}`);
    await cell('Variant', 2).fill('Large');
    await cell('Price', 2).fill('890.50');
    await cell('Stock', 2).fill('3');
    await cell('Weight (g)', 2).fill('1500');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('This SKU is already used').first()).toBeVisible();
    await expect(cell('Variant', 2)).toHaveValue('Large');
    await cell('SKU', 2).fill(`LAMP-L-${tag}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/Products\/View\/\d+$/);

    await page.goto(`${M}/Products?q=${encodeURIComponent(productName)}`);
    const row = page.locator('tbody tr').filter({ hasText: productName });
    await expect(row).toHaveCount(1);
    const thumb = row.locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/api\/images\/thumb\/[0-9a-f]{64}\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await expect(row).toContainText(typeName);
    await expect(row).toContainText(kids[0]!);
    await expect(row).toContainText('10');
    await expect(row).toContainText(/450(\.00)?\D*–\D*890\.50/);
    await expect(row).toContainText('Active');
  });
});
