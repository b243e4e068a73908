import { expect, test } from './support/test';
import { stateFile } from './support/users';

/** A wide list on a 1366 px screen: nothing is cut off; the table scrolls sideways with its first column kept in view. */
test.use({ storageState: stateFile('admin'), viewport: { width: 1366, height: 768 } });

test('the orders list at 1366 px keeps every column reachable, the order number fixed while it scrolls', async ({ page }) => {
  await page.goto('/Service/Delivery/Orders');
  const region = page.getByRole('region', { name: 'Orders', exact: true });
  const table = region.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // The region fits the window: the page itself never scrolls sideways.
  const box = (await region.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  // Whatever does not fit is reached by scrolling the region, the first column staying where it was.
  const [scrollWidth, clientWidth] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  const firstCell = table.locator('tbody tr').first().locator('td').first();
  const before = (await firstCell.boundingBox())!.x;
  if (scrollWidth > clientWidth) {
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const last = table.locator('thead th').last();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(Math.abs((await firstCell.boundingBox())!.x - before)).toBeLessThan(2);
    await expect(firstCell).toBeInViewport();
  } else {
    throw new Error('expected the orders list to be wider than 1366 px');
  }
  for (const th of await table.locator('thead th').all()) await expect(th).toBeAttached();
});
