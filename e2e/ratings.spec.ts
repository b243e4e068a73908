import { expect, test } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Ratings and reviews: the shops' reviews of Bangkok, one hidden with a reason and shown again. */
const LIST = '/Service/Delivery/Review';

test.describe('Shop ratings as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('filters survive a reload; a review hidden with a reason is marked hidden and leaves the average', async ({ page }) => {
    // The visible reviews, lowest stars first: the filter and the sort are in the URL.
    await page.goto(`${LIST}?hidden=false&sort=stars&order=asc`);
    await expect(page.locator('#filter-hidden')).toHaveValue('false');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Only Bangkok's reviews; stars are read out as a label.
    await expect(rows.first().getByRole('img', { name: /of 5 stars/ })).toBeVisible();
    await hydrated(page.locator('#filter-stars'));
    await page.locator('#filter-stars').selectOption('1');
    await expect(page).toHaveURL(/stars=1/);
    await page.reload();
    await expect(page.locator('#filter-stars')).toHaveValue('1');
    await expect(page.locator('#filter-hidden')).toHaveValue('false');
    await page.locator('#filter-stars').selectOption('');
    await expect(page).not.toHaveURL(/stars=/);

    const href = await rows.first().getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/\/Service\/Delivery\/Review\/View\/\d+$/);
    await page.goto(href!);
    const average = page.getByTestId('review-average');
    await expect(average).toHaveText(/^\d\.\d\d$/);
    const before = (await average.textContent())!;
    await expect(page.getByText('Visible', { exact: true })).toBeVisible();
    await expect(page.getByText('Bangkok', { exact: true }).first()).toBeVisible();

    // Hide: the reason is required.
    const hide = page.getByRole('button', { name: 'Hide', exact: true });
    await hydrated(hide);
    await hide.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(dialog.getByLabel('Reason for hiding')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Reason for hiding').fill('Offensive language');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect(page.getByText('Review hidden').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
    await expect(page.getByText('Offensive language')).toBeVisible();
    await expect(average).not.toHaveText(before);

    // The list marks it hidden.
    await page.goto(`${LIST}?hidden=true`);
    await expect(page.locator(`tbody tr a[href$="${href!.split('/').pop()}"]`).first()).toBeVisible();

    // Unhide puts it back in the average.
    await page.goto(href!);
    const unhide = page.getByRole('button', { name: 'Unhide', exact: true });
    await hydrated(unhide);
    await unhide.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show review' }).click();
    await expect(page.getByText('Review shown again').first()).toBeVisible();
    await expect(page.getByText('Visible', { exact: true })).toBeVisible();
    await expect(average).toHaveText(before);
  });
});
