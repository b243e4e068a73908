import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, test, type APIRequestContext } from './support/test';
import { APP_KEY_HEADER } from '../contract/app-channel';
import { API_URL, E2E } from '../playwright.config';
import { hydrated, msg } from './shell/helpers';
import { apiLogin } from './support/platform-api';
import { USERS, stateFile } from './support/users';

/**
 * Support tickets with two parties: a shop (the shop app's channel, with the app key, from the test) and staff.bkk in
 * the portal. The shop's new ticket appears in the open list by itself; staff answer, take and move it; a stale change
 * says so and keeps the choices; staff open a ticket of their own.
 */
const SHOP_LIST = '/Service/Delivery/SupportFromShop';
const PORTAL_LIST = '/Service/Delivery/SupportFromPortal';
interface SupportMessages {
  newTitle: string;
  fields: Record<string, string>;
  view: Record<string, string>;
}
const S = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'messages', 'resources', 'support', 'en.json'), 'utf8')) as { support: SupportMessages }
).support;
const tag = Date.now().toString(36).slice(-6);

async function asAdmin<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

/** A shop of staff.bkk's area, as the shop app knows itself. */
async function bangkokShop(): Promise<{ id: string; name: string }> {
  const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
  return asAdmin(async (api) => {
    const res = await api.get('/api/admin/Delivery/Shop', { params: { areaId: bkk.userData.area ?? '', pageSize: 10 } });
    expect(res.status(), await res.text()).toBe(200);
    const shop = ((await res.json()) as { data: { id: string; name: string }[] }).data[0];
    expect(shop).toBeTruthy();
    return shop!;
  });
}

test.describe('Support tickets as staff.bkk', () => {
  test.use({ storageState: stateFile('bkk') });

  test('a shop’s new ticket appears live; staff reply, take it, move it; a stale change is refused with the choices kept', async ({ page }) => {
    const shop = await bangkokShop();
    await page.goto(SHOP_LIST);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live');
    const subject = `Card reader broken ${tag}`;
    const ticket = await asAdmin(async (api) => {
      const res = await api.post('/api/app/Delivery/SupportFromShop', {
        data: { shopId: shop.id, subject, category: 'technical', priority: 'high', body: 'The card reader shows E42.', clientId: `e2e-${tag}` },
        headers: { [APP_KEY_HEADER]: E2E.appApiKey },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data;
    });

    // No reload: the live channel re-reads the list.
    const link = page.getByRole('link', { name: subject });
    await expect(link).toBeVisible({ timeout: 15_000 });
    await page.goto(`${SHOP_LIST}/View/${ticket.id}`);
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    const thread = page.getByRole('list', { name: S.view.thread });
    await expect(thread.getByText('The card reader shows E42.')).toBeVisible();

    const reply = page.getByLabel(S.fields.body!, { exact: true });
    await hydrated(reply);
    await reply.fill('A technician will call you today.');
    await page.getByRole('button', { name: S.view.send, exact: true }).click();
    await expect(thread.getByText('A technician will call you today.')).toBeVisible();
    await expect(reply).toHaveValue('');

    const status = page.getByLabel(S.fields.status!, { exact: true });
    const assignee = page.getByLabel(S.fields.assignee!, { exact: true });
    await hydrated(status);
    await status.selectOption('inProgress');
    await assignee.selectOption({ index: 1 });
    await page.getByRole('button', { name: S.view.save, exact: true }).click();
    await expect(page.getByText(msg('en', 'resource.saved')).first()).toBeVisible();
    await expect(page.getByRole('main').getByText('In progress').first()).toBeVisible();

    // Someone else changes it meanwhile: the save with the version read is 409; the choice stays.
    await asAdmin(async (api) => {
      const now = (await (await api.get(`/api/admin/Delivery/SupportFromShop/${ticket.id}`)).json()) as { data: { version: number } };
      const res = await api.put(`/api/admin/Delivery/SupportFromShop/${ticket.id}`, { data: { version: now.data.version, priority: 'urgent' } });
      expect(res.status()).toBe(200);
    });
    await status.selectOption('waiting');
    await page.getByRole('button', { name: S.view.save, exact: true }).click();
    await expect(page.getByText(msg('en', 'resource.conflictTitle'))).toBeVisible();
    await expect(status).toHaveValue('waiting');
  });

  test('staff assign a ticket to another person of the area picked from the list, and the list shows who holds it', async ({ page }) => {
    const shop = await bangkokShop();
    const bkk = await apiLogin(USERS.bkk.username, USERS.bkk.password);
    const colleague = `Aide ${tag}`;
    const ticket = await asAdmin(async (api) => {
      const staff = await api.post('/api/admin/Users/Staff', {
        data: {
          username: `staff.aide.${tag}`,
          password: 'Aide#2026x',
          displayName: colleague,
          email: `staff.aide.${tag}@demo-company.example`,
          appid: bkk.userData.appid,
          area: bkk.userData.area,
        },
      });
      expect(staff.status(), await staff.text()).toBe(201);
      const res = await api.post('/api/app/Delivery/SupportFromShop', {
        data: { shopId: shop.id, subject: `Who takes the refund ${tag}`, category: 'payment', body: 'A refund is missing.', clientId: `e2e-aide-${tag}` },
        headers: { [APP_KEY_HEADER]: E2E.appApiKey },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: { id: string; subject: string } }).data;
    });

    await page.goto(`${SHOP_LIST}/View/${ticket.id}`);
    const assignee = page.getByLabel(S.fields.assignee!, { exact: true });
    await hydrated(assignee);
    // Nobody, then the signed-in user, then the others who may take the ticket (the new colleague among them).
    await expect(assignee.locator('option', { hasText: colleague })).toHaveCount(1);
    const labels = await assignee.locator('option').allTextContents();
    expect(labels.slice(0, 2)).toEqual([S.view.nobody, S.view.me!.replace('{name}', 'Bangkok Staff')]);
    expect(labels).toContain('Demo Admin');
    expect(labels).not.toContain('Chiang Mai Staff');
    await assignee.focus();
    await assignee.selectOption({ label: colleague });
    await page.getByRole('button', { name: S.view.save, exact: true }).click();
    await expect(page.getByText(msg('en', 'resource.saved')).first()).toBeVisible();
    await expect(assignee).toHaveValue(/\d+/);
    await expect(assignee.locator('option:checked')).toHaveText(colleague);

    await page.goto(`${SHOP_LIST}?q=${encodeURIComponent(ticket.subject)}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: ticket.subject }) });
    await expect(row.getByRole('cell', { name: colleague, exact: true })).toBeVisible();
  });

  test('staff open a ticket about a shop from the portal', async ({ page }) => {
    const subject = `Shop asks for new menu photos ${tag}`;
    await page.goto(`${PORTAL_LIST}?new=1`);
    const form = page.getByRole('region', { name: S.newTitle });
    const subjectField = form.getByLabel(S.fields.subject!, { exact: true });
    await hydrated(subjectField);
    await subjectField.fill(subject);
    await form.getByLabel(S.fields.category!, { exact: true }).selectOption('other');
    await form.getByLabel(S.fields.shopName!, { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(S.fields.body!, { exact: true }).fill('Please schedule a photographer.');
    await form.getByRole('button', { name: msg('en', 'resource.create'), exact: true }).click();
    await expect(form).toBeHidden();
    await page.goto(`${PORTAL_LIST}?q=${encodeURIComponent(subject)}`);
    await expect(page.getByRole('link', { name: subject })).toBeVisible();
  });
});
