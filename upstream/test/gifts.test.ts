import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { users } from '../src/db/schema';
import { grantService } from '../src/domain/permissions';
import { bangkokDay } from '../src/domain/order-dates';
import { movePoints, pointsOf } from '../src/domain/points';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const GV = '/api/admin/Delivery/GiftVoucher';
const GR = '/api/admin/Delivery/GiftReward';
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const redeem = (giftId: string, memberId: number, key: string, token = admin.accessToken) =>
  api.request('POST', `/api/app/Delivery/Gift/${giftId}/redeem`, {
    token,
    body: { memberId: String(memberId), idempotencyKey: key },
    headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
  });
const reward = (extra: Record<string, unknown> = {}) => ({ title: 'Tote bag', pointsCost: 100, stock: 5, active: true, ...extra });
const voucher = (extra: Record<string, unknown> = {}) => ({ ...reward({ title: 'Voucher 50 baht' }), value: 5_000, ...extra });

interface Member {
  id: number;
  company_id: number;
  app_id: number;
  area_id: number;
}
/** Live members of the Delivery app in an area. */
const membersOf = (area: string) =>
  query<Member>(
    `SELECT m.id, m.company_id, m.app_id, m.area_id FROM members m JOIN apps p ON p.id = m.app_id JOIN areas a ON a.id = m.area_id
     WHERE p.app_type = 'Delivery' AND a.name = '${area}' AND m.deleted_at IS NULL ORDER BY m.id`,
  );
let grants = 0;
/** Gives a member points through the one way points change. */
const grant = (m: Member, amount: number) =>
  movePoints(api.deps.db, {
    companyId: m.company_id,
    appId: m.app_id,
    areaId: m.area_id,
    memberId: m.id,
    source: 'FROM_APP',
    amount,
    key: `test-grant:${m.id}:${++grants}`,
    reason: 'Test grant',
    at: new Date(),
  });
/** Whether a member's balance is the sum of their movements. */
const consistent = async (memberId: number) => {
  const [sum] = await query<{ n: string }>(`SELECT COALESCE(SUM(amount), 0)::text AS n FROM point_movements WHERE member_id = ${memberId}`);
  return Number(sum!.n) === (await pointsOf(api.deps.db, memberId));
};
const stockOf = async (id: string) => (await query<{ stock: number }>(`SELECT stock FROM gifts WHERE id = ${Number(id)}`))[0]!.stock;

let bangkok: Member[];
let chiangMai: Member[];

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
  [bangkok, chiangMai] = await Promise.all([membersOf('Bangkok'), membersOf('Chiang Mai')]);
});
afterAll(async () => {
  await api?.close();
});

describe('the seeded gifts', () => {
  it('were redeemed through the redemption itself: stock, redemptions and points agree', async () => {
    const [seeded] = await query<{ n: number; delivered: number; cancelled: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'delivered')::int AS delivered, count(*) FILTER (WHERE state = 'cancelled')::int AS cancelled
       FROM gift_redemptions WHERE idempotency_key LIKE 'seed-redeem-%'`,
    );
    expect(seeded!.n).toBeGreaterThanOrEqual(10);
    expect(seeded!.delivered).toBeGreaterThan(0);
    expect(seeded!.cancelled).toBe(1);
    // Each redemption that stands spent its points once; the cancelled one's came back.
    const [spent] = await query<{ used: number; back: number }>(
      `SELECT (SELECT count(*)::int FROM point_movements WHERE source = 'USED' AND idempotency_key LIKE 'redeem:seed-redeem-%') AS used,
              (SELECT count(*)::int FROM point_movements WHERE idempotency_key LIKE 'redeem-cancel:%') AS back`,
    );
    expect(spent).toEqual({ used: seeded!.n, back: 1 });
    const [balances] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM point_balances b
       WHERE b.balance <> (SELECT COALESCE(SUM(amount), 0) FROM point_movements m WHERE m.member_id = b.member_id)`,
    );
    expect(balances!.n).toBe(0);
  });
});

