import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { promotionStatus } from '@contract/resources/promotion';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const P = '/api/admin/Delivery/Promotion';
const POP = '/api/admin/Delivery/Popular';
/** Live shops of Bangkok and of Chiang Mai (Delivery). */
let bkkShops: string[];
let cnxShops: string[];

/** A Bangkok day `days` from today (the server's clock is the real one). */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const promotion = (extra: Record<string, unknown> = {}) => ({
  title: 'Songkran splash sale',
  imageUrl: 'https://cdn.example.com/songkran.png',
  detail: 'Cool drinks at half price',
  target: 'app',
  startsOn: day(-1),
  endsOn: day(5),
  active: true,
  ...extra,
});
const app = (path: string, token: string, key: string | undefined = TEST_APP_API_KEY) =>
  api.request('GET', path, { token, headers: key ? { [APP_KEY_HEADER]: key } : {} });
const shopIdsOf = async (token: string, areaId: string) =>
  ((await api.get(`/api/admin/Delivery/Shop?pageSize=100&sort=name&areaId=${areaId}`, token)).body.data as Loose[]).map((s) => String(s.id));

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
  [bkkShops, cnxShops] = await Promise.all([shopIdsOf(admin.accessToken, bkk.userData.area), shopIdsOf(admin.accessToken, cnx.userData.area)]);
  expect(bkkShops.length).toBeGreaterThan(10);
  expect(cnxShops.length).toBeGreaterThan(2);
});
afterAll(async () => {
  await api?.close();
});

