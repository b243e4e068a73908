import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { pointMovements, users } from '../src/db/schema';
import { listMovements } from '../src/domain/point-history';
import { movePoints } from '../src/domain/points';
import { grantService } from '../src/domain/permissions';
import type { ServiceScope } from '../src/domain/scope';
import { verifyPoints } from '../src/seed/verify-points';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { drive, foodOrder, orderWorld, placeOrder, type OrderWorld, foodToSuccess } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
const H = '/api/admin/Delivery/RewardPointHistory';
const LISTS = [
  '/api/admin/Delivery/RewardPointHistory',
  '/api/admin/Marketplace/UsedPoints',
  '/api/admin/Marketplace/TopupMemberPoints',
  '/api/admin/Marketplace/RewardInvite',
];
const appPost = (path: string, body: unknown, token: string) => api.request('POST', path, { token, body, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
const query = async <T>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const balanceOf = async (memberId: number) =>
  Number((await query<{ b: string }>(`SELECT coalesce((SELECT balance FROM point_balances WHERE member_id = ${memberId}), 0) AS b`))[0]!.b);
const grant = (token: string, body: Record<string, unknown>, path = H) => api.post(path, body, token);
let keySerial = 0;
const key = () => `test-${process.pid}-${keySerial++}`;

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(async () => {
  await api?.close();
});

describe('who may', () => {
  it('refuses the lists, the grant and the settings to a role without the flag (staff.cnx has only the dashboard)', async () => {
    const [cnx, market] = await Promise.all([api.login(DEMO.cnx), api.login(DEMO.market)]);
    for (const path of [H, `${H}/export`, ...LISTS]) expect((await api.get(path, cnx.accessToken)).status, path).toBe(403);
    expect((await grant(cnx.accessToken, { memberId: '1', amount: 10, reason: 'Gift', idempotencyKey: key() })).status).toBe(403);
    expect((await grant(cnx.accessToken, { memberId: '1', amount: 10, reason: 'Gift', idempotencyKey: key() }, LISTS[2])).status).toBe(403);
    // Staff never open the app's settings; Delivery has no top-up list.
    expect((await api.get('/api/admin/Marketplace/Config/App', market.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/TopupMemberPoints', market.accessToken)).status).toBe(403);
  });

  it('refuses the grant to staff who may read the history but not create', async () => {
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: true, create: false, delete: false });
    api.advance(5_000); // past the permission cache
    const cnx = await api.login(DEMO.cnx);
    expect((await api.get(H, cnx.accessToken)).status).toBe(200);
    expect((await grant(cnx.accessToken, { memberId: '1', amount: 10, reason: 'Gift', idempotencyKey: key() })).status).toBe(403);
  });
});

describe('the seeded points', () => {
  it('keep every balance equal to the sum of its movements, the running balances and the daily counts', async () => {
    expect(await verifyPoints(api.deps.db)).toEqual([]);
    const kinds = (await query<{ source: string }>(`SELECT DISTINCT source FROM point_movements ORDER BY 1`)).map((r) => r.source);
    expect(kinds).toEqual(expect.arrayContaining(['FROM_APP', 'FROM_ORDER', 'FROM_REGIS']));
  });
});

describe('the app settings (Config/App)', () => {
  it('saves the point rules with who saved them, and refuses a stale version', async () => {
    const admin = await api.login(DEMO.admin);
    const path = '/api/admin/Delivery/Config/App';
    const before = (await api.get(path, admin.accessToken)).body.data;
    const { id: _id, appId: _app, createdAt: _c, updatedAt: _u, updatedBy: _by, ...settings } = before;
    const body = { ...settings, pointsPer100Baht: 3, registrationPoints: 20, inviterPoints: 40, inviteePoints: 10, version: before.version };
    const saved = await api.request('PUT', path, { token: admin.accessToken, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      pointsPer100Baht: 3,
      registrationPoints: 20,
      version: before.version + 1,
      updatedBy: { uid: String(admin.userData.uid) },
    });
    const [audit] = await query<{ changes: Loose }>(
      `SELECT changes FROM audit_log WHERE path = '${path}' AND method = 'PUT' AND status = 200 ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.changes.diff.pointsPer100Baht).toEqual({ before: before.pointsPer100Baht, after: 3 });
    const stale = await api.request('PUT', path, { token: admin.accessToken, body: { ...body, pointsPer100Baht: 5 } });
    expect(stale.status).toBe(409);
    expect(stale.body.data.pointsPer100Baht).toBe(3);
    const bad = await api.request('PUT', path, { token: admin.accessToken, body: { ...body, version: saved.body.data.version, inviterPoints: -1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['inviterPoints']);
  });
});

describe('earning and granting', () => {
  beforeAll(async () => {
    w = await orderWorld(api, 'Points');
  });

  it('grants once for a key: again, twice at once and twenty at once', async () => {
    const body = { memberId: String(w.members.bkk), amount: 120, reason: 'Late delivery', idempotencyKey: key() };
    const before = await balanceOf(w.members.bkk);
    const first = await grant(w.bkk.accessToken, body);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      source: 'FROM_APP',
      amount: 120,
      balanceAfter: before + 120,
      reason: 'Late delivery',
      createdBy: { uid: String(w.bkk.userData.uid) },
    });
    const again = await grant(w.bkk.accessToken, body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const crowd = { ...body, idempotencyKey: key() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => grant(w.bkk.accessToken, crowd)));
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await balanceOf(w.members.bkk)).toBe(before + 240);
    const reused = await grant(w.bkk.accessToken, { ...crowd, amount: 121 });
    expect(reused.status).toBe(409);
    expect(await balanceOf(w.members.bkk)).toBe(before + 240);
  });

  it("finds members to give points to by phone or name, in the caller's area only, and shows the points on the member's page", async () => {
    const byPhone = await api.get(`${H}/members?q=${w.phone.slice(0, 8)}`, w.bkk.accessToken);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.map((m: Loose) => m.id)).toContain(String(w.members.bkk));
    expect(byPhone.body.data.every((m: Loose) => m.areaName === 'Bangkok')).toBe(true);
    const byName = (await api.get(`${H}/members?q=Points%20Member`, w.admin.accessToken)).body.data as Loose[];
    expect(byName.map((m) => m.id)).toEqual(expect.arrayContaining([String(w.members.bkk), String(w.members.cnx)]));
    const fromBkk = (await api.get(`${H}/members?q=Points%20Member`, w.bkk.accessToken)).body.data as Loose[];
    expect(fromBkk.map((m) => m.id)).not.toContain(String(w.members.cnx));
    const detail = (await api.get(`/api/admin/Delivery/Members/${w.members.bkk}`, w.admin.accessToken)).body.data;
    expect(detail.points.balance).toBe(await balanceOf(w.members.bkk));
    expect(detail.points.movements.rows[0]).toMatchObject({ source: 'FROM_APP', memberId: String(w.members.bkk) });
    expect(detail.points.vouchers).toEqual([]);
  });

  it('keeps staff to the members of their area, and checks the body', async () => {
    const other = await grant(w.bkk.accessToken, { memberId: String(w.members.cnx), amount: 10, reason: 'Gift', idempotencyKey: key() });
    expect(other.status).toBe(404);
    const bad = await grant(w.bkk.accessToken, { memberId: String(w.members.bkk), amount: 0, reason: ' ', idempotencyKey: key() });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'reason']);
    const byAdmin = await grant(w.admin.accessToken, { memberId: String(w.members.cnx), amount: 10, reason: 'Gift', idempotencyKey: key() });
    expect(byAdmin.status).toBe(201);
    const seenByBkk = (await api.get(`${H}?pageSize=100`, w.bkk.accessToken)).body.data as Loose[];
    expect(seenByBkk.length).toBeGreaterThan(0);
    expect(seenByBkk.every((m) => m.areaName === 'Bangkok')).toBe(true);
    const asked = (await api.get(`${H}?areaId=${w.chiangMai}&pageSize=100`, w.bkk.accessToken)).body.data as Loose[];
    expect(asked.every((m) => m.areaName === 'Bangkok')).toBe(true);
    const all = (await api.get(`${H}?areaId=${w.chiangMai}&source=FROM_APP`, w.admin.accessToken)).body.data as Loose[];
    expect(all.map((m) => m.id)).toContain(byAdmin.body.data.id);
  });

  it("grants an order's points once, at its success, by the app's rule", async () => {
    const rules = (await api.get('/api/admin/Delivery/Config/App', w.admin.accessToken)).body.data;
    const before = await balanceOf(w.members.bkk2);
    const order = await placeOrder(api, w.bkk.accessToken, 'food', foodOrder(w.members.bkk2, w.shops.bkk, { items: [{ name: 'Set', qty: 3, price: 12_500 }] }));
    await drive(api, w.bkk.accessToken, 'food', order.id, [
      'shop_receive_order',
      { event: 'biker_receive_order', bikerId: w.bikers.bkk },
      'biker_to_shop',
      'food_otw',
      'biker_to_member',
    ]);
    expect(await balanceOf(w.members.bkk2)).toBe(before);
    await drive(api, w.bkk.accessToken, 'food', order.id, ['success']);
    const expected = Math.floor(37_500 / 10_000) * rules.pointsPer100Baht;
    expect(await balanceOf(w.members.bkk2)).toBe(before + expected);
    const rows = await api.deps.db
      .select()
      .from(pointMovements)
      .where(eq(pointMovements.orderId, Number(order.id)));
    expect(rows.map((r) => [r.source, r.amount])).toEqual([['FROM_ORDER', expected]]);
    const listed = (await api.get(`${H}?memberId=${w.members.bkk2}&source=FROM_ORDER`, w.bkk.accessToken)).body.data as Loose[];
    expect(listed[0]).toMatchObject({ orderNo: order.orderNo, detail: order.orderNo, amount: expected });
  });

  it('signs a member up with the registration points, and a referral once for both', async () => {
    const rules = (await api.get('/api/admin/Delivery/Config/App', w.admin.accessToken)).body.data;
    const inviterBefore = await balanceOf(w.members.bkk);
    const phone = `08${String(process.pid % 100_000_000).padStart(8, '0')}`;
    const body = { name: 'Nid Signup', phone, areaId: String(w.bangkok), referral: w.phone };
    const done = await appPost('/api/app/Delivery/Members', body, w.admin.accessToken);
    expect(done.status).toBe(201);
    expect(done.body.data.balance).toBe(rules.registrationPoints + rules.inviteePoints);
    expect(done.body.data.movements.map((m: Loose) => m.source).sort()).toEqual(['FROM_REF', 'FROM_REF', 'FROM_REGIS']);
    expect(await balanceOf(w.members.bkk)).toBe(inviterBefore + rules.inviterPoints);
    const again = await appPost('/api/app/Delivery/Members', body, w.admin.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ phone: ['taken'] });
    expect(await balanceOf(w.members.bkk)).toBe(inviterBefore + rules.inviterPoints);
    const invites = (await api.get('/api/admin/Marketplace/RewardInvite', w.admin.accessToken)).status;
    expect(invites).toBe(200);
    const [ref] = await query<{ n: string }>(`SELECT count(*) AS n FROM referrals WHERE invitee_id = ${Number(done.body.data.memberId)}`);
    expect(Number(ref!.n)).toBe(1);
    const unknown = await appPost('/api/app/Delivery/Members', { ...body, phone: '0899999991', referral: '0800000000' }, w.admin.accessToken);
    expect(unknown.body.errors).toEqual({ referral: ['unknownReference'] });
    // Not on the back-office path, nor without the app key.
    expect((await api.post('/api/app/Delivery/Members', { ...body, phone: '0899999992' }, w.admin.accessToken)).status).toBe(403);
  });

  it('lets a shop of the app give points once per key, never a shop of another app', async () => {
    const body = { memberId: String(w.members.bkk), amount: 7, source: 'FROM_QRCODE', shopId: String(w.shops.bkk), idempotencyKey: key() };
    const first = await appPost('/api/app/Delivery/Points', body, w.admin.accessToken);
    expect(first.status).toBe(201);
    expect((await appPost('/api/app/Delivery/Points', body, w.admin.accessToken)).status).toBe(200);
    const foreign = await appPost('/api/app/Delivery/Points', { ...body, shopId: String(w.shops.market), idempotencyKey: key() }, w.admin.accessToken);
    expect(foreign.body.errors).toEqual({ shopId: ['unknownReference'] });
  });

  it('keeps every balance equal to the sum of its movements and never below zero through random grants, spends and orders', async () => {
    let seed = 20261126;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const people = [w.members.bkk, w.members.bkk2];
    const scope = { companyId: w.companyId, appId: w.deliveryApp, areaId: w.bangkok };
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const memberId = people[Math.floor(random() * people.length)]!;
      const spend = random() < 0.45;
      const amount = 1 + Math.floor(random() * 300);
      try {
        await api.deps.db.transaction((tx) =>
          movePoints(tx, { ...scope, memberId, source: spend ? 'USED' : 'FROM_APP', amount: spend ? -amount : amount, key: key(), at: api.deps.now() }),
        );
      } catch (error) {
        expect((error as { status?: number }).status).toBe(400);
        refused++;
      }
      if (random() < 0.08) {
        const order = await placeOrder(api, w.bkk.accessToken, 'food', foodOrder(memberId, w.shops.bkk));
        await drive(api, w.bkk.accessToken, 'food', order.id, foodToSuccess(w.bikers.bkk));
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(await verifyPoints(api.deps.db)).toEqual([]);
  });

  it('finds a deep page through the daily counts: the same rows as walking', async () => {
    const scope: ServiceScope = {
      companyId: w.companyId,
      officeId: 0,
      userId: 0,
      role: 'admin',
      root: false,
      appId: w.deliveryApp,
      appType: 'Delivery',
      areaId: null,
    };
    for (const q of [{}, { source: 'FROM_REGIS' as const }, { order: 'asc' as const, sort: 'createdAt' as const }]) {
      const base = { page: 1, pageSize: 10 as const, order: 'desc' as const, ...q };
      const { total } = await listMovements(api.deps.db, scope, null, base);
      expect(total).toBeGreaterThan(20);
      for (const page of [2, Math.ceil(total / 20), Math.ceil(total / 10)]) {
        const walked = await listMovements(api.deps.db, scope, null, { ...base, page }, Number.MAX_SAFE_INTEGER);
        const deep = await listMovements(api.deps.db, scope, null, { ...base, page }, 0);
        expect(deep.rows.map((r) => r.id)).toEqual(walked.rows.map((r) => r.id));
        expect(deep.total).toBe(walked.total);
        expect(deep.rows.length).toBeGreaterThan(0);
      }
    }
  });

  it('lists only spends as UsedPoints and only staff grants as TopupMemberPoints, and exports the view', async () => {
    const market = w.market.accessToken;
    const grantM = await grant(market, { memberId: String(w.members.market), amount: 55, reason: 'Welcome back', idempotencyKey: key() }, LISTS[2]);
    expect(grantM.status).toBe(201);
    const topups = (await api.get('/api/admin/Marketplace/TopupMemberPoints?pageSize=100', w.admin.accessToken)).body.data as Loose[];
    expect(topups.every((m) => m.source === 'FROM_APP')).toBe(true);
    expect(topups.map((m) => m.id)).toContain(grantM.body.data.id);
    const used = (await api.get('/api/admin/Marketplace/UsedPoints?pageSize=100', w.admin.accessToken)).body.data as Loose[];
    expect(used.every((m) => m.source === 'USED')).toBe(true);
    expect((await api.get('/api/admin/Marketplace/UsedPoints?source=FROM_APP', w.admin.accessToken)).body.total).toBe(0);
    const csv = await api.request(
      'GET',
      `/api/admin/Marketplace/TopupMemberPoints/export?phone=${encodeURIComponent((await query<{ phone: string }>(`SELECT phone FROM members WHERE id = ${w.members.market}`))[0]!.phone)}`,
      { token: market },
    );
    expect(csv.status).toBe(200);
    const text = typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body);
    expect(text).toContain('Welcome back');
  });
});
