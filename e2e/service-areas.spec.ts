import { expect, test, type Locator, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/**
 * System Settings → Service area: an administrator draws a new area on the map by clicking its corners. The map opens
 * on Bangkok (its seeded outline is drawn faintly), so corners around the middle fall inside Bangkok and corners near
 * the top right fall north-east of it. Tiles may not load offline: the drawing works on the plain base.
 */
const LIST = '/Service/Delivery/Setting/ServiceArea';
const name = `North East ${Date.now().toString(36).slice(-5)}`;

async function mapBox(page: Page): Promise<{ map: Locator; x: number; y: number; width: number; height: number }> {
  const map = page.getByTestId('area-map');
  await expect(map).toHaveAttribute('data-map-state', 'ready');
  const box = (await map.boundingBox())!;
  return { map, ...box };
}

test.describe.configure({ mode: 'serial' });

test.describe('Service areas as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test("lists the seeded areas; a new area over Bangkok says 'This area is already in use', one elsewhere saves", async ({ page }) => {
    await page.goto(LIST);
    await expect(page.getByRole('link', { name: 'Bangkok' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chiang Mai' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/Setting\/ServiceArea\/View\/new$/);

    const nameInput = page.getByLabel('Name', { exact: true });
    await hydrated(nameInput);
    await nameInput.fill(name);
    const box = await mapBox(page);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    for (const [dx, dy] of [
      [-40, -40],
      [40, -40],
      [40, 40],
      [-40, 40],
    ] as const) {
      await page.mouse.click(cx + dx, cy + dy);
    }
    await expect(page.getByTestId('area-map-status')).toContainText('Corner 4 placed');
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(page.getByText('This boundary overlaps: Bangkok')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This area is already in use').first()).toBeVisible();
    // Nothing drawn or typed is lost.
    await expect(nameInput).toHaveValue(name);
    await expect(page.getByTestId('area-map-status')).toContainText('Boundary closed');
    expect((await page.getByLabel('Coordinates', { exact: true }).inputValue()).split('\n')).toHaveLength(4);
    await expect(page).toHaveURL(/\/View\/new$/);

    // Clear (after a confirmation) and draw north-east of Bangkok, closing the ring on its first corner.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByTestId('area-map-status')).toContainText('Boundary cleared');
    // The refusal's message moved the map down: measured again.
    const now = await mapBox(page);
    const right = now.x + now.width;
    const corners = [
      [right - 100, now.y + 30],
      [right - 30, now.y + 30],
      [right - 30, now.y + 90],
      [right - 100, now.y + 90],
    ] as const;
    for (const [x, y] of corners) await page.mouse.click(x, y);
    await page.mouse.click(corners[0][0], corners[0][1]);
    await expect(page.getByTestId('area-map-status')).toContainText('Boundary closed');
    await expect(page.getByText('This boundary overlaps')).toHaveCount(0);
    await expect(page.getByTestId('area-centre')).toHaveText(/^\d+\.\d{5}, \d+\.\d{5}$/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Service area saved').first()).toBeVisible();
    await expect(page).toHaveURL(/\/Setting\/ServiceArea\/View\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    await page.goto(`${LIST}?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Area ready');
    await expect(row).toContainText('Yes');
  });

  test('the keyboard way: coordinates typed in, the area closed and saved with its version', async ({ page }) => {
    await page.goto(`${LIST}?q=${encodeURIComponent(name)}`);
    // Row links open in a new tab: follow the address.
    const href = await page.getByRole('link', { name }).first().getAttribute('href');
    expect(href).toMatch(/\/Setting\/ServiceArea\/View\/\d+$/);
    await page.goto(href!);
    const coordinates = page.getByLabel('Coordinates', { exact: true });
    await hydrated(coordinates);
    await mapBox(page);
    await page.getByLabel('Status', { exact: true }).selectOption('AreaClose');
    await coordinates.fill('101.0, 14.2\n101.1, 14.2\n101.1, 14.3');
    await page.getByRole('button', { name: 'Apply coordinates' }).click();
    await expect(page.getByTestId('area-map-status')).toContainText('Coordinates applied');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Service area saved').first()).toBeVisible();
    await page.goto(`${LIST}?q=${encodeURIComponent(name)}&status=AreaClose`);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Area closed');
  });
});
