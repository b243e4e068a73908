import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import type { BusEvent } from '../src/realtime/bus';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
let shop: Loose;
let cnxShop: Loose;
const SHOP = '/api/admin/Delivery/SupportFromShop';
const PORTAL = '/api/admin/Delivery/SupportFromPortal';
const APP = '/api/app/Delivery/SupportFromShop';
const IMAGE = `${'b'.repeat(64)}.png`;
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const app = (method: string, path: string, body?: unknown, token = admin.accessToken, key = TEST_APP_API_KEY) =>
  api.request(method, path, { token, body, headers: { [APP_KEY_HEADER]: key } });
const open = (extra: Record<string, unknown> = {}) =>
  app('POST', APP, { shopId: String(shop.id), subject: 'Tablet keeps logging out', category: 'technical', body: 'Since this morning.', ...extra });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  [shop] = await query<typeof shop>(
    `SELECT id, name, area_id, app_id FROM shops WHERE area_id = ${Number(bkk.userData.area)} AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  [cnxShop] = await query<typeof cnxShop>(`SELECT id FROM shops WHERE area_id = ${Number(cnx.userData.area)} AND deleted_at IS NULL ORDER BY id LIMIT 1`);
});
afterAll(async () => {
  await api?.close();
});

describe('support tickets: the shop app', () => {
  it('opens a ticket once per clientId, publishes it, notifies the area staff and the admins, and reads and answers it', async () => {
    const got: BusEvent[] = [];
    const stop = api.bus.subscribe({ companyId: Number(admin.userData.companies), appId: null, areaId: null, deliver: (e) => got.push(e) });
    try {
      const first = await open({ clientId: 'c-1', attachments: [IMAGE] });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.data).toMatchObject({
        source: 'shop',
        status: 'open',
        priority: 'normal',
        shopName: shop.name,
        areaId: String(shop.area_id),
        version: 1,
      });
      expect(first.body.data.messages).toEqual([expect.objectContaining({ authorKind: 'shop', authorName: shop.name, attachments: [IMAGE] })]);
      const again = await open({ clientId: 'c-1' });
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(first.body.data.id);
      const id = first.body.data.id;
      expect(got.filter((e) => e.type === 'support.ticket')).toEqual([
        expect.objectContaining({
          ticketId: id,
          source: 'shop',
          areaId: String(shop.area_id),
          status: 'open',
          scope: expect.objectContaining({ areaId: shop.area_id }),
        }),
      ]);

      const told = await query<{ username: string; kind: string; link: string }>(
        `SELECT u.username, n.kind, n.link FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'supportTicket' AND n.link LIKE '%/View/${id}'`,
      );
      expect(told.map((r) => r.username).sort()).toEqual(expect.arrayContaining(['admin', 'staff.bkk']));
      expect(told.map((r) => r.username)).not.toContain('staff.cnx');
      expect(told[0]!.link).toBe(`/Service/Delivery/SupportFromShop/View/${id}`);

      const mine = await app('GET', `${APP}?shopId=${shop.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body.data.map((t: Loose) => t.id)).toContain(id);
      const other = await app('GET', `${APP}/${id}?shopId=${cnxShop.id}`);
      expect(other.status).toBe(404);

      const reply = await app('POST', `${APP}/${id}/reply`, { shopId: String(shop.id), body: 'Still happening.', clientId: 'c-2' });
      expect(reply.status).toBe(201);
      expect(reply.body.data.messages).toHaveLength(2);
      await app('POST', `${APP}/${id}/reply`, { shopId: String(shop.id), body: 'Still happening.', clientId: 'c-2' });
      expect((await app('GET', `${APP}/${id}?shopId=${shop.id}`)).body.data.messages).toHaveLength(2);
      expect(got.filter((e) => e.type === 'support.message')).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('needs the app key: the admin channel alone is refused', async () => {
    expect((await app('POST', APP, { shopId: String(shop.id) }, admin.accessToken, 'wrong')).status).toBe(403);
    expect(
      (await api.request('POST', APP, { token: admin.accessToken, body: { shopId: String(shop.id), subject: 'x', category: 'other', body: 'x' } })).status,
    ).toBe(403);
    expect((await open({ shopId: '999999' })).body.errors).toEqual({ shopId: ['unknownReference'] });
  });
});