describe('gifts: two screens over one table, each fixed to its kind', () => {
  it('creates each kind with its own fields and rules', async () => {
    const v = await api.post(GV, voucher(), bkk.accessToken);
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(v.body.data).toMatchObject({ ...voucher(), startsOn: '', endsOn: '', imageUrl: '', areaId: bkk.userData.area });
    const bad = await api.post(GV, voucher({ value: 0, pointsCost: 0, stock: -1, startsOn: '2026-05-10', endsOn: '2026-05-01' }), bkk.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ value: ['outOfRange'], pointsCost: ['outOfRange'], stock: ['notNegative'], endsOn: ['endBeforeStart'] });
    expect((await api.post(GV, { ...voucher(), value: undefined }, bkk.accessToken)).body.errors).toEqual({ value: ['required'] });
    const r = await api.post(GR, reward({ value: 999 }), bkk.accessToken);
    expect(r.status).toBe(201);
    expect(r.body.data).not.toHaveProperty('value');
    const [row] = await query<{ kind: string; value: number }>(`SELECT kind, value FROM gifts WHERE id = ${Number(r.body.data.id)}`);
    expect(row).toEqual({ kind: 'reward', value: 0 });
  });

  it('never shows nor changes a voucher through GiftReward, nor a reward through GiftVoucher', async () => {
    const v = (await api.post(GV, voucher({ title: 'Only a voucher' }), bkk.accessToken)).body.data;
    const r = (await api.post(GR, reward({ title: 'Only a reward' }), bkk.accessToken)).body.data;
    expect((await api.get(`${GR}/${v.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${GV}/${r.id}`, bkk.accessToken)).status).toBe(404);
    expect((await send('PUT', `${GR}/${v.id}`, bkk.accessToken, reward({ title: 'Hijacked', version: v.version }))).status).toBe(404);
    expect((await send('DELETE', `${GR}/${v.id}`, admin.accessToken)).status).toBe(404);
    expect((await send('DELETE', `${GR}?ids=${v.id}`, admin.accessToken)).body.data).toEqual({ deleted: 0 });
    const rewards = (await api.get(`${GR}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    const vouchers = (await api.get(`${GV}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(rewards.map((g) => g.id)).toContain(r.id);
    expect(rewards.map((g) => g.id)).not.toContain(v.id);
    expect(vouchers.map((g) => g.id)).toContain(v.id);
    expect(vouchers.map((g) => g.id)).not.toContain(r.id);
    expect((await api.get(`${GV}/${v.id}`, bkk.accessToken)).body.data).toMatchObject({ title: 'Only a voucher', version: 1 });
  });
});

describe('redeeming a gift (the member app)', () => {
  it('gives the last of the stock to exactly as many redemptions as there were: 50 at once for 5', async () => {
    const gift = (await api.post(GR, reward({ title: 'Rush', stock: 5, pointsCost: 100 }), bkk.accessToken)).body.data;
    const crowd = bangkok.slice(0, 10);
    expect(crowd.length).toBeGreaterThanOrEqual(5);
    for (const m of crowd) await grant(m, 1_000);
    const before = new Map(await Promise.all(crowd.map(async (m) => [m.id, await pointsOf(api.deps.db, m.id)] as const)));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => redeem(gift.id, crowd[i % crowd.length]!.id, `rush-${i}`)));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(5);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(400);
      expect(lost.body.errors).toEqual({ giftId: ['outOfStock'] });
    }
    expect(await stockOf(gift.id)).toBe(0);
    const [redeemed] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM gift_redemptions WHERE gift_id = ${Number(gift.id)}`);
    expect(redeemed!.n).toBe(5);
    for (const m of crowd) {
      const wins = won.filter((a) => a.body.data.memberId === String(m.id)).length;
      expect(await pointsOf(api.deps.db, m.id)).toBe(before.get(m.id)! - wins * 100);
      expect(await consistent(m.id)).toBe(true);
    }
    const listed = (await api.get(`${GR}/Redemptions?giftId=${gift.id}&pageSize=100`, bkk.accessToken)).body;
    expect(listed.total).toBe(5);
    expect(listed.data.every((r: Loose) => r.state === 'redeemed' && r.points === 100 && r.giftTitle === 'Rush')).toBe(true);
  });

  it('refuses a member without enough points and changes nothing', async () => {
    const gift = (await api.post(GV, voucher({ title: 'Dear', pointsCost: 900_000, stock: 3 }), bkk.accessToken)).body.data;
    const m = bangkok[11]!;
    await grant(m, 10);
    const points = await pointsOf(api.deps.db, m.id);
    expect(points).toBeLessThan(900_000);
    const res = await redeem(gift.id, m.id, 'too-dear');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ points: ['insufficientPoints'] });
    expect(await stockOf(gift.id)).toBe(3);
    expect(await pointsOf(api.deps.db, m.id)).toBe(points);
    const [left] = await query<{ r: number; p: number }>(
      `SELECT (SELECT count(*)::int FROM gift_redemptions WHERE idempotency_key = 'too-dear') AS r,
              (SELECT count(*)::int FROM point_movements WHERE idempotency_key = 'redeem:too-dear') AS p`,
    );
    expect(left).toEqual({ r: 0, p: 0 });
  });

  it('answers the same key with the first redemption, once', async () => {
    const gift = (await api.post(GV, voucher({ title: 'Twice', stock: 4, pointsCost: 50 }), bkk.accessToken)).body.data;
    const m = bangkok[12]!;
    await grant(m, 500);
    const points = await pointsOf(api.deps.db, m.id);
    const first = await redeem(gift.id, m.id, 'same-key');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ giftId: gift.id, memberId: String(m.id), kind: 'voucher', points: 50, state: 'redeemed', balance: points - 50 });
    const again = await redeem(gift.id, m.id, 'same-key');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stockOf(gift.id)).toBe(3);
    expect(await pointsOf(api.deps.db, m.id)).toBe(points - 50);
    // The key names one redemption: another member or gift with it is refused.
    expect((await redeem(gift.id, bangkok[13]!.id, 'same-key')).status).toBe(409);
  });

  it('refuses a gift switched off, outside its period, of another area or of another kind’s path', async () => {
    const m = bangkok[14]!;
    await grant(m, 1_000);
    const today = bangkokDay(new Date());
    const off = (await api.post(GR, reward({ title: 'Off', active: false }), bkk.accessToken)).body.data;
    const later = (await api.post(GR, reward({ title: 'Later', startsOn: '2999-01-01' }), bkk.accessToken)).body.data;
    const over = (await api.post(GR, reward({ title: 'Over', startsOn: '2020-01-01', endsOn: '2020-01-31' }), bkk.accessToken)).body.data;
    const now = (await api.post(GR, reward({ title: 'Today only', startsOn: today, endsOn: today }), bkk.accessToken)).body.data;
    const elsewhere = (await api.post(GR, reward({ title: 'Chiang Mai', areaId: cnx.userData.area }), admin.accessToken)).body.data;
    const points = await pointsOf(api.deps.db, m.id);
    for (const [gift, key] of [
      [off, 'off'],
      [later, 'later'],
      [over, 'over'],
    ] as const) {
      const res = await redeem(gift.id, m.id, `period-${key}`);
      expect(res.status, key).toBe(400);
      expect(res.body.errors).toEqual({ giftId: ['giftUnavailable'] });
    }
    const other = await redeem(elsewhere.id, m.id, 'period-elsewhere');
    expect(other.body.errors).toEqual({ memberId: ['unknownReference'] });
    expect(await pointsOf(api.deps.db, m.id)).toBe(points);
    expect((await redeem(now.id, m.id, 'period-today')).status).toBe(201);
    expect((await redeem('999999', m.id, 'period-none')).status).toBe(404);

    const listed = await api.get(`/api/app/Delivery/Gift?areaId=${bkk.userData.area}&kind=reward`, admin.accessToken, { [APP_KEY_HEADER]: TEST_APP_API_KEY });
    expect(listed.status).toBe(200);
    const titles = (listed.body.data as Loose[]).map((g) => g.title);
    expect(titles).toContain('Today only');
    expect(titles).not.toContain('Off');
    expect(titles).not.toContain('Later');
    expect(titles).not.toContain('Over');
    expect(titles).not.toContain('Chiang Mai');
    expect((listed.body.data as Loose[]).every((g) => g.kind === 'reward' && g.stock > 0)).toBe(true);
    // Without the app channel's key it is refused.
    expect((await api.post(`/api/app/Delivery/Gift/${now.id}/redeem`, { memberId: String(m.id), idempotencyKey: 'k' }, admin.accessToken)).status).toBe(403);
  });
});

describe('settling redemptions (back-office)', () => {
  it('delivers once, cancels once with the points and the stock back, and refuses a stale version', async () => {
    const gift = (await api.post(GR, reward({ title: 'Mug', stock: 2, pointsCost: 70 }), bkk.accessToken)).body.data;
    const m = bangkok[15]!;
    await grant(m, 500);
    const points = await pointsOf(api.deps.db, m.id);
    const a = (await redeem(gift.id, m.id, 'mug-a')).body.data;
    const b = (await redeem(gift.id, m.id, 'mug-b')).body.data;
    expect(await stockOf(gift.id)).toBe(0);
    expect(await pointsOf(api.deps.db, m.id)).toBe(points - 140);
    const R = `${GR}/Redemptions`;

    const delivered = await send('PATCH', `${R}/${a.id}`, bkk.accessToken, { state: 'delivered', version: 1 });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data).toMatchObject({ state: 'delivered', version: 2, updatedBy: { displayName: expect.any(String) } });
    expect((await send('PATCH', `${R}/${a.id}`, bkk.accessToken, { state: 'delivered', version: 2 })).body.errors).toEqual({ state: ['invalidTransition'] });
    const stale = await send('PATCH', `${R}/${a.id}`, bkk.accessToken, { state: 'cancelled', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: a.id, state: 'delivered', version: 2 });

    const cancelled = await send('PATCH', `${R}/${b.id}`, bkk.accessToken, { state: 'cancelled', version: 1 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.state).toBe('cancelled');
    expect(await stockOf(gift.id)).toBe(1);
    expect(await pointsOf(api.deps.db, m.id)).toBe(points - 70);
    const again = await send('PATCH', `${R}/${b.id}`, bkk.accessToken, { state: 'cancelled', version: 2 });
    expect(again.body.errors).toEqual({ state: ['invalidTransition'] });
    expect(await stockOf(gift.id)).toBe(1);
    expect(await pointsOf(api.deps.db, m.id)).toBe(points - 70);
    const [back] = await query<{ source: string; amount: number; reason: string }>(
      `SELECT source, amount, reason FROM point_movements WHERE idempotency_key = 'redeem-cancel:${b.id}'`,
    );
    expect(back).toEqual({ source: 'FROM_APP', amount: 70, reason: 'Redemption cancelled: Mug' });
    expect(await consistent(m.id)).toBe(true);
    expect((await send('PATCH', `${R}/${b.id}`, bkk.accessToken, { state: 'redeemed', version: 2 })).status).toBe(400);

    // The list filters by state; a gift with redemptions is not deleted.
    const cancelledList = (await api.get(`${R}?state=cancelled&giftId=${gift.id}`, bkk.accessToken)).body.data as Loose[];
    expect(cancelledList.map((r) => r.id)).toEqual([b.id]);
    const today = bangkokDay(new Date());
    const byDay = (await api.get(`${R}?giftId=${gift.id}&from=${today}&to=${today}`, bkk.accessToken)).body.data as Loose[];
    expect(byDay).toHaveLength(2);
    expect((await api.get(`${R}?giftId=${gift.id}&to=2020-01-01`, bkk.accessToken)).body.total).toBe(0);
    expect((await send('DELETE', `${GR}/${gift.id}`, admin.accessToken)).status).toBe(409);
    // A voucher's path never settles a reward's redemption.
    expect((await send('PATCH', `${GV}/Redemptions/${a.id}`, bkk.accessToken, { state: 'cancelled', version: 2 })).status).toBe(404);
  });

  it('keeps staff to their own area; admins see every area', async () => {
    const gift = (await api.post(GV, voucher({ title: 'Northern voucher', areaId: cnx.userData.area, pointsCost: 10 }), admin.accessToken)).body.data;
    const m = chiangMai[0]!;
    await grant(m, 100);
    const r = (await redeem(gift.id, m.id, 'north-1')).body.data;
    const bkkList = (await api.get(`${GV}/Redemptions?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(bkkList.length).toBeGreaterThan(0);
    expect(bkkList.every((x) => x.areaName === 'Bangkok')).toBe(true);
    expect((await send('PATCH', `${GV}/Redemptions/${r.id}`, bkk.accessToken, { state: 'delivered', version: 1 })).status).toBe(404);
    const all = (await api.get(`${GV}/Redemptions?pageSize=100`, admin.accessToken)).body.data as Loose[];
    expect(all.map((x) => x.id)).toContain(r.id);
    expect(all.some((x) => x.areaName === 'Bangkok')).toBe(true);
    const north = (await api.get(`${GV}/Redemptions?areaId=${cnx.userData.area}&pageSize=100`, admin.accessToken)).body.data as Loose[];
    expect(north.map((x) => x.id)).toContain(r.id);
    expect(north.every((x) => x.areaName === 'Chiang Mai')).toBe(true);
  });

  it('refuses a role without the flag: read to list, write to settle', async () => {
    // staff.cnx has only the dashboard.
    for (const path of [GV, GR, `${GV}/Redemptions`, `${GR}/Redemptions`]) expect((await api.get(path, cnx.accessToken)).status, path).toBe(403);
    expect((await send('PATCH', `${GR}/Redemptions/1`, cnx.accessToken, { state: 'delivered', version: 1 })).status).toBe(403);
    const [cnxUser] = await api.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, DEMO.cnx.username)));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: false, create: false, delete: false });
    api.advance(5_000); // past the permission cache
    const list = await api.get(`${GV}/Redemptions`, cnx.accessToken);
    expect(list.status).toBe(200);
    const [mine] = list.body.data as Loose[];
    expect(mine.areaName).toBe('Chiang Mai');
    expect((await send('PATCH', `${GV}/Redemptions/${mine.id}`, cnx.accessToken, { state: 'delivered', version: mine.version })).status).toBe(403);
    expect((await api.post(GV, voucher(), cnx.accessToken)).status).toBe(403);
    // A redemption is settled (PATCH), never read alone: GET on its path is a method the path does not serve.
    expect((await api.get(`${GV}/Redemptions/${mine.id}`, cnx.accessToken)).status).toBe(405);
  });
});
