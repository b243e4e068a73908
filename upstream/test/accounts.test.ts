import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStatusChanges, apps, bikerPackages, bikerRegistrations, bikers, members, orders, users } from '../src/db/schema';
import { grantService } from '../src/domain/permissions';
import { rows } from '../src/seed/sql-text';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const MEMBERS = '/api/admin/Delivery/Members';
const BIKERS = '/api/admin/Delivery/Member/Biker';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const patch = (path: string, token: string, body: unknown) => api.request('PATCH', path, { token, body });

describe('members (admins only)', () => {
  it('lists, searches by name, phone and e-mail, filters, sorts and pages', async () => {
    const all = await api.get(`${MEMBERS}?pageSize=10&sort=name&order=asc`, admin.accessToken);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(10);
    const names = all.body.data.map((m: Loose) => m.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })).map(String));
    const first = all.body.data[0];
    expect(first).toMatchObject({ id: expect.any(String), phone: expect.any(String), email: expect.stringContaining('@'), areaName: expect.any(String) });

    const byPhone = await api.get(`${MEMBERS}?q=${encodeURIComponent(first.phone)}`, admin.accessToken);
    expect(byPhone.body.data.map((m: Loose) => m.id)).toContain(first.id);
    const byEmail = await api.get(`${MEMBERS}?q=${encodeURIComponent(first.email)}`, admin.accessToken);
    expect(byEmail.body.data.map((m: Loose) => m.id)).toEqual([first.id]);

    // Digits search the phone from its start: every phone of the answer starts with them, and the count is exact.
    const prefix = first.phone.slice(0, first.phone.length - 2);
    const byPrefix = await api.get(`${MEMBERS}?q=${prefix}&pageSize=100`, admin.accessToken);
    expect(byPrefix.body.data.length).toBeGreaterThan(0);
    expect(byPrefix.body.data.every((m: Loose) => m.phone.startsWith(prefix))).toBe(true);
    const everyone = await api.get(`${MEMBERS}?pageSize=100&sort=name`, admin.accessToken);
    const pages = Math.ceil(everyone.body.total / 100);
    const phones: string[] = [];
    for (let page = 1; page <= pages; page++) {
      phones.push(...(await api.get(`${MEMBERS}?pageSize=100&page=${page}`, admin.accessToken)).body.data.map((m: Loose) => m.phone));
    }
    expect(byPrefix.body.total).toBe(phones.filter((p) => p.startsWith(prefix)).length);
    const spaced = await api.get(`${MEMBERS}?q=${encodeURIComponent(`${prefix.slice(0, 3)} ${prefix.slice(3)}`)}&pageSize=100`, admin.accessToken);
    expect(spaced.body.total).toBe(byPrefix.body.total);

    const suspended = await api.get(`${MEMBERS}?status=suspended&pageSize=100`, admin.accessToken);
    expect(suspended.body.data.every((m: Loose) => m.status === 'suspended')).toBe(true);
    const area = await api.get(`${MEMBERS}?areaId=${first.areaId}&pageSize=100`, admin.accessToken);
    expect(area.body.data.every((m: Loose) => m.areaId === first.areaId)).toBe(true);
    expect(area.body.total).toBeLessThan(all.body.total);
    expect((await api.get(`${MEMBERS}?color=red`, admin.accessToken)).status).toBe(400);
  });

  it('refuses staff, even with every flag of the service', async () => {
    expect((await api.get(MEMBERS, bkk.accessToken)).status).toBe(403);
    const one = (await api.get(`${MEMBERS}?pageSize=10`, admin.accessToken)).body.data[0];
    expect((await api.get(`${MEMBERS}/${one.id}`, bkk.accessToken)).status).toBe(403);
    expect((await patch(`${MEMBERS}/${one.id}/status`, bkk.accessToken, { status: 'suspended', reason: 'x', version: one.version })).status).toBe(403);
  });

  it("shows a member's orders, wallet and addresses, the same orders as the orders list", async () => {
    const [withOrders] = await api.deps.db.select({ memberId: orders.memberId }).from(orders).where(eq(orders.kind, 'food')).limit(1);
    const detail = await api.get(`${MEMBERS}/${withOrders!.memberId}`, admin.accessToken);
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d.member.id).toBe(String(withOrders!.memberId));
    expect(d.addresses.length).toBeGreaterThan(0);
    expect(d.orders.total).toBeGreaterThan(0);
    const listed = await api.get(`/api/admin/Delivery/Orders?memberId=${withOrders!.memberId}&pageSize=100`, admin.accessToken);
    const foodOnly = d.orders.rows.filter((o: Loose) => o.kind === 'food').map((o: Loose) => o.orderNo);
    for (const no of foodOnly) expect(listed.body.data.map((o: Loose) => o.orderNo)).toContain(no);
    expect((await api.get(`${MEMBERS}/999999`, admin.accessToken)).status).toBe(404);
  });

  it('suspends and reactivates with a reason, records who and when, and refuses a stale version or a wrong move', async () => {
    const one = (await api.get(`${MEMBERS}?status=active&pageSize=10`, admin.accessToken)).body.data[0];
    const noReason = await patch(`${MEMBERS}/${one.id}/status`, admin.accessToken, { status: 'suspended', reason: ' ', version: one.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toEqual(['required']);
    const wrong = await patch(`${MEMBERS}/${one.id}/status`, admin.accessToken, { status: 'active', reason: 'already', version: one.version });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.status).toEqual(['invalidTransition']);

    const done = await patch(`${MEMBERS}/${one.id}/status`, admin.accessToken, { status: 'suspended', reason: 'Abusive to riders', version: one.version });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'suspended', version: one.version + 1 });
    const stale = await patch(`${MEMBERS}/${one.id}/status`, admin.accessToken, { status: 'active', reason: 'Apologised', version: one.version });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ status: 'suspended' });
    const back = await patch(`${MEMBERS}/${one.id}/status`, admin.accessToken, { status: 'active', reason: 'Apologised', version: one.version + 1 });
    expect(back.status).toBe(200);

    const history = (await api.get(`${MEMBERS}/${one.id}`, admin.accessToken)).body.data.statusHistory;
    expect(history.map((h: Loose) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      ['suspended', 'active', 'Apologised'],
      ['active', 'suspended', 'Abusive to riders'],
    ]);
    expect(history.every((h: Loose) => typeof h.changedBy === 'string' && h.changedBy.length > 0 && !Number.isNaN(Date.parse(h.changedAt)))).toBe(true);
    const rows = await api.deps.db
      .select()
      .from(accountStatusChanges)
      .where(and(eq(accountStatusChanges.party, 'member'), eq(accountStatusChanges.partyId, Number(one.id))));
    expect(rows).toHaveLength(2);
  });

  it("keeps the list's totals (counted per area and status by the database) equal to the rows through inserts, moves and deletes", async () => {
    const db = api.deps.db;
    const totals = async () => {
      const all = (await api.get(MEMBERS, admin.accessToken)).body.total;
      const suspended = (await api.get(`${MEMBERS}?status=suspended`, admin.accessToken)).body.total;
      const bangkok = (await api.get(`${MEMBERS}?areaId=${bkk.userData.area}`, admin.accessToken)).body.total;
      return { all, suspended, bangkok };
    };
    const counted = async () => {
      const [row] = await rows<{ all: number; suspended: number; bangkok: number }>(
        db,
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE m.status = 'suspended')::int AS suspended,
                count(*) FILTER (WHERE m.area_id = ${Number(bkk.userData.area)})::int AS bangkok
         FROM members m JOIN apps a ON a.id = m.app_id WHERE a.app_type = 'Delivery' AND m.deleted_at IS NULL`,
      );
      return row!;
    };
    expect(await totals()).toEqual(await counted());
    const before = await totals();

    const [place] = await db
      .select({ companyId: members.companyId, appId: members.appId })
      .from(members)
      .where(eq(members.areaId, Number(bkk.userData.area)))
      .limit(1);
    const added = await db
      .insert(members)
      .values([1, 2, 3].map((i) => ({ ...place!, areaId: Number(bkk.userData.area), name: `Count ${i}`, phone: `09900000${i}` })))
      .returning({ id: members.id });
    await db.update(members).set({ status: 'suspended' }).where(eq(members.id, added[0]!.id));
    await db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, added[1]!.id));
    await db.delete(members).where(eq(members.id, added[2]!.id));
    const after = await totals();
    expect(after).toEqual(await counted());
    expect(after).toEqual({ all: before.all + 1, suspended: before.suspended + 1, bangkok: before.bangkok + 1 });
  });

  it('exports the filtered list as CSV', async () => {
    const res = await api.request('GET', `${MEMBERS}/export?status=suspended`, { token: admin.accessToken });
    expect(res.status).toBe(200);
    const text = typeof res.body === 'string' ? res.body : '';
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,name,phone,email,status,area,createdAt');
    const total = (await api.get(`${MEMBERS}?status=suspended`, admin.accessToken)).body.total;
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((l) => l.includes(',suspended,'))).toBe(true);
  });
});

describe('bikers', () => {
  it('keeps staff in their area and adds the account fields to the list', async () => {
    const mine = await api.get(`${BIKERS}?pageSize=100`, bkk.accessToken);
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.data.map((b: Loose) => b.areaName))).toEqual(new Set(['Bangkok']));
    expect(mine.body.data[0]).toMatchObject({ vehicle: expect.any(String), plate: expect.stringMatching(/^[A-Z]{2}-\d{4}$/), version: expect.any(Number) });
    const all = await api.get(`${BIKERS}?pageSize=100`, admin.accessToken);
    const other = all.body.data.find((b: Loose) => b.areaName !== 'Bangkok');
    expect((await api.get(`${BIKERS}/${other.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(BIKERS, cnx.accessToken)).status).toBe(403);
    const byPlate = await api.get(`${BIKERS}?q=${mine.body.data[0].plate}`, bkk.accessToken);
    expect(byPlate.body.data.map((b: Loose) => b.id)).toContain(mine.body.data[0].id);
  });

  it("shows a biker's tasks, earnings and ratings", async () => {
    const [busy] = await api.deps.db.select({ bikerId: orders.bikerId }).from(orders).where(eq(orders.status, 'success')).limit(1);
    const d = (await api.get(`${BIKERS}/${busy!.bikerId}`, admin.accessToken)).body.data;
    expect(d.orders.total).toBeGreaterThan(0);
    expect(d.earnings.orders).toBeGreaterThanOrEqual(0);
    expect(d.distribution).toHaveLength(5);
    expect(d.distribution.reduce((s: number, n: number) => s + n, 0)).toBe(d.biker.ratingCount);
  });

  it('shows the papers of the registration a biker was approved from', async () => {
    const [reg] = await api.deps.db
      .select({ bikerId: bikerRegistrations.bikerId, documents: bikerRegistrations.documents, appId: bikerRegistrations.appId })
      .from(bikerRegistrations)
      .innerJoin(apps, eq(apps.id, bikerRegistrations.appId))
      .where(and(eq(bikerRegistrations.state, 'approved'), eq(apps.appType, 'Delivery')))
      .limit(1);
    expect(reg?.bikerId, 'a seeded approved registration').toBeTruthy();
    expect(reg!.documents.length).toBeGreaterThan(0);
    const d = (await api.get(`${BIKERS}/${reg!.bikerId}`, admin.accessToken)).body.data;
    expect(d.documents).toEqual(reg!.documents);
    const [other] = await api.deps.db
      .select({ id: bikers.id })
      .from(bikers)
      .where(and(eq(bikers.appId, reg!.appId), sql`${bikers.id} NOT IN (SELECT biker_id FROM biker_registrations WHERE biker_id IS NOT NULL)`))
      .limit(1);
    expect((await api.get(`${BIKERS}/${other!.id}`, admin.accessToken)).body.data.documents).toEqual([]);
  });

  it('suspends a biker (offline at once) and refuses staff without the write flag', async () => {
    const one = (await api.get(`${BIKERS}?status=active&presence=online&pageSize=10`, bkk.accessToken)).body.data[0];
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: false, create: false, delete: false });
    api.advance(5_000); // past the permission cache
    const cnxToken = (await api.login(DEMO.cnx)).accessToken;
    const cnxBiker = (await api.get(`${BIKERS}?pageSize=10`, cnxToken)).body.data[0];
    expect(cnxBiker).toBeTruthy();
    const refused = await patch(`${BIKERS}/${cnxBiker.id}/status`, cnxToken, { status: 'suspended', reason: 'x', version: cnxBiker.version });
    expect(refused.status).toBe(403);

    const token = (await api.login(DEMO.bkk)).accessToken;
    const done = await patch(`${BIKERS}/${one.id}/status`, token, { status: 'suspended', reason: 'Late deliveries', version: one.version });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'suspended', presence: 'offline' });
  });

  it("puts a biker on a package of their area only ('Please Select Package and Select Biker')", async () => {
    const token = (await api.login(DEMO.bkk)).accessToken;
    const one = (await api.get(`${BIKERS}?status=active&pageSize=10`, token)).body.data[0];
    const [own] = await api.deps.db
      .select({ id: bikerPackages.id })
      .from(bikerPackages)
      .where(and(eq(bikerPackages.areaId, Number(one.areaId)), eq(bikerPackages.status, 'active')))
      .limit(1);
    const [foreign] = await api.deps.db
      .select({ id: bikerPackages.id })
      .from(bikerPackages)
      .where(ne(bikerPackages.areaId, Number(one.areaId)))
      .limit(1);
    const missing = await api.request('PUT', `${BIKERS}/${one.id}/package`, { token, body: { version: one.version } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.packageId).toEqual(['required']);
    expect(foreign).toBeTruthy();
    const elsewhere = await api.request('PUT', `${BIKERS}/${one.id}/package`, { token, body: { packageId: String(foreign!.id), version: one.version } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors.packageId).toEqual(['unknownReference']);
    expect(own).toBeTruthy();
    const done = await api.request('PUT', `${BIKERS}/${one.id}/package`, { token, body: { packageId: String(own!.id), version: one.version } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ packageId: String(own!.id), packageName: expect.any(String), version: one.version + 1 });
    const listed = await api.get(`${BIKERS}?packageId=${own!.id}&pageSize=100`, token);
    expect(listed.body.data.map((b: Loose) => b.id)).toContain(one.id);
  });
});
