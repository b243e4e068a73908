import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, foreignImageKeys, startTestServer, TEST_APP_API_KEY, testPicture, uploadImage, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let market: Loose;
let shopId: number;
const F = '/api/admin/Marketplace/Feed';
const APP = '/api/app/Marketplace/Feed';
const appKey = { [APP_KEY_HEADER]: TEST_APP_API_KEY };

const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const post = (extra: Record<string, unknown> = {}) => ({ title: 'Fresh mangoes', body: 'Sweet and ripe.', ...extra });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.market)]);
  const [shop] = await query<{ id: number }>(
    `SELECT id FROM shops WHERE app_id = ${Number(market.userData.appid)} AND area_id = ${Number(market.userData.area)} ORDER BY id LIMIT 1`,
  );
  shopId = shop!.id;
  // A shop allowed three posts (its package allows more).
  await query(`UPDATE shops SET limit_post = 3 WHERE id = ${shopId}`);
  await query(`UPDATE feed_posts SET deleted_at = now() WHERE shop_id = ${shopId}`);
});
afterAll(async () => {
  await api?.close();
});

describe('Feed', () => {
  it("adds the platform's posts and a shop's, listed newest first with the shop's name", async () => {
    const platform = await api.post(F, post({ title: 'Platform news' }), market.accessToken);
    expect(platform.status, JSON.stringify(platform.body)).toBe(201);
    expect(platform.body.data).toMatchObject({ title: 'Platform news', shopId: null, shopName: null, active: true, publishedAt: expect.any(String) });
    const shops = await api.post(F, post({ shopId: String(shopId) }), market.accessToken);
    expect(shops.status).toBe(201);
    expect(shops.body.data).toMatchObject({ shopId, shopName: expect.any(String) });
    const list = await api.get(`${F}?shopId=${shopId}`, market.accessToken);
    expect(list.body.data.map((r: Loose) => r.id)).toEqual([shops.body.data.id]);
    const bad = await api.post(F, post({ imageUrl: 'javascript:alert(1)' }), market.accessToken);
    expect(bad.body.errors).toEqual({ imageUrl: ['invalidUrl'] });
  });

  it("refuses a shop's post beyond its Limit_post, in the portal and from the shop app alike", async () => {
    // One post so far (above); two more fit.
    expect((await api.post(F, post({ shopId: String(shopId), title: 'Second' }), market.accessToken)).status).toBe(201);
    const fromApp = await api.post(APP, { shopId: String(shopId), title: 'Third, from the shop app' }, market.accessToken, appKey);
    expect(fromApp.status, JSON.stringify(fromApp.body)).toBe(201);
    const over = await api.post(F, post({ shopId: String(shopId), title: 'Fourth' }), market.accessToken);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ shopId: ['postLimit'] });
    expect(over.body.data).toEqual({ params: { shopId: { limit: 3 } } });
    const overApp = await api.post(APP, { shopId: String(shopId), title: 'Fourth, from the app' }, market.accessToken, appKey);
    expect(overApp.status).toBe(400);
    expect(overApp.body.errors).toEqual({ shopId: ['postLimit'] });
    // The package's limit caps the shop's own.
    await query(`UPDATE shop_packages SET limit_post = 2 WHERE id = (SELECT package_id FROM shops WHERE id = ${shopId})`);
    const capped = await api.post(F, post({ shopId: String(shopId), title: 'Capped' }), market.accessToken);
    expect(capped.body.data).toEqual({ params: { shopId: { limit: 2 } } });
    await query(`UPDATE shop_packages SET limit_post = 50 WHERE id = (SELECT package_id FROM shops WHERE id = ${shopId})`);
    // A deleted post frees a place; restoring one past the limit is refused.
    const [first] = (await api.get(`${F}?shopId=${shopId}&sort=publishedAt&order=asc`, market.accessToken)).body.data;
    expect((await api.request('DELETE', `${F}/${first.id}`, { token: market.accessToken })).status).toBe(200);
    expect((await api.post(F, post({ shopId: String(shopId), title: 'In its place' }), market.accessToken)).status).toBe(201);
    const restore = await api.post(`${F}/${first.id}/restore`, {}, market.accessToken);
    expect(restore.body.errors).toEqual({ shopId: ['postLimit'] });
  });

  it("takes an uploaded picture of the company, and answers the app's feed with an address it loads", async () => {
    const uploaded = await uploadImage(api, `${F}/Images`, market.accessToken, await testPicture(201));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const key = uploaded.body.data.key as string;
    const withKey = await api.post(F, post({ title: 'Uploaded picture', imageUrl: key }), market.accessToken);
    expect(withKey.status, JSON.stringify(withKey.body)).toBe(201);
    expect(withKey.body.data.imageUrl).toBe(key);
    const legacy = 'https://cdn.example.com/mangoes.jpg';
    const withUrl = await api.post(F, post({ title: 'Web address picture', imageUrl: legacy }), market.accessToken);
    expect(withUrl.body.data.imageUrl).toBe(legacy);
    const listed = (await api.get(`${F}?q=picture`, market.accessToken)).body.data as Loose[];
    expect(Object.fromEntries(listed.map((r) => [r.title, r.imageUrl]))).toMatchObject({ 'Uploaded picture': key, 'Web address picture': legacy });

    // Another company's upload and a key nobody uploaded are refused, in the portal and from the shop app alike.
    for (const foreign of await foreignImageKeys(api, 'Feed Co', 202)) {
      expect((await api.post(F, post({ imageUrl: foreign }), market.accessToken)).body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
      const edit = await api.request('PUT', `${F}/${withKey.body.data.id}`, { token: market.accessToken, body: post({ imageUrl: foreign, version: 1 }) });
      expect(edit.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
      const fromApp = await api.post(APP, { shopId: String(shopId), title: 'Foreign picture', imageUrl: foreign }, market.accessToken, appKey);
      expect(fromApp.body.errors, foreign).toEqual({ imageUrl: ['unknownReference'] });
    }
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'not a picture']) {
      expect((await api.post(APP, { shopId: String(shopId), title: 'Bad picture', imageUrl: bad }, market.accessToken, appKey)).body.errors, bad).toEqual({
        imageUrl: ['invalidUrl'],
      });
    }

    const feed = (await api.get(`${APP}?areaId=${market.userData.area}`, market.accessToken, appKey)).body.data as Loose[];
    const pictureOf = (title: string) => feed.find((r) => r.title === title)?.imageUrl;
    expect(pictureOf('Uploaded picture')).toBe(`${api.url}/api/images/${key}`);
    expect(pictureOf('Web address picture')).toBe(legacy);
    expect(pictureOf('Platform news')).toBe('');
    const image = await fetch(pictureOf('Uploaded picture'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('reads the app feed over the app channel only, and refuses users without the flag', async () => {
    const feed = `${APP}?areaId=${market.userData.area}`;
    expect((await api.get(feed, market.accessToken)).status).toBe(403);
    const read = await api.get(feed, market.accessToken, appKey);
    expect(read.status).toBe(200);
    expect(read.body.data.map((r: Loose) => r.title)).toContain('Platform news');
    expect((await api.get(F, bkk.accessToken)).status).toBe(403);
    expect((await api.get('/api/admin/Delivery/Feed', admin.accessToken)).status).toBe(404);
    await query(
      `UPDATE permissions SET can_create = false WHERE name = 'Service Marketplace Feed' AND user_id = (SELECT id FROM users WHERE username = 'staff.market')`,
    );
    api.deps.permissions.clear();
    expect((await api.post(F, post(), market.accessToken)).status).toBe(403);
    expect((await api.post(APP, { shopId: String(shopId), title: 'No flag' }, market.accessToken, appKey)).status).toBe(403);
  });
});
