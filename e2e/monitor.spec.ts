import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { PORTAL_URL } from '../playwright.config';
import { hydrated } from './shell/helpers';
import { monitorApi, type MonitorApi, type MonitorBiker } from './support/monitor';
import { sweepBikerRules, upstream } from './support/platform-api';
import { freshSignedInContext, pathOnly } from './support/sign-in';
import { stateFile } from './support/users';

const MONITOR = '/Service/Delivery/Monitor/Biker';
/** The contract: a change shows within 2 s, without a reload. */
const LIVE = { timeout: 2000 };

const bikerRow = (page: Page, biker: MonitorBiker) => page.getByRole('row').filter({ hasText: biker.phone });
const liveStatus = (page: Page) => page.getByTestId('monitor-live-status');
const waiting = (page: Page, orderNo: string) => page.getByTestId('monitor-waiting').locator(`[data-order-no="${orderNo}"]`);

test.describe.configure({ mode: 'serial' });

test.describe('Task Monitoring as admin', () => {
  test.use({ storageState: stateFile('admin') });
  let api: MonitorApi;
  let crew: MonitorBiker[];

  test.beforeAll(async () => {
    api = await monitorApi();
    // Bikers carrying nothing now: the seed's orders in progress depend on the hour it ran.
    const bangkok = (await api.bikers()).filter((b) => b.areaName === 'Bangkok' && b.phone && b.tasks === 0);
    const phones = new Set<string>();
    crew = bangkok.filter((b) => !phones.has(b.phone) && phones.add(b.phone)).slice(0, 3);
    expect(crew, 'three Bangkok bikers').toHaveLength(3);
    for (const [i, b] of crew.entries()) await api.setBiker(b.id, { presence: 'online', lat: 13.73 + i / 100, lng: 100.53 + i / 100 });
  });

  test.afterAll(async () => {
    await upstream('start');
    await api.dispose();
  });

  test('follows presence, assignments and an upstream restart live, without a reload', async ({ page }) => {
    const [a, b, c] = crew as [MonitorBiker, MonitorBiker, MonitorBiker];
    await page.goto(MONITOR);
    await expect(page.getByRole('heading', { name: 'Task Monitoring', level: 1 })).toBeVisible();
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
    await expect(liveStatus(page)).toContainText('Live');
    await expect(bikerRow(page, a)).toContainText('Online');
    await expect(page.locator(`[data-marker-id="biker:${a.id}"]`)).toHaveAttribute('data-tone', 'success');
    // Survives only as long as the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { monitorMark: number }).monitorMark = 42));

    await api.setBiker(a.id, { presence: 'offline' });
    await expect(bikerRow(page, a)).toContainText('Offline', LIVE);
    await expect(page.locator(`[data-marker-id="biker:${a.id}"]`)).toHaveAttribute('data-tone', 'neutral', LIVE);

    const first = await api.readyParcel('monitor-1');
    await expect(waiting(page, first.orderNo)).toBeVisible(LIVE);
    await api.assign(first.id, b.id);
    await expect(bikerRow(page, b)).toContainText(first.orderNo, LIVE);
    await expect(bikerRow(page, b)).toContainText('Assigned', LIVE);
    await expect(waiting(page, first.orderNo)).toHaveCount(0, LIVE);

    const second = await api.readyParcel('monitor-2');
    const assign = page.getByRole('button', { name: `Assign order ${second.orderNo}` });
    await expect(assign).toBeVisible(LIVE);
    await hydrated(assign);
    await assign.click();
    const dialog = page.getByRole('dialog', { name: `Assign order ${second.orderNo}` });
    await expect(dialog).toBeVisible();
    const picker = dialog.getByLabel('Biker', { exact: true });
    // Leaflet's panes (z-index up to 1000) are kept in the map's own stacking context, under the dialog. Hit tests cannot
    // tell (the page behind a modal is inert), so the isolation itself is checked.
    expect(await page.locator('.map-view').evaluate((el) => getComputedStyle(el).isolation)).toBe('isolate');
    // An offline biker cannot take an order; the one chosen is offered with their name.
    await expect(picker.locator(`option[value="${a.id}"]`)).toHaveCount(0);
    await expect(picker.locator(`option[value="${c.id}"]`)).toContainText(c.name);
    await picker.selectOption({ value: c.id });
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(bikerRow(page, c)).toContainText(second.orderNo, LIVE);
    await expect(waiting(page, second.orderNo)).toHaveCount(0);

    await upstream('stop');
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'reconnecting', { timeout: 5000 });
    await expect(liveStatus(page)).toContainText('Reconnecting…');
    await upstream('start');
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
    await api.setBiker(a.id, { presence: 'away' });
    await expect(bikerRow(page, a)).toContainText('Away', LIVE);
    await api.setBiker(b.id, { presence: 'dnd' });
    await expect(bikerRow(page, b)).toContainText('Do not disturb', LIVE);

    expect(await page.evaluate(() => (window as unknown as { monitorMark?: number }).monitorMark)).toBe(42);
  });

  test('reassigns an order on its way to another biker from the board', async ({ page }) => {
    const [, b, c] = crew as [MonitorBiker, MonitorBiker, MonitorBiker];
    const order = await api.readyParcel('monitor-3');
    await api.assign(order.id, c.id);
    await page.goto(MONITOR);
    const reassign = bikerRow(page, c).getByRole('button', { name: `Reassign order ${order.orderNo}`, exact: true });
    await expect(reassign).toBeVisible();
    await hydrated(reassign);
    await reassign.click();
    const dialog = page.getByRole('dialog', { name: `Reassign order ${order.orderNo}` });
    await expect(dialog).toBeVisible();
    const picker = dialog.getByLabel('Biker', { exact: true });
    // Never the biker who has it now.
    await expect(picker.locator(`option[value="${c.id}"]`)).toHaveCount(0);
    await picker.selectOption({ value: b.id });
    await dialog.getByRole('button', { name: 'Reassign', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(bikerRow(page, b)).toContainText(order.orderNo, LIVE);
    await expect(bikerRow(page, c)).not.toContainText(order.orderNo, LIVE);
  });

  test('an order offered to a biker and not accepted in time goes back to waiting, live', async ({ page }) => {
    const [, b] = crew as [MonitorBiker, MonitorBiker];
    const order = await api.readyParcel('monitor-offer');
    await page.goto(MONITOR);
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
    await expect(waiting(page, order.orderNo)).toBeVisible();
    await api.assign(order.id, b.id);
    await expect(bikerRow(page, b)).toContainText(order.orderNo, LIVE);
    // Offered, waiting for the biker to accept it.
    await expect(bikerRow(page, b).locator(`[data-order-no="${order.orderNo}"]`)).toContainText('Offered, not accepted yet', LIVE);
    await expect(waiting(page, order.orderNo)).toHaveCount(0, LIVE);
    // The biker never accepts it: the sweep as it runs once the app's acceptTimeoutSec (30 s in the demo) is past.
    const swept = await sweepBikerRules(31_000);
    expect(swept.released).toContain(order.id);
    await expect(waiting(page, order.orderNo)).toBeVisible(LIVE);
    await expect(bikerRow(page, b)).not.toContainText(order.orderNo, LIVE);
  });

  test('filters the bikers by presence and assignment; the URL keeps the filters over a reload', async ({ page }) => {
    const [a] = crew as [MonitorBiker];
    await page.goto(MONITOR);
    const presence = page.getByLabel('Presence', { exact: true });
    await hydrated(presence);
    await presence.selectOption('away');
    await expect(page).toHaveURL(/[?&]presence=away(&|$)/);
    await expect(bikerRow(page, a)).toBeVisible();
    const rows = page.locator('tbody tr');
    await expect.poll(async () => (await rows.count()) - (await rows.filter({ hasText: 'Away' }).count())).toBe(0);
    await page.getByLabel('Assignment', { exact: true }).selectOption('assigned');
    await expect(bikerRow(page, a)).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]assignment=assigned(&|$)/);

    await page.reload();
    await expect(page.getByLabel('Presence', { exact: true })).toHaveValue('away');
    await expect(page.getByLabel('Assignment', { exact: true })).toHaveValue('assigned');
    await expect(bikerRow(page, a)).toHaveCount(0);
  });
});

