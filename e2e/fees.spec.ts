import { expect, test, type Page } from './support/test';
import { hydrated } from './shell/helpers';
import { stateFile } from './support/users';
import { bangkokMemberAndShop, placeFoodOrder } from './support/orders';

/** Delivery Settings: the delivery fee (distance bands) and the messenger fee (weight bands), with their previews. */
const RATES = '/Service/Delivery/ShippingRate';
const MESSENGER = '/Service/Delivery/Messenger';

async function openFirst(page: Page, list: string, pattern: RegExp) {
  await page.goto(list);
  const href = await page.locator('tbody tr').first().getByRole('link').first().getAttribute('href');
  expect(href).toMatch(pattern);
  await page.goto(href!);
}

test.describe.configure({ mode: 'serial' });

test.describe('fee tables as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test("previews what a distance costs by the area's bands", async ({ page }) => {
    await openFirst(page, RATES, /\/ShippingRate\/View\/\d+$/);
    const preview = page.getByLabel('Distance (km)');
    await hydrated(preview);
    await preview.fill('4');
    await expect(page.getByRole('status').filter({ hasText: 'Band' })).toHaveText('Band 3–5 km: 25.00 Baht, about 30 min');
    await preview.fill('15.5');
    await expect(page.getByText('Distance not more than 15 km')).toBeVisible();
  });

  test('a band past the limit is refused on its cell with every value kept; fixed, it saves', async ({ page }) => {
    await openFirst(page, RATES, /\/ShippingRate\/View\/\d+$/);
    const lastTo = page.getByLabel('To, row 4');
    await hydrated(lastTo);
    await lastTo.fill('18');
    await page.getByLabel('Fee, row 4').fill('65.50');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#field-bands-3-e_distance-error')).toHaveText('Distance not more than 15');
    await expect(page.getByLabel('Fee, row 4')).toHaveValue('65.50');
    await page.getByLabel('Delivers up to (distance)').fill('18');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();
    await page.reload();
    await page.getByLabel('Distance (km)').fill('17');
    await expect(page.getByRole('status').filter({ hasText: 'Band' })).toHaveText('Band 10–18 km: 65.50 Baht, about 55 min');
  });

  test('adds a Mile table band by band: a new band starts where the last one ends; a gap is named', async ({ page }) => {
    await page.goto(RATES);
    await page.getByRole('link', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/ShippingRate\/Add$/);
    const unit = page.getByLabel('Unit');
    await hydrated(unit);
    await unit.selectOption('Mile');
    await page.getByLabel('Delivers up to (distance)').fill('10');
    await page.getByLabel('To, row 1').fill('4');
    await page.getByLabel('Fee, row 1').fill('20');
    await page.getByRole('button', { name: 'Add band' }).click();
    await expect(page.getByLabel('From, row 2')).toHaveValue('4');
    await page.getByLabel('From, row 2').fill('5');
    await page.getByLabel('To, row 2').fill('10');
    await page.getByLabel('Fee, row 2').fill('35');
    await page.getByLabel('Estimated minutes, row 2').fill('40');
    await page.getByLabel('Estimated minutes, row 1').fill('25');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.locator('#field-bands-1-s_distance-error')).toHaveText('Must start where the band before it ends');
    await page.getByLabel('From, row 2').fill('4');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/ShippingRate\/View\/\d+$/);
    // The company counts in km (System settings): the preview takes km and converts them for this Mile table.
    await page.getByLabel('Distance (km)').fill('9.7');
    await expect(page.getByRole('status').filter({ hasText: 'Band' })).toHaveText('9.7 km is 6.03 mi. Band 4–10 mi: 35.00 Baht, about 40 min');
    await expect(page.getByText('The company counts distances in km (System settings): this table prices')).toBeVisible();
    await page.goto(`${RATES}?unit=Mile`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
  });

  test('the next order in the area is charged by the edited table, shown in the order view', async ({ page }) => {
    // The Bangkok Kilometer table: the drop-off below is 3.18 km from the always-open demo shop, the 3–5 km band.
    await openFirst(page, `${RATES}?unit=Kilometer`, /\/ShippingRate\/View\/\d+$/);
    await expect(page.getByText("This table prices the area's orders: the company counts distances in km")).toBeVisible();
    const fee = page.getByLabel('Fee, row 2');
    await hydrated(fee);
    await expect(page.getByLabel('From, row 2')).toHaveValue('3');
    await fee.fill('27.75');
    await page.getByLabel('Estimated minutes, row 2').fill('33');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved').first()).toBeVisible();

    // The member app places an order in the area (its fee of 1 satang is not taken) ...
    const { memberId, shopId } = await bangkokMemberAndShop();
    const order = await placeFoodOrder({ memberId, shopId, deliveryFee: 1, dropoff: { address: 'E2E fee drop-off', lat: '13.7367', lng: '100.5232' } });
    expect(order).toMatchObject({ deliveryFee: 2_775, delivery: { distanceM: 3_177, estimateMinutes: 33 } });

    // ... and the order view shows the table's fee, the distance in the company's unit and the estimate.
    await page.goto(`/Service/Delivery/Orders/View/${order.id}`);
    const fees = page.locator('section', { has: page.getByRole('heading', { name: 'Fees and total' }) });
    await expect(fees.getByText('27.75 Baht', { exact: true })).toBeVisible();
    await expect(fees.getByText('3.18 km', { exact: true })).toBeVisible();
    await expect(fees.getByText('About 33 min', { exact: true })).toBeVisible();
  });

  test('previews a parcel weight by the messenger bands', async ({ page }) => {
    await openFirst(page, MESSENGER, /\/Messenger\/View\/\d+$/);
    const weight = page.getByLabel('Weight (g)');
    await hydrated(weight);
    await weight.fill('2500');
    await expect(page.getByRole('status').filter({ hasText: 'Band' })).toHaveText('Band 1000–3000 g: 45.00 Baht');
    await weight.fill('25000');
    await expect(page.getByText('Weight not more than 20000 g')).toBeVisible();
  });
});

test.describe('fee tables as staff.cnx (dashboards only)', () => {
  test.use({ storageState: stateFile('cnx') });

  test('no Delivery Settings menu, and the BFF refuses the calls', async ({ page }) => {
    await page.goto('/Service/Delivery/Dashboard');
    await expect(page.getByRole('navigation').getByText('Delivery fee')).toHaveCount(0);
    expect((await page.request.get('/api/admin/Delivery/ShippingRate')).status()).toBe(403);
    expect((await page.request.get('/api/admin/Delivery/Messenger')).status()).toBe(403);
  });
});
