import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Currency: how the service writes money; a saved format is what every money figure of the service shows. */
const PAGE = '/Service/Marketplace/Currency';
const ORDERS = '/Service/Marketplace/Orders';

async function setFormat(page: Page, values: { word: string; decimals: string; thousands: string; decimal: string }) {
  await page.goto(PAGE);
  const word = page.getByLabel('Currency word (empty: Baht, in each language)');
  await hydrated(word);
  await word.fill(values.word);
  await page.getByLabel('Decimals').selectOption({ label: values.decimals });
  await page.getByLabel('Thousands separator').selectOption({ label: values.thousands });
  await page.getByLabel('Decimal mark').selectOption({ label: values.decimal });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

test.use({ storageState: stateFile('market') });

test('a saved currency format is what the service’s money figures show, and equal marks are refused', async ({ page }) => {
  await page.goto(`${ORDERS}?sort=total&order=desc`);
  const firstTotal = page.locator('tbody tr').first().locator('td').last();
  await expect(firstTotal).toHaveText(/^[\d,]+\.\d{2} Baht$/);

  await setFormat(page, { word: '', decimals: 'Two (1,234.50)', thousands: 'Dot (1.234)', decimal: 'Dot (0.50)' });
  await expect(page.locator('#field-thousands-error')).toHaveText('The thousands separator and the decimal mark must differ');

  try {
    await setFormat(page, { word: 'THB', decimals: 'None, rounded (1,235)', thousands: 'Space (1 234)', decimal: 'Dot (0.50)' });
    await expect(page.getByText('Saved').first()).toBeVisible();
    await page.goto(`${ORDERS}?sort=total&order=desc`);
    await expect(page.locator('tbody tr').first().locator('td').last()).toHaveText(/^\d{1,3}( \d{3})* THB$/);
  } finally {
    await setFormat(page, { word: '', decimals: 'Two (1,234.50)', thousands: 'Comma (1,234)', decimal: 'Dot (0.50)' });
    await expect(page.getByText('Saved').first()).toBeVisible();
  }
  await page.goto(`${ORDERS}?sort=total&order=desc`);
  await expect(page.locator('tbody tr').first().locator('td').last()).toHaveText(/^[\d,]+\.\d{2} Baht$/);
});

test('the currency payments are taken in: THB by default, three letters, kept as saved', async ({ page }) => {
  await page.goto(PAGE);
  const code = page.getByLabel('Payment currency code (ISO 4217, such as THB)');
  await hydrated(code);
  await expect(code).toHaveValue('THB');
  await code.fill('US');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('#field-code-error')).toHaveText('Enter a three-letter currency code, such as THB');
  await code.fill('thb');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Payment currency code (ISO 4217, such as THB)')).toHaveValue('THB');
});
