import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { PORTAL_URL } from '../playwright.config';
import { stateFile } from './support/users';

/** Date filters show and take the spec's DD-MM-YYYY in every language; the URL keeps YYYY-MM-DD. */
test.use({ storageState: stateFile('bkk') });

const ORDERS = '/Service/Delivery/Orders';

test('the orders list takes a day typed as DD-MM-YYYY, shows it so in Thai, and refuses a day the calendar lacks', async ({ page, context }) => {
  await page.goto(ORDERS);
  const from = page.locator('#filter-from');
  await hydrated(from);
  await expect(from).toHaveAttribute('placeholder', 'DD-MM-YYYY');
  await from.fill('01-11-2026');
  await from.press('Enter');
  await expect(page).toHaveURL(/[?&]from=2026-11-01(&|$)/);
  await expect(from).toHaveValue('01-11-2026');

  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'th', url: PORTAL_URL }]);
  await page.reload();
  await hydrated(page.locator('#filter-from'));
  await expect(page.locator('#filter-from')).toHaveValue('01-11-2026');

  const to = page.locator('#filter-to');
  await to.fill('31-02-2026');
  await to.press('Enter');
  await expect(page.getByText('กรอกวันที่ในรูปแบบ DD-MM-YYYY')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]to=/);
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: PORTAL_URL }]);
});
