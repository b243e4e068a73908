import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops, users } from '../src/db/schema';
import { grantService } from '../src/domain/permissions';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const F = '/api/admin/Delivery/Food';
let bkkShops: string[];
let cnxShops: string[];

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const food = (shopId: string, extra: Record<string, unknown> = {}) => ({
  shopId,
  name: 'Khao man gai',
  description: 'Hainanese chicken rice',
  price: 6500,
  options: [
    { name: 'Regular', price: 0 },
    { name: 'Large', price: 1500 },
  ],
  addOns: [{ name: 'Extra egg', price: 1000 }],
  category: 'Rice',
  ...extra,
});
const shopIdsOf = async (areaId: string) =>
  ((await api.get(`/api/admin/Delivery/Shop?pageSize=100&sort=name&areaId=${areaId}`, admin.accessToken)).body.data as Loose[]).map((s) => String(s.id));
const setLimit = (shopId: string, limit: number) =>
  api.deps.db
    .update(shops)
    .set({ limitProduct: limit, packageId: null })
    .where(eq(shops.id, Number(shopId)));

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  [bkkShops, cnxShops] = await Promise.all([shopIdsOf(bkk.userData.area), shopIdsOf(cnx.userData.area)]);
  expect(bkkShops.length).toBeGreaterThan(3);
  expect(cnxShops.length).toBeGreaterThan(0);
});
afterAll(async () => {
  await api?.close();
});