test('on a phone, no marker on the map covers another, so each can be tapped, also after zooming out', async ({ browser }) => {
  const context = await browser.newContext({ storageState: stateFile('admin'), viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(MONITOR);
  await expect(page.locator('.map-base[data-map-state="ready"]')).toBeVisible();
  const markers = page.locator('.map-view [data-marker-id]');
  await expect(markers.first()).toBeVisible();
  /** Pairs of markers whose centres are closer than a marker is wide. */
  const covered = () =>
    markers.evaluateAll((elements) => {
      const boxes = elements.map((el) => ({ id: el.getAttribute('data-marker-id'), rect: el.getBoundingClientRect() }));
      const out: string[] = [];
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!.rect, boxes[j]!.rect];
          if (Math.hypot(a.x + a.width / 2 - b.x - b.width / 2, a.y + a.height / 2 - b.y - b.height / 2) < Math.min(a.width, b.width) - 0.5)
            out.push(`${boxes[i]!.id} ${boxes[j]!.id}`);
        }
      return out;
    });
  /** How far apart the two farthest markers are drawn. */
  const span = () =>
    markers.evaluateAll((elements) => {
      const centres = elements.map((el) => el.getBoundingClientRect()).map((r) => [r.x + r.width / 2, r.y + r.height / 2] as const);
      return Math.max(...centres.flatMap(([x, y]) => centres.map(([u, v]) => Math.hypot(x - u, y - v))));
    });
  expect(await markers.count()).toBeGreaterThan(3);
  await expect.poll(covered).toEqual([]);
  const before = await span();
  // Leaflet's own control (not React's): it works once the map is ready.
  const zoomOut = page.getByRole('button', { name: 'Zoom out' });
  await zoomOut.click();
  await zoomOut.click();
  await expect.poll(span).toBeLessThan(before * 0.8);
  await expect.poll(covered).toEqual([]);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the monitor and its map have no serious or critical axe violations`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: stateFile('admin') });
    await context.addCookies([{ name: 'theme', value: theme, url: PORTAL_URL }]);
    const page = await context.newPage();
    await page.goto(MONITOR);
    await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
    await expect(page.locator('.map-base[data-map-state="ready"]')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10);
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
    expect(blocking).toEqual([]);
    await context.close();
  });
}

test('the page never receives the upstream token', async ({ browser }) => {
  const context = await browser.newContext({ storageState: stateFile('bkk') });
  const page = await context.newPage();
  const bodies: string[] = [];
  page.on('response', async (response) => {
    // The event stream never finishes; the relay's unit tests check what it carries.
    if (response.url().includes('/api/') && !response.headers()['content-type']?.includes('event-stream')) bodies.push(await response.text().catch(() => ''));
  });
  await page.goto(MONITOR);
  await expect(liveStatus(page)).toHaveAttribute('data-status', 'live');
  expect(await page.content()).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./);
  for (const body of bodies) expect(body).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./);
  await context.close();
});

test('staff.cnx, without the monitor permission, cannot open it nor its live stream', async ({ browser }) => {
  const { context, page } = await freshSignedInContext(browser, 'cnx');
  expect((await page.request.get('/api/live/Delivery')).status()).toBe(403);
  await page.goto(MONITOR);
  await expect(page).toHaveURL(pathOnly('/auth/login'));
  await context.close();
});
