import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
let market: Loose;
const C = '/api/admin/Delivery/Currency';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
});
afterAll(async () => {
  await api?.close();
});

const put = (token: string, body: unknown) => api.request('PUT', C, { token, body });

describe('Currency', () => {
  it("starts with the spec's format: two decimals, comma thousands, dot decimal, the language's word for Baht", async () => {
    const res = await api.get(C, bkk.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ word: '', decimals: 2, thousands: 'comma', decimal: 'dot', version: 1 });
  });

  it('changes with the version, refuses a stale one and two equal marks', async () => {
    const bad = await put(bkk.accessToken, { word: 'THB', decimals: 2, thousands: 'dot', decimal: 'dot', version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ thousands: ['sameSeparators'] });
    expect((await put(bkk.accessToken, { word: 'THB', decimals: 3, thousands: 'comma', decimal: 'dot', version: 1 })).body.errors).toEqual({
      decimals: ['required'],
    });
    const ok = await put(bkk.accessToken, { word: 'THB', decimals: '0', thousands: 'space', decimal: 'dot', version: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ word: 'THB', decimals: 0, thousands: 'space', version: 2 });
    const stale = await put(admin.accessToken, { word: 'Lost', decimals: 2, thousands: 'comma', decimal: 'dot', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ word: 'THB', version: 2 });
  });

  it('lets every user of the service read the format, whatever their flags; the settings need the flag', async () => {
    const format = await api.get(`${C}/format`, cnx.accessToken);
    expect(format.status).toBe(200);
    expect(format.body.data).toEqual({ word: 'THB', decimals: 0, thousands: 'space', decimal: 'dot' });
    expect((await api.get(C, cnx.accessToken)).status).toBe(403);
    expect((await put(cnx.accessToken, { word: 'X', decimals: 2, thousands: 'comma', decimal: 'dot', version: 2 })).status).toBe(403);
    // Each app has its own; Marketplace staff cannot read Delivery's.
    expect((await api.get('/api/admin/Marketplace/Currency/format', market.accessToken)).body.data).toMatchObject({ word: '', decimals: 2 });
    expect((await api.get(`${C}/format`, market.accessToken)).status).toBe(403);
  });

  it('keeps the currency code payments are taken in: THB until changed, three letters, kept when left out', async () => {
    const current = (await api.get(C, admin.accessToken)).body.data;
    expect(current.code).toBe('THB');
    const format = { word: current.word, decimals: current.decimals, thousands: current.thousands, decimal: current.decimal };
    for (const code of ['US', 'USDT', 'U$D', '']) {
      const bad = await put(admin.accessToken, { ...format, code, version: current.version });
      expect([code, bad.status, bad.body.errors]).toEqual([code, 400, { code: ['invalidCurrencyCode'] }]);
    }
    const changed = await put(admin.accessToken, { ...format, code: ' mmk ', version: current.version });
    expect(changed.body.data).toMatchObject({ code: 'MMK', version: current.version + 1 });
    const kept = await put(admin.accessToken, { ...format, word: 'Kyat', version: current.version + 1 });
    expect(kept.body.data).toMatchObject({ word: 'Kyat', code: 'MMK' });
    // The format every screen reads does not carry it.
    expect((await api.get(`${C}/format`, admin.accessToken)).body.data).not.toHaveProperty('code');
  });
});