describe('support tickets: staff', () => {
  it('lists by source with filters and sort, keeps staff to their area, and refuses other services', async () => {
    const id = (await open({ subject: 'Printer offline', priority: 'urgent' })).body.data.id;
    const list = await send('GET', `${SHOP}?priority=urgent&sort=lastMessageAt&order=desc&pageSize=10`, bkk.accessToken);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id, priority: 'urgent' });
    expect(list.body.data.every((t: Loose) => t.source === 'shop' && t.areaId === bkk.userData.area)).toBe(true);
    expect((await send('GET', `${SHOP}?q=Printer`, bkk.accessToken)).body.total).toBe(1);
    expect((await send('GET', `${PORTAL}?q=Printer`, bkk.accessToken)).body.total).toBe(0);
    expect((await send('GET', `${SHOP}?sort=priority&order=desc`, admin.accessToken)).body.data[0].priority).toBe('urgent');
    expect((await send('GET', `${SHOP}?status=lost`, bkk.accessToken)).status).toBe(400);

    // staff.cnx may read and answer shop tickets too, in Chiang Mai only.
    await query(
      `UPDATE permissions SET can_read = true, can_write = true, can_create = true
       WHERE name = 'Service Delivery SupportFromShop' AND user_id = (SELECT id FROM users WHERE username = 'staff.cnx')`,
    );
    api.deps.permissions.clear();
    expect((await send('GET', SHOP, cnx.accessToken)).status).toBe(200);
    expect((await send('GET', `${SHOP}/${id}`, cnx.accessToken)).status).toBe(404);
    expect((await send('PUT', `${SHOP}/${id}`, cnx.accessToken, { version: 1, status: 'closed' })).status).toBe(404);
    expect((await send('POST', `${SHOP}/${id}/reply`, cnx.accessToken, { body: 'Hi' })).status).toBe(404);
    expect((await send('GET', `${SHOP}?q=Printer`, cnx.accessToken)).body.total).toBe(0);
    expect((await send('GET', SHOP, market.accessToken)).status).toBe(403);
  });

  it('changes status, assignee and priority with the version; a stale version is 409 with the ticket as it is now', async () => {
    const id = (await open({ subject: 'Menu photo wrong' })).body.data.id;
    const assigned = await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 1, assigneeId: bkk.userData.uid, status: 'inProgress', priority: 'high' });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data).toMatchObject({
      version: 2,
      status: 'inProgress',
      priority: 'high',
      assigneeId: bkk.userData.uid,
      assigneeName: expect.any(String),
    });
    const stale = await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 1, status: 'waiting' });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ version: 2, status: 'inProgress' });
    const closed = await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 2, status: 'closed' });
    expect(closed.body.data.closedAt).toEqual(expect.any(String));
    const reopened = await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 3, status: 'open' });
    expect(reopened.body.data.closedAt).toBeNull();
    expect((await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 4, assigneeId: cnx.userData.uid })).body.errors).toEqual({
      assigneeId: ['unknownReference'],
    });
    expect((await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 4, assigneeId: null })).body.data.assigneeId).toBeNull();
  });

  it('replies with an image attachment and publishes the message', async () => {
    const id = (await open({ subject: 'Receipt question' })).body.data.id;
    const got: BusEvent[] = [];
    const stop = api.bus.subscribe({ companyId: Number(admin.userData.companies), appId: shop.app_id, areaId: shop.area_id, deliver: (e) => got.push(e) });
    try {
      const res = await send('POST', `${SHOP}/${id}/reply`, bkk.accessToken, { body: 'Here is how it should look.', attachments: [IMAGE] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.messages.at(-1)).toMatchObject({ authorKind: 'staff', body: 'Here is how it should look.', attachments: [IMAGE] });
      expect(got).toEqual([expect.objectContaining({ type: 'support.message', ticketId: id, source: 'shop' })]);
      const bad = await send('POST', `${SHOP}/${id}/reply`, bkk.accessToken, { body: '', attachments: ['javascript:alert(1)'] });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['attachments.0', 'body']);
    } finally {
      stop();
    }
  });

  it('opens a portal ticket about an order or a shop in its area; never another area’s', async () => {
    const [order] = await query<{ order_no: string; shop_id: number }>(
      `SELECT order_no, shop_id FROM orders WHERE area_id = ${shop.area_id} AND shop_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const res = await send('POST', PORTAL, bkk.accessToken, { subject: 'Late delivery', category: 'order', orderNo: order!.order_no, body: 'Member called.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      source: 'portal',
      orderNo: order!.order_no,
      shopId: String(order!.shop_id),
      areaId: String(shop.area_id),
      status: 'open',
    });
    expect(res.body.data.openedByName).toEqual(expect.any(String));
    expect((await send('GET', `${PORTAL}/${res.body.data.id}`, bkk.accessToken)).body.data.messages).toHaveLength(1);
    expect((await send('GET', `${SHOP}/${res.body.data.id}`, bkk.accessToken)).status).toBe(404);
    const foreign = await send('POST', PORTAL, bkk.accessToken, { subject: 'X', category: 'other', shopId: String(cnxShop.id), body: 'x' });
    expect(foreign.body.errors).toEqual({ shopId: ['unknownReference'] });
    expect((await send('POST', PORTAL, bkk.accessToken, { subject: 'X', category: 'other', body: 'x' })).body.errors).toEqual({ orderNo: ['required'] });
  });

  it('refuses a role without the flag: 403 on read, change, reply and create', async () => {
    const id = (await open({ subject: 'Flags' })).body.data.id;
    await query(
      `UPDATE permissions SET can_read = false, can_write = false, can_create = false
       WHERE name IN ('Service Delivery SupportFromShop', 'Service Delivery SupportFromPortal') AND user_id = (SELECT id FROM users WHERE username = 'staff.bkk')`,
    );
    api.deps.permissions.clear();
    try {
      expect((await send('GET', SHOP, bkk.accessToken)).status).toBe(403);
      expect((await send('GET', `${SHOP}/${id}`, bkk.accessToken)).status).toBe(403);
      expect((await send('PUT', `${SHOP}/${id}`, bkk.accessToken, { version: 1, status: 'closed' })).status).toBe(403);
      expect((await send('POST', `${SHOP}/${id}/reply`, bkk.accessToken, { body: 'x' })).status).toBe(403);
      expect((await send('POST', PORTAL, bkk.accessToken, { subject: 'X', category: 'other', shopId: String(shop.id), body: 'x' })).status).toBe(403);
    } finally {
      await query(
        `UPDATE permissions SET can_read = true, can_write = true, can_create = true
         WHERE name IN ('Service Delivery SupportFromShop', 'Service Delivery SupportFromPortal') AND user_id = (SELECT id FROM users WHERE username = 'staff.bkk')`,
      );
      api.deps.permissions.clear();
    }
  });

  it('seeds tickets of both sources with threads in the demo areas', async () => {
    const rows = await query<{ source: string; n: number }>(
      `SELECT t.source, count(m.id)::int AS n FROM support_tickets t JOIN support_messages m ON m.ticket_id = t.id WHERE t.area_id = ${shop.area_id} AND t.subject IN ('Payout for last week is missing', 'Member reports a missing item') GROUP BY t.source ORDER BY t.source`,
    );
    expect(rows).toEqual([
      { source: 'portal', n: 2 },
      { source: 'shop', n: 2 },
    ]);
  });
});
