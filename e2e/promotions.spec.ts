import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Privileges → Promotion and Popular, as staff.bkk uses them (contract/resources/promotion.ts, popular.ts). */
const PROMOTIONS = '/Service/Delivery/Promotion';
const POPULAR = '/Service/Delivery/Popular';
const tag = Date.now().toString(36).slice(-5);
/** A Bangkok day `days` from today. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The shop names of the hand-ordering list, in order (each row's drag handle is named after its shop). */
async function orderedShops(page: Page): Promise<string[]> {
  const handles = page.getByRole('list', { name: 'Popular shops' }).getByRole('button', { name: /^Drag / });
  return (await handles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Drag /, ''));
}

test.describe.configure({ mode: 'serial' });

test.describe('Promotions and popular shops as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('creates a promotion for two shops and sees it running in the list', async ({ page }) => {
    const title = `Two-shop deal ${tag}`;
    await page.goto(PROMOTIONS);
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/new=1/);
    const form = page.getByRole('region', { name: 'New promotion' });
    await hydrated(form.getByLabel('Title', { exact: true }));
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Image: or a web address' }).fill('https://cdn.example.com/two-shops.png');
    await form.getByLabel('Details').fill('Ten percent off in two shops');
    await form.getByLabel('Starts on').fill(day(0));
    await form.getByLabel('Ends on').fill(day(10));
    await form.getByLabel('Shown in').selectOption({ label: 'Selected shops' });

    // No shop chosen yet: refused, and what was typed stays.
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const shops = form.getByRole('group', { name: 'Shops' });
    await expect(shops.getByText('This field is required')).toBeVisible();
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);

    // Filter, then tick with the keyboard.
    const filter = form.getByLabel('Shops: Type to filter the list');
    for (const name of ['Siam Noodle House', 'Chatuchak Coffee']) {
      await filter.fill(name.split(' ')[0]!);
      const box = shops.getByRole('checkbox', { name, exact: true });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await filter.fill('');
    await expect(shops.getByText('2 chosen')).toBeVisible();
    // The multi-select passes axe's WCAG A and AA rules (no serious or critical violation).
    const axe = await new AxeBuilder({ page }).include('#field-shopIds-group').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await expect(shops.getByRole('button', { name: 'Remove Siam Noodle House' })).toBeVisible();
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'Created');
    await expect(page).toHaveURL(/\/Promotion\/View\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Shops' }).getByRole('checkbox', { checked: true })).toHaveCount(2);

    await page.goto(`${PROMOTIONS}?q=${encodeURIComponent(tag)}`);
    const row = page.locator('tbody tr').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Running');
    await expect(row).toContainText('Selected shops');
    await expect(row.locator('td').filter({ hasText: /^2$/ })).toHaveCount(1);

    // The status filter lives in the URL: scheduled promotions leave it out.
    await page.goto(`${PROMOTIONS}?q=${encodeURIComponent(tag)}&status=scheduled`);
    await expect(page.getByText('No results match these filters')).toBeVisible();
    await page.goto(`${PROMOTIONS}?q=${encodeURIComponent(tag)}&status=running`);
    await expect(page.locator('tbody tr').filter({ hasText: title })).toHaveCount(1);
  });

  test('lists popular shops by name and reorders them with the keyboard; the order holds after a reload', async ({ page }) => {
    await page.goto(POPULAR);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    // The shop's name, not its id, links to the entry.
    await expect(page.locator('tbody tr').first().getByRole('link')).toHaveText(/[A-Za-z]{3,}/);

    await page.getByRole('link', { name: 'Reorder' }).click();
    await expect(page).toHaveURL(/reorder=1/);
    const list = page.getByRole('list', { name: 'Popular shops' });
    const before = await orderedShops(page);
    expect(before.length).toBeGreaterThanOrEqual(5);
    const [first, second, third] = before;
    await hydrated(list.getByRole('button', { name: `Move ${first} down` }));

    // The Down button by keyboard: the first shop becomes second.
    await list.getByRole('button', { name: `Move ${first} down` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => orderedShops(page)).toEqual([second, first, ...before.slice(2)]);

    // The drag handle by keyboard: pick up the third shop, move it to the top, drop it.
    await list.getByRole('button', { name: `Drag ${third}` }).focus();
    // dnd-kit measures the rows between key presses: give each step a moment, as a person would.
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    const wanted = [third, second, first, ...before.slice(3)];
    await expect.poll(() => orderedShops(page)).toEqual(wanted);

    await page.getByRole('button', { name: 'Save order' }).click();
    await toast(page, 'Order saved');
    await expect(page).not.toHaveURL(/reorder=1/);
    await page.reload();
    const names = page.locator('tbody tr').getByRole('link');
    await expect
      .poll(async () => (await names.allInnerTexts()).map((t) => t.replace(/\s*\(opens in a new tab\)\s*$/, '').trim()).slice(0, 3))
      .toEqual(wanted.slice(0, 3));
    await page.goto(`${POPULAR}?reorder=1`);
    await expect.poll(() => orderedShops(page)).toEqual(wanted);
  });
});
