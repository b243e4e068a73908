import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
let bkkTicket: string;
let cnxTicket: string;
const SHOP = '/api/admin/Delivery/SupportFromShop';
const PORTAL = '/api/admin/Delivery/SupportFromPortal';
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const names = (answer: Loose): string[] => answer.body.data.map((p: Loose) => p.name);

/** Another user like `staff.bkk` (same company, office, app and area), with its own name and status. */
const copyOf = (from: string, username: string, displayName: string, extra = '') =>
  query(
    `INSERT INTO users (company_id, office_id, username, email, display_name, password_hash, role, app_id, area_id, status, deleted_at)
     SELECT company_id, office_id, '${username}', '${username}@demo-company.example', '${displayName}', password_hash, role, app_id, area_id,
       ${extra.includes('suspended') ? `'suspended'` : 'status'}, ${extra.includes('deleted') ? 'now()' : 'NULL'}
     FROM users WHERE username = '${from}'`,
  );

/** Opens a shop ticket through the shop app for the first live shop of the area. */
async function openIn(areaId: string): Promise<string> {
  const [shop] = await query<{ id: number }>(`SELECT id FROM shops WHERE area_id = ${Number(areaId)} AND deleted_at IS NULL ORDER BY id LIMIT 1`);
  const res = await api.request('POST', '/api/app/Delivery/SupportFromShop', {
    token: admin.accessToken,
    body: { shopId: String(shop!.id), subject: 'Who takes this?', category: 'other', body: 'Please help.' },
    headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  await copyOf('staff.bkk', 'staff.bkk2', 'Bangkok Second');
  await copyOf('staff.bkk', 'staff.bkk.off', 'Bangkok Suspended', 'suspended');
  await copyOf('staff.bkk', 'staff.bkk.gone', 'Bangkok Deleted', 'deleted');
  bkkTicket = await openIn(bkk.userData.area);
  cnxTicket = await openIn(cnx.userData.area);
});
afterAll(async () => {
  await api?.close();
});

describe('support tickets: who a ticket can be assigned to', () => {
  it('lists, for area staff, the caller first, then the administrators and active staff of the ticket’s area by name', async () => {
    const res = await send('GET', `${SHOP}/${bkkTicket}/assignees`, bkk.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0]).toEqual({ id: bkk.userData.uid, name: 'Bangkok Staff' });
    expect(names(res)).toEqual(['Bangkok Staff', 'Bangkok Second', 'Demo Admin']);
    expect(res.body.more).toBe(false);
    // Not another area's staff, another service's, a suspended nor a deleted account.
    expect(names(res)).not.toContain('Chiang Mai Staff');
    expect(names(res)).not.toContain('Marketplace Staff');
    expect(names(res)).not.toContain('Bangkok Suspended');
    expect(names(res)).not.toContain('Bangkok Deleted');
  });

  it('lists, for an administrator, the people of the ticket’s own area: Bangkok’s for a Bangkok ticket, Chiang Mai’s for one there', async () => {
    const bangkok = await send('GET', `${SHOP}/${bkkTicket}/assignees`, admin.accessToken);
    expect(bangkok.status).toBe(200);
    expect(names(bangkok)).toEqual(['Demo Admin', 'Bangkok Second', 'Bangkok Staff']);
    const chiangMai = await send('GET', `${SHOP}/${cnxTicket}/assignees`, admin.accessToken);
    expect(names(chiangMai)).toEqual(['Demo Admin', 'Chiang Mai Staff']);
  });

  it('takes exactly the people it lists: each listed one can be assigned, someone of another area cannot', async () => {
    const listed = (await send('GET', `${SHOP}/${bkkTicket}/assignees`, bkk.accessToken)).body.data as { id: string }[];
    let version = (await send('GET', `${SHOP}/${bkkTicket}`, bkk.accessToken)).body.data.version as number;
    for (const person of listed) {
      const res = await send('PUT', `${SHOP}/${bkkTicket}`, bkk.accessToken, { version, assigneeId: person.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.assigneeId).toBe(person.id);
      version = res.body.data.version;
    }
    const other = await send('PUT', `${SHOP}/${bkkTicket}`, bkk.accessToken, { version, assigneeId: cnx.userData.uid });
    expect(other.body.errors).toEqual({ assigneeId: ['unknownReference'] });
  });

  it('is bounded: `q` narrows by name, `limit` cuts the list and says there is more; bad parameters are 400', async () => {
    const second = await send('GET', `${SHOP}/${bkkTicket}/assignees?q=second`, bkk.accessToken);
    expect(names(second)).toEqual(['Bangkok Second']);
    const one = await send('GET', `${SHOP}/${bkkTicket}/assignees?limit=1`, bkk.accessToken);
    expect(names(one)).toEqual(['Bangkok Staff']);
    expect(one.body.more).toBe(true);
    expect((await send('GET', `${SHOP}/${bkkTicket}/assignees?limit=1000`, bkk.accessToken)).status).toBe(400);
    expect((await send('GET', `${SHOP}/${bkkTicket}/assignees?page=2`, bkk.accessToken)).status).toBe(400);
  });

  it('needs the screen’s write flag, keeps staff to their area’s tickets and to the ticket’s source', async () => {
    // staff.cnx has no flag on the shop tickets; staff.market is of another service.
    expect((await send('GET', `${SHOP}/${cnxTicket}/assignees`, cnx.accessToken)).status).toBe(403);
    expect((await send('GET', `${SHOP}/${bkkTicket}/assignees`, market.accessToken)).status).toBe(403);
    const flags = (read: boolean, write: boolean) =>
      query(
        `UPDATE permissions SET can_read = ${read}, can_write = ${write}
         WHERE name = 'Service Delivery SupportFromShop' AND user_id = (SELECT id FROM users WHERE username = 'staff.cnx')`,
      ).then(() => api.deps.permissions.clear());
    // Reading the tickets alone is not enough: the list serves a change of the assignee.
    await flags(true, false);
    expect((await send('GET', SHOP, cnx.accessToken)).status).toBe(200);
    expect((await send('GET', `${SHOP}/${cnxTicket}/assignees`, cnx.accessToken)).status).toBe(403);
    await flags(true, true);
    expect(names(await send('GET', `${SHOP}/${cnxTicket}/assignees`, cnx.accessToken))).toEqual(['Chiang Mai Staff', 'Demo Admin']);
    // Another area's ticket, or a shop ticket asked as a portal one, is not there.
    expect((await send('GET', `${SHOP}/${bkkTicket}/assignees`, cnx.accessToken)).status).toBe(404);
    expect((await send('GET', `${PORTAL}/${bkkTicket}/assignees`, admin.accessToken)).status).toBe(404);
    expect((await send('GET', `${SHOP}/999999/assignees`, admin.accessToken)).status).toBe(404);
  });
});
