import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';

/** Members' points as people use them: staff give a member points with a reason; the member's page shows them. */
const D = '/Service/Delivery';
const MEMBER = { name: 'Malee Srisuk', phone: '0823456789' };
const tag = Date.now().toString(36).slice(-5);
const reason = `E2E: late delivery ${tag}`;
const points = 100 + (Date.now() % 400);
let balanceBefore = 0;

/** The member's page, from their row's link in the searched members list (row links open in a new tab). */
async function openMember(page: Page) {
  await page.goto(`${D}/Members?q=${MEMBER.phone}`);
  const href = await page
    .getByRole('link', { name: new RegExp(MEMBER.name) })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/\/Members\/View\/\d+$/);
  await page.goto(href!);
}

test.describe.configure({ mode: 'serial' });

test.describe('Points as admin (before)', () => {
  test.use({ storageState: stateFile('admin') });

  test("reads the member's balance on their page", async ({ page }) => {
    await openMember(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MEMBER.name);
    const balance = page.getByTestId('member-points-balance');
    await expect(balance).toBeVisible();
    balanceBefore = Number((await balance.innerText()).replace(/[^\d]/g, ''));
  });
});

test.describe('Points as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('gives a member points with a reason, confirmed; a double click on confirm gives them once', async ({ page }) => {
    await page.goto(`${D}/RewardPointHistory`);
    const open = page.getByRole('button', { name: 'Give points' });
    await hydrated(open);
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Give a member points' })).toBeVisible();

    // Nothing chosen yet: the form says what is missing and keeps what was typed.
    await dialog.getByLabel('Points', { exact: true }).fill(String(points));
    await dialog.getByLabel('Reason', { exact: true }).fill(reason);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await expect(dialog.getByLabel('Reason', { exact: true })).toHaveValue(reason);

    await dialog.getByLabel('Member', { exact: true }).fill(MEMBER.phone);
    await dialog.getByRole('button', { name: new RegExp(`^${MEMBER.name}`) }).click();
    await expect(dialog.getByText(new RegExp(`Chosen: ${MEMBER.name}`))).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('heading', { name: 'Give these points?' })).toBeVisible();
    await expect(dialog).toContainText(`gets ${points} points`);
    await expect(dialog).toContainText(reason);
    await dialog.getByRole('button', { name: 'Give points' }).dblclick();
    await expect(page.getByText(new RegExp(`${MEMBER.name} got ${points} points`)).first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // The history, filtered by the member's phone (in the URL), shows the grant once.
    await page.goto(`${D}/RewardPointHistory?phone=${MEMBER.phone}&source=FROM_APP`);
    await expect(page.getByRole('row', { name: new RegExp(reason) })).toHaveCount(1);
    await expect(page.getByRole('row', { name: new RegExp(reason) })).toContainText(`+${points}`);
  });
});

test.describe('Points as admin (after)', () => {
  test.use({ storageState: stateFile('admin') });

  test("shows the new balance on the member's page, and links to their movements", async ({ page }) => {
    await openMember(page);
    const balance = page.getByTestId('member-points-balance');
    await expect(balance).toHaveText(new Intl.NumberFormat('en').format(balanceBefore + points));
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Points', exact: true }) });
    await expect(card.getByRole('row', { name: new RegExp(reason) })).toBeVisible();
    await expect(card.getByRole('link', { name: 'All movements of this member' })).toHaveAttribute(
      'href',
      new RegExp(`/RewardPointHistory\\?phone=${MEMBER.phone}`),
    );
  });
});
