import { expect, test, type Locator, type Page } from './support/test';
import ExcelJS from 'exceljs';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** The reports as operators use them: a month's shop report narrowed to one shop and exported; the overview; the checks. */

/** A totals cell's exact value (satang or a count), from its `<data value>`. */
const valueOf = async (cell: Locator) => Number(await cell.locator('data').getAttribute('value'));
/** The first day of last month in Asia/Bangkok, as the day box takes it (DD-MM-YYYY), and its month as YYYY-MM. */
function lastMonth(): { typed: string; month: string } {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = String(m === 1 ? 12 : m - 1).padStart(2, '0');
  return { typed: `01-${month}-${year}`, month: `${year}-${month}` };
}
const footCell = (page: Page, column: number) => page.getByTestId('report-table').locator('tfoot tr').locator('th, td').nth(column);
/** The table's columns: key, orders, AppTotal, AppCommission, Discount, ShopTotal, ShopCommission, BikerTotal, BikerCommission, SumTotal. */
const COLUMN = { orders: 1, AppTotal: 2, ShopTotal: 5, SumTotal: 9 };

test.describe('reports as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test("opens last month's shop report, narrows it to one shop and exports XLSX whose totals are the screen's", async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Report' }).click();
    await menu.getByRole('link', { name: 'Shop Report' }).click();
    await expect(page).toHaveURL(/\/Service\/Delivery\/Report\/Shop$/);
    await expect(page.getByRole('heading', { name: 'Shop Report' })).toBeVisible();

    const { typed, month } = lastMonth();
    const filters = page.getByRole('form', { name: 'Report period and filters' });
    await hydrated(filters.getByLabel('Period'));
    await filters.getByLabel('Period').selectOption({ label: 'Month' });
    await filters.getByLabel('A day of the month').fill(typed);
    await filters.getByRole('button', { name: 'Show report' }).click();
    await expect(page).toHaveURL(new RegExp(`period=month&date=${month}-01`));
    await expect(page.getByTestId('report-period')).toContainText(`From 01-${month.slice(5)}-${month.slice(0, 4)}`);

    // The busiest shop of the month (first row: the list is by Sum total, highest first).
    const first = page.getByTestId('report-table').locator('tbody tr').first();
    const shopName = (await first.locator('td').first().innerText()).replace(/\s*#\d+$/, '').trim();
    expect(shopName.length).toBeGreaterThan(0);
    await filters.getByLabel('Shop', { exact: true }).selectOption({ label: shopName });
    await filters.getByRole('button', { name: 'Show report' }).click();
    await expect(page).toHaveURL(/shopId=\d+/);
    await expect(page.getByTestId('report-table').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('report-table').locator('tbody tr')).toContainText(shopName);

    const screen = {
      orders: await valueOf(footCell(page, COLUMN.orders)),
      AppTotal: await valueOf(footCell(page, COLUMN.AppTotal)),
      ShopTotal: await valueOf(footCell(page, COLUMN.ShopTotal)),
      SumTotal: await valueOf(footCell(page, COLUMN.SumTotal)),
    };
    expect(screen.orders).toBeGreaterThan(0);
    // The headline figures say the same as the totals row.
    await expect(page.getByTestId('figure-SumTotal').locator('data')).toHaveAttribute('value', String(screen.SumTotal));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export XLSX' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^report-shop_${month}-01_${month}-\\d{2}_shop-\\d+\\.xlsx$`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'shopRefId',
      'name',
      'orders',
      'Discount',
      'AppTotal',
      'AppCommission',
      'ShopTotal',
      'ShopCommission',
      'BikerTotal',
      'BikerCommission',
      'SumTotal',
    ]);
    const totals = sheet.getRow(sheet.rowCount);
    const cell = (name: string) => totals.getCell(header.indexOf(name) + 1).value;
    expect(cell('shopRefId')).toBe('Total');
    expect(cell('orders')).toBe(screen.orders);
    expect(Math.round(Number(cell('SumTotal')) * 100)).toBe(screen.SumTotal);
    expect(Math.round(Number(cell('AppTotal')) * 100)).toBe(screen.AppTotal);
    expect(Math.round(Number(cell('ShopTotal')) * 100)).toBe(screen.ShopTotal);
    expect(sheet.getRow(2).getCell(2).value).toBe(shopName);
  });

  test('a custom range that ends before it starts is explained beside the field, and the rest of the form is kept', async ({ page }) => {
    await page.goto('/Service/Delivery/Report/Shop?period=custom&from=2026-11-10&to=2026-11-01&q=Som');
    await expect(page.getByRole('alert').filter({ hasText: 'The end must be after the start' })).toBeVisible();
    await expect(page.getByText('Check the period')).toBeVisible();
    const filters = page.getByRole('form', { name: 'Report period and filters' });
    await expect(filters.getByLabel('Name contains')).toHaveValue('Som');
    await expect(filters.getByLabel('From')).toHaveValue('10-11-2026');
  });
});

test.describe('reports as admin', () => {
  test.use({ storageState: stateFile('admin') });

  test('the overview shows the trend and the top ten shops; the per-area report adds up to it', async ({ page }) => {
    await page.goto('/Service/Delivery/Report?period=month');
    await expect(page.getByRole('heading', { name: 'Report Overview' })).toBeVisible();
    await expect(page.getByTestId('chart-report-trend')).toBeVisible();
    await expect(page.getByTestId('report-top').locator('li')).not.toHaveCount(0);
    const overview = await valueOf(footCell(page, COLUMN.SumTotal));
    expect(overview).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    await page.goto('/Service/Delivery/Report/Admin?period=month');
    const rows = page.getByTestId('report-table').locator('tbody tr');
    await expect(rows).not.toHaveCount(0);
    expect(await valueOf(footCell(page, COLUMN.SumTotal))).toBe(overview);

    // The language changes the words, not the figures.
    await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'th', url: page.url() }]);
    await page.reload();
    await expect(page.getByTestId('report-table').locator('thead')).not.toContainText('Sum total');
    expect(await valueOf(footCell(page, COLUMN.SumTotal))).toBe(overview);
  });
});
