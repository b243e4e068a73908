import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER, isAppOnlyCall } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
let member: { id: number; name: string };
const R = '/api/admin/Marketplace/Request/Buy';
const APP = '/api/app/Marketplace/RequestBuy';
const query = async <T = Loose>(text: string): Promise<T[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const ask = (body: Record<string, unknown>, token = market.accessToken, key = TEST_APP_API_KEY) =>
  api.request('POST', APP, { token, body, headers: { [APP_KEY_HEADER]: key } });
const request = (extra: Record<string, unknown> = {}) => ({
  memberId: String(member.id),
  title: 'Vintage Seiko 5',
  detail: 'Automatic, 1970s',
  quantity: 2,
  ...extra,
});
const IMAGE = `${'a'.repeat(64)}.jpg`;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  const [m] = await query<{ id: number; name: string }>(
    `SELECT m.id, m.name FROM members m JOIN apps p ON p.id = m.app_id
     WHERE p.app_type = 'Marketplace' AND m.area_id = ${Number(market.userData.area)} AND m.deleted_at IS NULL ORDER BY m.id LIMIT 1`,
  );
  member = m!;
});
afterAll(async () => {
  await api?.close();
});

describe('Request/Buy: the member app', () => {
  it('creates an open request for a member of the area, and lists the member’s requests with answers', async () => {
    const res = await ask(request({ images: [IMAGE] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      ...request(),
      images: [IMAGE],
      state: 'open',
      memberName: member.name,
      areaId: market.userData.area,
      quotePrice: null,
      answer: '',
      answeredBy: null,
      version: 1,
    });
    const mine = await api.request('GET', `${APP}?memberId=${member.id}`, { token: market.accessToken, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
    expect(mine.status).toBe(200);
    expect(mine.body.data[0]).toMatchObject({ id: res.body.data.id, state: 'open' });
  });

  it('checks the body, the member and the app key', async () => {
    const bad = await ask({ memberId: String(member.id), title: '', quantity: 0, images: ['x.gif'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ title: ['required'], quantity: ['outOfRange'], 'images.0': ['notAnImage'] });
    const [delivery] = await query<{ id: number }>(
      `SELECT m.id FROM members m JOIN apps p ON p.id = m.app_id WHERE p.app_type = 'Delivery' AND m.deleted_at IS NULL ORDER BY m.id LIMIT 1`,
    );
    expect((await ask(request({ memberId: String(delivery!.id) }))).body.errors).toEqual({ memberId: ['unknownReference'] });
    expect((await ask(request(), market.accessToken, 'wrong-key')).status).toBe(403);
    expect((await api.request('POST', APP, { token: market.accessToken, body: request() })).status).toBe(403);
  });

  it('is an app call: the portal’s BFF never forwards it, the back-office answers stay back-office calls', () => {
    expect(isAppOnlyCall('POST', ['Marketplace', 'RequestBuy'])).toBe(true);
    expect(isAppOnlyCall('GET', ['Marketplace', 'RequestBuy'])).toBe(true);
    expect(isAppOnlyCall('PATCH', ['Marketplace', 'Request', 'Buy', '3', 'quote'])).toBe(false);
    expect(isAppOnlyCall('GET', ['Marketplace', 'Request', 'Buy'])).toBe(false);
  });
});

describe('Request/Buy: staff answers', () => {
  it('quotes an open request, then closes it; who and when are recorded', async () => {
    const id = (await ask(request({ title: 'Quote then close' }))).body.data.id;
    const quoted = await send('PATCH', `${R}/${id}/quote`, market.accessToken, { quotePrice: 250_000, answer: 'We can get it in 5 days', version: 1 });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.data).toMatchObject({
      state: 'quoted',
      quotePrice: 250_000,
      answer: 'We can get it in 5 days',
      version: 2,
      answeredBy: { displayName: expect.any(String) },
      answeredAt: expect.any(String),
    });
    expect((await send('PATCH', `${R}/${id}/quote`, market.accessToken, { quotePrice: 1, answer: 'Again', version: 2 })).body.errors).toEqual({
      state: ['invalidTransition'],
    });
    const closed = await send('PATCH', `${R}/${id}/close`, market.accessToken, { answer: 'Member declined the price', version: 2 });
    expect(closed.body.data).toMatchObject({ state: 'closed', quotePrice: 250_000, answer: 'Member declined the price', version: 3 });
    const final = await send('PATCH', `${R}/${id}/close`, market.accessToken, { answer: 'Again', version: 3 });
    expect(final.status).toBe(400);
    expect(final.body.errors).toEqual({ state: ['invalidTransition'] });
    const mine = await api.request('GET', `${APP}?memberId=${member.id}`, { token: market.accessToken, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
    expect(mine.body.data.find((r: Loose) => r.id === id)).toMatchObject({ state: 'closed', answer: 'Member declined the price' });
  });

  it('answers a stale version with 409 and the request as it is now; an answer needs its text and price', async () => {
    const id = (await ask(request({ title: 'Stale' }))).body.data.id;
    const missing = await send('PATCH', `${R}/${id}/quote`, market.accessToken, { quotePrice: 0, answer: ' ', version: 1 });
    expect(missing.body.errors).toEqual({ quotePrice: ['outOfRange'], answer: ['required'] });
    expect((await send('PATCH', `${R}/${id}/close`, market.accessToken, { version: 1 })).body.errors).toEqual({ answer: ['required'] });
    expect((await send('PATCH', `${R}/${id}/close`, market.accessToken, { answer: 'Not available', version: 1 })).status).toBe(200);
    const stale = await send('PATCH', `${R}/${id}/quote`, market.accessToken, { quotePrice: 100, answer: 'Late', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id, state: 'closed', version: 2 });
  });

  it('lists newest first, filters by state and searches the title and the member’s name', async () => {
    const a = (await ask(request({ title: 'Filter me A' }))).body.data.id;
    const b = (await ask(request({ title: 'Filter me B' }))).body.data.id;
    await send('PATCH', `${R}/${b}/close`, market.accessToken, { answer: 'No', version: 1 });
    const list = await send('GET', `${R}?q=Filter%20me`, market.accessToken);
    expect(list.body.data.map((r: Loose) => r.id)).toEqual([b, a]);
    expect((await send('GET', `${R}?q=Filter%20me&state=open`, market.accessToken)).body.data.map((r: Loose) => r.id)).toEqual([a]);
    const byMember = await send('GET', `${R}?q=${encodeURIComponent(member.name)}&pageSize=100`, market.accessToken);
    expect(byMember.body.data.length).toBeGreaterThanOrEqual(2);
    expect((await send('GET', `${R}?state=lost`, market.accessToken)).status).toBe(400);
  });

  it('refuses users without the Marketplace flag, and keeps staff to their area', async () => {
    const id = (await ask(request({ title: 'Flags' }))).body.data.id;
    for (const who of [bkk, cnx]) {
      expect((await send('GET', R, who.accessToken)).status).toBe(403);
      expect((await send('PATCH', `${R}/${id}/close`, who.accessToken, { answer: 'No', version: 1 })).status).toBe(403);
    }
    const [elsewhere] = await query<{ id: number }>(
      `SELECT a.id FROM areas a JOIN apps p ON p.id = a.app_id WHERE p.app_type = 'Marketplace' AND a.id <> ${Number(market.userData.area)} ORDER BY a.id LIMIT 1`,
    );
    const areaId =
      elsewhere?.id ??
      (
        await query<{ id: number }>(
          `INSERT INTO areas (company_id, app_id, name) SELECT company_id, app_id, 'Other Marketplace area' FROM areas WHERE id = ${Number(market.userData.area)} RETURNING id`,
        )
      )[0]!.id;
    const [far] = await query<{ id: number }>(
      `INSERT INTO purchase_requests (company_id, app_id, area_id, member_id, title)
       SELECT company_id, app_id, ${areaId}, id, 'Far away request' FROM members WHERE id = ${member.id} RETURNING id`,
    );
    expect((await send('GET', `${R}/${far!.id}`, market.accessToken)).status).toBe(404);
    expect((await send('PATCH', `${R}/${far!.id}/close`, market.accessToken, { answer: 'No', version: 1 })).status).toBe(404);
    expect((await send('GET', `${R}?q=Far%20away`, market.accessToken)).body.total).toBe(0);
    expect((await send('GET', `${R}?q=Far%20away`, admin.accessToken)).body.total).toBe(1);
    expect((await send('PATCH', `${R}/${far!.id}/close`, admin.accessToken, { answer: 'Closed by admin', version: 1 })).status).toBe(200);
  });
});
