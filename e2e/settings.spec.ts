import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { pathOnly } from './support/sign-in';
import { stateFile } from './support/users';
import { formatDateTime } from '../lib/format';

/** The settings screens as an administrator uses them: Config/App (the app's settings) and Setting/System (General). */
const CONFIG = '/Service/Delivery/Config/App';
const SYSTEM = '/Service/Delivery/Setting/System';
const tag = Date.now().toString(36).slice(-5);

const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
const saved = (page: Page) => expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
const errorOf = (page: Page, field: string) => page.locator(`#field-${field}-error`);
const history = (page: Page) => page.getByRole('table', { name: 'Change history' });

test.describe('an administrator', () => {
  test.use({ storageState: stateFile('admin') });

  test('Config/App: a value past the spec’s bound is refused with its hint, keeping the input; a valid save is in the history with who', async ({ page }) => {
    await page.goto(CONFIG);
    const timeout = page.getByLabel('Shop acceptance timeout (seconds)');
    await hydrated(timeout);
    const before = await timeout.inputValue();
    const next = before === '45' ? '50' : '45';

    await timeout.fill('10');
    await save(page);
    await expect(errorOf(page, 'acceptTimeoutSeconds')).toHaveText('Greater than or equal to 25');
    await expect(timeout).toHaveValue('10');
    await expect(timeout).toHaveAttribute('aria-invalid', 'true');

    // The support contacts are a required group: all empty is refused as a whole.
    await timeout.fill(next);
    const contacts = ['Support phone', 'Support e-mail', 'Support LINE ID'].map((label) => page.getByLabel(label, { exact: true }));
    const kept = await Promise.all(contacts.map((c) => c.inputValue()));
    for (const c of contacts) await c.fill('');
    await save(page);
    await expect(errorOf(page, 'supportPhone')).toHaveText('Please complete all settings.');
    await expect(timeout).toHaveValue(next);

    // A LINE id of four characters is too short.
    await contacts[2]!.fill('@abc');
    await save(page);
    await expect(errorOf(page, 'supportLineId')).toHaveText('More than 4 characters');

    for (const [i, c] of contacts.entries()) await c.fill(kept[i]!);
    await save(page);
    await saved(page);
    await page.reload();
    await hydrated(page.getByLabel('Shop acceptance timeout (seconds)'));
    await expect(page.getByLabel('Shop acceptance timeout (seconds)')).toHaveValue(next);
    const row = history(page).getByRole('row').filter({ hasText: 'Shop acceptance timeout (seconds)' }).first();
    await expect(row).toContainText('Demo Admin');
    await expect(row).toContainText(`${before} → ${next}`);
  });

  test('Setting/System: the company’s new name is the brand beside the menu at once, and in the history', async ({ page }) => {
    await page.goto(SYSTEM);
    const name = page.getByLabel('Company name');
    await hydrated(name);
    const original = await name.inputValue();
    const brand = page.getByTestId('shell-brand').first();
    await expect(brand).toContainText(original);
    await expect(page.getByLabel('Units')).toHaveValue('km');
    await expect(page.getByLabel('Units').locator('option', { hasText: 'Kilometer' })).toHaveCount(1);
    await expect(page.getByLabel('Units').locator('option', { hasText: 'Mile' })).toHaveCount(1);

    const renamed = `Bite ${tag}`;
    await name.fill('');
    await save(page);
    await expect(errorOf(page, 'name')).toBeVisible();

    await name.fill(renamed);
    await save(page);
    await saved(page);
    await expect(brand).toContainText(renamed);
    const row = history(page).getByRole('row').filter({ hasText: renamed }).first();
    await expect(row).toContainText('Company name');
    await expect(row).toContainText('Demo Admin');
    await expect(row).toContainText(`${original} → ${renamed}`);

    // The rest of the suite knows the demo company by its name.
    await name.fill(original);
    await save(page);
    await saved(page);
    await expect(brand).toContainText(original);
  });

  test('Setting/System: the time zone is the one every time on the portal is shown in', async ({ page }) => {
    const zoneSelect = page.getByLabel('Time zone');
    const setZone = async (zone: string) => {
      await page.goto(SYSTEM);
      await hydrated(zoneSelect);
      await zoneSelect.selectOption(zone);
      await save(page);
      await saved(page);
    };
    const firstTime = async () => {
      await page.goto('/Service/Delivery/Notification');
      const time = page.locator('main time[datetime]').first();
      await expect(time).toBeVisible();
      return { iso: (await time.getAttribute('datetime'))!, text: (await time.textContent())!.trim() };
    };

    await page.goto(SYSTEM);
    await hydrated(zoneSelect);
    const original = await zoneSelect.inputValue();
    const other = original === 'Asia/Yangon' ? 'Asia/Tokyo' : 'Asia/Yangon';
    const before = await firstTime();
    expect(before.text).toBe(formatDateTime(before.iso, original));
    try {
      await setZone(other);
      const after = await firstTime();
      expect(after.iso).toBe(before.iso);
      expect(after.text).toBe(formatDateTime(after.iso, other));
      expect(after.text).not.toBe(before.text);
    } finally {
      await setZone(original);
    }
  });
});

test.describe('staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  for (const path of [CONFIG, SYSTEM]) {
    test(`on ${path} goes to /not-authorized`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(pathOnly('/not-authorized'));
    });
  }
});