describe('Promotion', () => {
  it('names shops of its own area only, and keeps an app-wide one without shops', async () => {
    const made = await api.post(P, promotion({ target: 'shops', shopIds: bkkShops.slice(0, 2) }), bkk.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ target: 'shops', shopIds: bkkShops.slice(0, 2).map(Number), status: 'running', areaId: bkk.userData.area });

    const foreign = await api.post(P, promotion({ target: 'shops', shopIds: [bkkShops[0], cnxShops[0]] }), bkk.accessToken);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ shopIds: ['unknownReference'] });
    expect((await api.post(P, promotion({ target: 'shops', shopIds: ['999999'] }), bkk.accessToken)).body.errors).toEqual({ shopIds: ['unknownReference'] });
    // An admin's Chiang Mai promotion takes Chiang Mai's shops, not Bangkok's.
    const there = await api.post(P, promotion({ areaId: cnx.userData.area, target: 'shops', shopIds: [cnxShops[0]] }), admin.accessToken);
    expect(there.status).toBe(201);
    const moved = await send('PUT', `${P}/${there.body.data.id}`, admin.accessToken, promotion({ target: 'shops', shopIds: [bkkShops[0]], version: 1 }));
    expect(moved.body.errors).toEqual({ shopIds: ['unknownReference'] });

    const wide = await api.post(P, promotion({ target: 'app', shopIds: bkkShops.slice(0, 3) }), bkk.accessToken);
    expect(wide.status).toBe(201);
    expect(wide.body.data.shopIds).toEqual([]);
  });

  it('asks a shops promotion for 1 to 50 distinct shops and a period that does not end before it starts', async () => {
    expect((await api.post(P, promotion({ target: 'shops', shopIds: [] }), bkk.accessToken)).body.errors).toEqual({ shopIds: ['required'] });
    expect((await api.post(P, promotion({ target: 'shops' }), bkk.accessToken)).body.errors).toEqual({ shopIds: ['required'] });
    const many = Array.from({ length: 51 }, (_, i) => String(i + 1));
    expect((await api.post(P, promotion({ target: 'shops', shopIds: many }), bkk.accessToken)).body.errors).toEqual({ shopIds: ['outOfRange'] });
    const twice = [bkkShops[0], bkkShops[0]];
    expect((await api.post(P, promotion({ target: 'shops', shopIds: twice }), bkk.accessToken)).body.errors).toEqual({ shopIds: ['overlap'] });
    expect((await api.post(P, promotion({ target: 'everyone' }), bkk.accessToken)).body.errors).toEqual({ target: ['required'] });

    const period = await api.post(P, promotion({ startsOn: day(3), endsOn: day(2) }), bkk.accessToken);
    expect(period.body.errors).toEqual({ endsOn: ['endBeforeStart'] });
    const missing = await api.post(P, promotion({ startsOn: undefined, endsOn: '' }), bkk.accessToken);
    expect(missing.body.errors).toEqual({ startsOn: ['required'], endsOn: ['invalidDate'] });
    expect((await api.post(P, promotion({ startsOn: day(2), endsOn: day(2) }), bkk.accessToken)).status).toBe(201);
  });

  it('lists each promotion with its status today and filters by it', async () => {
    const tag = `Status ${Date.now()}`;
    const made = {
      ended: promotion({ title: `${tag} ended`, startsOn: day(-9), endsOn: day(-1) }),
      running: promotion({ title: `${tag} running`, startsOn: day(0), endsOn: day(0) }),
      scheduled: promotion({ title: `${tag} scheduled`, startsOn: day(1), endsOn: day(9) }),
      off: promotion({ title: `${tag} off`, active: false }),
    };
    for (const body of Object.values(made)) expect((await api.post(P, body, bkk.accessToken)).status).toBe(201);
    const all = (await api.get(`${P}?q=${encodeURIComponent(tag)}&sort=title`, bkk.accessToken)).body.data as Loose[];
    expect(all.map((r) => [r.title.slice(tag.length + 1), r.status])).toEqual([
      ['ended', 'ended'],
      ['off', 'off'],
      ['running', 'running'],
      ['scheduled', 'scheduled'],
    ]);
    for (const status of ['ended', 'running', 'scheduled', 'off']) {
      const rows = (await api.get(`${P}?q=${encodeURIComponent(tag)}&status=${status}`, bkk.accessToken)).body.data as Loose[];
      expect(rows.map((r) => r.title)).toEqual([`${tag} ${status}`]);
    }
    expect((await api.get(`${P}?status=soon`, bkk.accessToken)).status).toBe(400);
    // The list's status is the contract's rule on today's Bangkok day, for every row (the seeded ones too).
    const rows = (await api.get(`${P}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    for (const row of rows) expect(row.status, row.title).toBe(promotionStatus(row, day(0)));
  });

  it('gives the member app the running promotions of an area: with a shop, the app-wide ones and those naming it', async () => {
    const tag = `App ${Date.now()}`;
    const [first, second] = bkkShops;
    const mk = async (name: string, extra: Record<string, unknown>) =>
      (await api.post(P, promotion({ title: `${tag} ${name}`, ...extra }), bkk.accessToken)).body.data;
    const wide = await mk('wide', {});
    const forFirst = await mk('first', { target: 'shops', shopIds: [first] });
    const forSecond = await mk('second', { target: 'shops', shopIds: [second] });
    await mk('ended', { startsOn: day(-5), endsOn: day(-1) });
    await mk('later', { startsOn: day(1), endsOn: day(3) });
    await mk('off', { active: false });
    const mine = (rows: Loose[]) => rows.filter((r) => r.title.startsWith(tag)).map((r) => r.id);

    const area = await app(`/api/app/Delivery/Promotion?areaId=${bkk.userData.area}`, bkk.accessToken);
    expect(area.status, JSON.stringify(area.body)).toBe(200);
    expect(mine(area.body.data).sort()).toEqual([wide.id, forFirst.id, forSecond.id].sort());
    for (const row of area.body.data as Loose[]) {
      expect(row.startsOn <= day(0) && row.endsOn >= day(0)).toBe(true);
    }
    const shop = await app(`/api/app/Delivery/Promotion?areaId=${bkk.userData.area}&shopId=${first}`, bkk.accessToken);
    expect(mine(shop.body.data).sort()).toEqual([wide.id, forFirst.id].sort());
    expect((shop.body.data as Loose[]).every((r) => r.target === 'app' || r.shopIds.includes(Number(first)))).toBe(true);

    // Staff read their own area only; an admin reads any area of the app.
    expect(mine((await app(`/api/app/Delivery/Promotion?areaId=${cnx.userData.area}`, bkk.accessToken)).body.data)).toEqual([]);
    expect((await app(`/api/app/Delivery/Promotion?areaId=${cnx.userData.area}`, bkk.accessToken)).body.data).toEqual([]);
    expect(mine((await app(`/api/app/Delivery/Promotion?areaId=${bkk.userData.area}`, admin.accessToken)).body.data)).toHaveLength(3);
    expect((await app('/api/app/Delivery/Promotion', bkk.accessToken)).status).toBe(400);
  });
});

describe('Popular', () => {
  /** Bangkok shops not yet popular (the seed made some popular). */
  const freeShops = async () => {
    const taken = new Set(((await api.get(`${POP}?pageSize=100`, bkk.accessToken)).body.data as Loose[]).map((r) => String(r.shopId)));
    return bkkShops.filter((id) => !taken.has(id));
  };

  it("shows the shop's name, takes a shop of its own area once, and checks the period", async () => {
    const [shop] = await freeShops();
    const made = await api.post(POP, { shopId: shop, active: true }, bkk.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const name = (await api.get(`/api/admin/Delivery/Shop/${shop}`, bkk.accessToken)).body.data.name;
    expect(made.body.data).toMatchObject({ shopId: Number(shop), shopName: name, startsOn: '', endsOn: '' });
    expect(made.body.data.sortOrder).toBeGreaterThan(0);
    const listed = ((await api.get(`${POP}?pageSize=100`, bkk.accessToken)).body.data as Loose[]).find((r) => r.id === made.body.data.id);
    expect(listed.shopName).toBe(name);

    const again = await api.post(POP, { shopId: shop, active: false }, bkk.accessToken);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ shopId: ['taken'] });
    expect((await api.post(POP, { shopId: cnxShops[0], active: true }, bkk.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    expect((await api.post(POP, { active: true }, bkk.accessToken)).body.errors).toEqual({ shopId: ['required'] });
    const [other] = await freeShops();
    expect((await api.post(POP, { shopId: other, active: true, startsOn: day(4), endsOn: day(1) }, bkk.accessToken)).body.errors).toEqual({
      endsOn: ['endBeforeStart'],
    });
    // The same shop may be popular again once its entry is deleted; restoring the old entry then is `taken`.
    expect((await send('DELETE', `${POP}/${made.body.data.id}`, admin.accessToken)).status).toBe(200);
    const anew = await api.post(POP, { shopId: shop, active: true }, bkk.accessToken);
    expect(anew.status).toBe(201);
    expect((await api.post(`${POP}/${made.body.data.id}/restore`, undefined, admin.accessToken)).body.errors).toEqual({ shopId: ['taken'] });
  });

  it('orders by hand, and the member app lists the running ones in that order', async () => {
    const free = await freeShops();
    const add = async (shopId: string, extra: Record<string, unknown> = {}) =>
      (await api.post(POP, { shopId, active: true, ...extra }, bkk.accessToken)).body.data;
    const before = (await api.get(`${POP}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    const extraRows = [
      await add(free[0]!),
      await add(free[1]!, { active: false }),
      await add(free[2]!, { startsOn: day(2) }),
      await add(free[3]!, { endsOn: day(-1) }),
    ];
    expect(extraRows.every((r) => r?.id)).toBe(true);
    // A new entry comes last.
    expect(extraRows[0].sortOrder).toBeGreaterThan(Math.max(...before.map((r) => r.sortOrder)));

    const list = (await api.get(`${POP}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    const reversed = list.map((r) => r.id).reverse();
    const sorted = await send('PUT', `${POP}/Sort`, bkk.accessToken, { ids: reversed });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    const after = (await api.get(`${POP}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(after.map((r) => r.id)).toEqual(reversed);
    expect(after.map((r) => r.sortOrder)).toEqual(reversed.map((_, i) => i + 1));

    const running = after.filter((r) => r.active && (r.startsOn === '' || r.startsOn <= day(0)) && (r.endsOn === '' || r.endsOn >= day(0)));
    const answer = await app(`/api/app/Delivery/Popular?areaId=${bkk.userData.area}`, bkk.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(running.map((r) => ({ shopId: String(r.shopId), shopName: r.shopName, sortOrder: r.sortOrder })));
    const shown = new Set((answer.body.data as Loose[]).map((r) => r.shopId));
    for (const hidden of extraRows.slice(1)) expect(shown.has(String(hidden.shopId))).toBe(false);
    expect(shown.has(String(extraRows[0].shopId))).toBe(true);

    // Staff see their own area's entries only.
    expect((await app(`/api/app/Delivery/Popular?areaId=${cnx.userData.area}`, bkk.accessToken)).body.data).toEqual([]);
    const cnxAnswer = await app(`/api/app/Delivery/Popular?areaId=${cnx.userData.area}`, admin.accessToken);
    expect(cnxAnswer.body.data.length).toBeGreaterThanOrEqual(5);
    expect((cnxAnswer.body.data as Loose[]).every((r) => cnxShops.includes(r.shopId))).toBe(true);
  });
});

describe('who may call', () => {
  it('refuses every call to a role without the flag (staff.cnx has only the dashboard) and the app channel without its key', async () => {
    for (const base of [P, POP]) {
      for (const [method, path] of [
        ['GET', base],
        ['POST', base],
        ['GET', `${base}/1`],
        ['PUT', `${base}/1`],
        ['DELETE', `${base}/1`],
        ['DELETE', `${base}?ids=1`],
        ['POST', `${base}/1/restore`],
        ['GET', `${base}/export`],
        ...(base === POP ? [['PUT', `${base}/Sort`] as const] : []),
      ] as const) {
        const res = await send(method, path, cnx.accessToken, method === 'GET' ? undefined : { ids: ['1'] });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    for (const path of [`/api/app/Delivery/Promotion?areaId=${cnx.userData.area}`, `/api/app/Delivery/Popular?areaId=${cnx.userData.area}`]) {
      expect((await app(path, cnx.accessToken)).status, path).toBe(403);
      expect((await app(path, bkk.accessToken, '')).status, path).toBe(403);
      expect((await app(path, bkk.accessToken, 'wrong-key')).status, path).toBe(403);
      expect((await app(path, bkk.accessToken)).status, path).toBe(200);
    }
    // staff.bkk has every flag but delete.
    const row = (await api.post(P, promotion(), bkk.accessToken)).body.data;
    expect((await send('DELETE', `${P}/${row.id}`, bkk.accessToken)).status).toBe(403);
  });

  it('keeps areas apart: Chiang Mai staff and the other areas never see a Bangkok row through the list', async () => {
    const rows = (await api.get(`${P}?pageSize=100`, bkk.accessToken)).body.data as Loose[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.areaId === bkk.userData.area)).toBe(true);
    const adminRows = (await api.get(`${P}?pageSize=100&areaId=${cnx.userData.area}`, admin.accessToken)).body.data as Loose[];
    expect(adminRows.length).toBeGreaterThan(0);
    expect(adminRows.every((r) => r.areaId === cnx.userData.area)).toBe(true);
    const cnxRow = adminRows[0];
    expect((await api.get(`${P}/${cnxRow.id}`, bkk.accessToken)).status).toBe(404);
  });

  it('serves the Marketplace app the same way, from its own seeded rows', async () => {
    const market = await api.login(DEMO.market);
    const rows = (await api.get('/api/admin/Marketplace/Popular?pageSize=100', market.accessToken)).body.data as Loose[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => typeof r.shopName === 'string' && r.shopName.length > 0 && r.areaId === market.userData.area)).toBe(true);
    expect(rows.map((r) => r.sortOrder)).toEqual([...rows.map((r) => r.sortOrder)].sort((a, b) => a - b));
    const promotions = (await api.get('/api/admin/Marketplace/Promotion?pageSize=100', market.accessToken)).body.data as Loose[];
    expect(new Set(promotions.map((r) => r.status))).toEqual(new Set(['ended', 'running', 'scheduled', 'off']));
    const running = await app(`/api/app/Marketplace/Promotion?areaId=${market.userData.area}`, market.accessToken);
    expect((running.body.data as Loose[]).map((r) => r.id).sort()).toEqual(
      promotions
        .filter((r) => r.status === 'running')
        .map((r) => r.id)
        .sort(),
    );
  });

  it('documents the operations', async () => {
    const doc = (await api.get('/api/openapi.json')).body;
    for (const [prefix, count, tag] of [
      ['/api/admin/{service}/Promotion', 8, 'Promotion'],
      ['/api/admin/{service}/Popular', 9, 'PopularShop'],
    ] as const) {
      const ops = Object.entries(doc.paths as Record<string, Record<string, Loose>>)
        // The image upload beside them is the Images tag's (upstream/test/images.test.ts).
        .filter(([path]) => path.startsWith(prefix) && !path.endsWith('/Images'))
        .flatMap(([, methods]) => Object.values(methods));
      expect(ops).toHaveLength(count);
      for (const op of ops) expect(op).toMatchObject({ operationId: expect.any(String), description: expect.any(String), tags: [tag] });
    }
    expect(doc.paths['/api/app/{service}/Popular'].get.operationId).toBe('readPopularShopsForApp');
  });
});