describe('Food', () => {
  it('creates a food with its options and add-ons, priced in satang, named by its shop in the list', async () => {
    const shopId = bkkShops[0]!;
    await setLimit(shopId, 100);
    const made = await api.post(F, food(shopId), bkk.accessToken);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ shopId: Number(shopId), price: 6500, availability: 'in_stock', areaId: bkk.userData.area, category: 'Rice' });
    expect(made.body.data.options).toEqual([
      { name: 'Regular', price: 0 },
      { name: 'Large', price: 1500 },
    ]);
    const list = await api.get(`${F}?shopId=${shopId}&q=man%20gai&category=Rice`, bkk.accessToken);
    expect(list.status).toBe(200);
    const row = (list.body.data as Loose[]).find((r) => r.id === made.body.data.id);
    expect(row?.shopName).toEqual(expect.any(String));
    expect(row.shopName.length).toBeGreaterThan(0);

    const twice = await api.post(F, food(shopId, { addOns: [{ name: 'large', price: 100 }] }), bkk.accessToken);
    expect(twice.body.errors).toEqual({ 'addOns.0.name': ['overlap'] });
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `Option ${i}`, price: 0 }));
    expect((await api.post(F, food(shopId, { options: many, addOns: [] }), bkk.accessToken)).body.errors).toEqual({ options: ['outOfRange'] });
    expect((await api.post(F, food(shopId, { price: 10.5 }), bkk.accessToken)).status).toBe(400);
  });

  it('keeps a shop within its product limit, and names the limit in the refusal', async () => {
    const shopId = bkkShops[1]!;
    const before = (await api.get(`${F}?shopId=${shopId}`, bkk.accessToken)).body.total as number;
    await setLimit(shopId, before + 2);
    const first = await api.post(F, food(shopId, { name: 'Som tam' }), bkk.accessToken);
    const second = await api.post(F, food(shopId, { name: 'Larb moo' }), bkk.accessToken);
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await api.post(F, food(shopId, { name: 'Nam tok' }), bkk.accessToken);
    expect(third.status).toBe(400);
    expect(third.body.errors).toEqual({ shopId: ['productLimit'] });
    expect(third.body.data).toEqual({ params: { shopId: { limit: before + 2 } } });

    // Editing a food of a full shop is no new food.
    const edited = await send('PUT', `${F}/${first.body.data.id}`, bkk.accessToken, food(shopId, { name: 'Som tam Thai', version: 1 }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Moving a food into the full shop is.
    const elsewhere = await api.post(F, food(bkkShops[0]!, { name: 'Moo ping' }), bkk.accessToken);
    const moved = await send('PUT', `${F}/${elsewhere.body.data.id}`, bkk.accessToken, food(shopId, { name: 'Moo ping', version: 1 }));
    expect(moved.body.errors).toEqual({ shopId: ['productLimit'] });

    // staff.bkk may not delete; an administrator does.
    expect((await send('DELETE', `${F}/${second.body.data.id}`, admin.accessToken)).status).toBe(200);
    expect((await api.post(F, food(shopId, { name: 'Nam tok' }), bkk.accessToken)).status).toBe(201);
    expect((await api.post(F, food(shopId, { name: 'Gai yang' }), bkk.accessToken)).body.errors).toEqual({ shopId: ['productLimit'] });
  });

  it('takes only a live shop of the food’s own area', async () => {
    const foreign = await api.post(F, food(cnxShops[0]!), bkk.accessToken);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ shopId: ['unknownReference'] });
    expect((await api.post(F, food('999999'), bkk.accessToken)).body.errors).toEqual({ shopId: ['unknownReference'] });
    // An admin's Chiang Mai food takes a Chiang Mai shop, not a Bangkok one.
    const wrong = await api.post(F, food(bkkShops[0]!, { areaId: cnx.userData.area }), admin.accessToken);
    expect(wrong.body.errors).toEqual({ shopId: ['unknownReference'] });
    await setLimit(cnxShops[0]!, 100);
    const right = await api.post(F, food(cnxShops[0]!, { areaId: cnx.userData.area }), admin.accessToken);
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    const moved = await send('PUT', `${F}/${right.body.data.id}`, admin.accessToken, food(bkkShops[0]!, { version: 1 }));
    expect(moved.body.errors).toEqual({ shopId: ['unknownReference'] });
  });

  it('flips availability with the version read, in one call', async () => {
    const shopId = bkkShops[2]!;
    await setLimit(shopId, 100);
    const made = (await api.post(F, food(shopId, { name: 'Tom yum' }), bkk.accessToken)).body.data;
    const path = `${F}/${made.id}/availability`;
    const out = await send('PATCH', path, bkk.accessToken, { availability: 'sold_out', version: made.version });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toEqual({ id: made.id, availability: 'sold_out', version: made.version + 1 });
    const stale = await send('PATCH', path, bkk.accessToken, { availability: 'in_stock', version: made.version });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ availability: 'sold_out', version: made.version + 1 });
    const soldOut = (await api.get(`${F}?availability=sold_out&shopId=${shopId}`, bkk.accessToken)).body.data as Loose[];
    expect(soldOut.map((r) => r.id)).toContain(made.id);
    expect((await send('PATCH', path, bkk.accessToken, { availability: 'gone', version: 2 })).body.errors).toEqual({ availability: ['required'] });
    const back = await send('PATCH', path, bkk.accessToken, { availability: 'in_stock', version: made.version + 1 });
    expect(back.body.data.availability).toBe('in_stock');
    expect((await send('PATCH', `${F}/999999/availability`, bkk.accessToken, { availability: 'in_stock', version: 1 })).status).toBe(404);
  });

  it('refuses a role without the flag, and keeps staff to their own area', async () => {
    const shopId = bkkShops[3]!;
    await setLimit(shopId, 100);
    const mine = (await api.post(F, food(shopId, { name: 'Kai jeow' }), bkk.accessToken)).body.data;
    // staff.cnx has no Delivery flags; staff.market none of Delivery.
    for (const who of [cnx, market]) {
      expect((await api.get(F, who.accessToken)).status).toBe(403);
      expect((await api.post(F, food(cnxShops[0]!), who.accessToken)).status).toBe(403);
      expect((await send('PATCH', `${F}/${mine.id}/availability`, who.accessToken, { availability: 'sold_out', version: mine.version })).status).toBe(403);
    }
    const [cnxUser] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username));
    await grantService(api.deps.db, cnxUser!.id, 'Delivery', { read: true, write: true, create: true, delete: true });
    api.deps.permissions.drop(cnxUser!.id);
    const cnxAgain = await api.login(DEMO.cnx);
    const listed = await api.get(`${F}?pageSize=100`, cnxAgain.accessToken);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const theirs = listed.body.data as Loose[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.areaId === cnx.userData.area)).toBe(true);
    expect((await api.get(`${F}/${mine.id}`, cnxAgain.accessToken)).status).toBe(404);
    expect((await send('PATCH', `${F}/${mine.id}/availability`, cnxAgain.accessToken, { availability: 'sold_out', version: mine.version })).status).toBe(404);
    expect((await send('DELETE', `${F}/${mine.id}`, cnxAgain.accessToken)).status).toBe(404);
    // A staff member's food goes to their own area whatever area it names.
    await setLimit(cnxShops[0]!, 100);
    const placed = await api.post(F, food(cnxShops[0]!, { areaId: bkk.userData.area }), cnxAgain.accessToken);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data.areaId).toBe(cnx.userData.area);
  });
});
