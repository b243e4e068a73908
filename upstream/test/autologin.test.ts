import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAutologinToken } from '@contract/autologin';
import { DEMO, startTestServer, TEST_AUTOLOGIN_SECRET, type TestServer } from './helpers';

let api: TestServer;
let adminUid: string;
let bkkUid: string;
let cnxUid: string;
let shops: { bkk: string; cnx: string };

/** Seconds on the server's clock (tests move it). */
const now = () => Math.floor(api.deps.now().getTime() / 1000);
const sign = (
  purpose: 'root' | 'portal' | 'shop',
  payload: { uid: string; exp?: number; author?: string; shop?: string; company?: string },
  secret = TEST_AUTOLOGIN_SECRET,
) => signAutologinToken(secret, purpose, payload, now());
const failure = { status: false, message: 'Wrong Email or Password' };

beforeAll(async () => {
  api = await startTestServer();
  adminUid = (await api.login(DEMO.admin)).userData.uid;
  bkkUid = (await api.login(DEMO.bkk)).userData.uid;
  cnxUid = (await api.login(DEMO.cnx)).userData.uid;
  const rows = (await api.db.db.execute(
    "SELECT s.id, a.name FROM shops s JOIN areas a ON a.id = s.area_id JOIN apps p ON p.id = s.app_id WHERE p.app_type = 'Delivery' ORDER BY s.id",
  )) as unknown as { rows: { id: number; name: string }[] };
  shops = {
    bkk: String(rows.rows.find((r) => r.name === 'Bangkok')!.id),
    cnx: String(rows.rows.find((r) => r.name === 'Chiang Mai')!.id),
  };
});
afterAll(async () => {
  await api?.close();
});

describe('autoLoginRoot and autoLoginPortal', () => {
  it('answer as login plus author, once per link', async () => {
    const token = await sign('root', { uid: adminUid, author: 'support-desk' });
    const res = await api.post('/api/admin/auth/autoLoginRoot', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, author: 'support-desk', expiresIn: 3600, userData: { uid: adminUid, root: true } });
    expect((await api.get('/api/admin/Permission/getPermission', res.body.accessToken)).status).toBe(200);
    const replay = await api.post('/api/admin/auth/autoLoginRoot', { token });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(failure);
  });

  it('autoLoginPortal signs in a staff member; author defaults to the purpose', async () => {
    const token = await sign('portal', { uid: bkkUid });
    const res = await api.post('/api/admin/auth/autoLoginPortal', { token });
    expect(res.body).toMatchObject({ status: true, author: 'portal', userData: { uid: bkkUid, userRole: 'staff' } });
  });

  it("refuses a link minted for another company, and accepts one for the user's own", async () => {
    const me = await api.login(DEMO.admin);
    const own = await sign('root', { uid: adminUid, company: String(me.userData.companies) });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: own })).body).toMatchObject({ status: true });
    const other = await sign('root', { uid: adminUid, company: '999999' });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: other })).body).toEqual(failure);
  });

  it('rejects a token of another purpose, a tampered one, an expired one and one too far ahead', async () => {
    const portal = await sign('portal', { uid: adminUid });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: portal })).body).toEqual(failure);

    const good = await sign('root', { uid: adminUid });
    const [first, sig] = good.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(first, 'base64url').toString());
    const tamperedFirst = Buffer.from(JSON.stringify({ ...payload, uid: cnxUid })).toString('base64url');
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: `${tamperedFirst}.${sig}` })).body).toEqual(failure);
    const flipped = `${first}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: flipped })).body).toEqual(failure);
    const otherSecret = await sign('root', { uid: adminUid }, 'another-secret-0123456789-abcdefghijklmn');
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: otherSecret })).body).toEqual(failure);

    const expired = await sign('root', { uid: adminUid, exp: now() - 1 });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: expired })).body).toEqual(failure);
    const ahead = await sign('root', { uid: adminUid, exp: now() + 301 + 5 });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: ahead })).body).toEqual(failure);
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token: 'garbage' })).body).toEqual(failure);
    expect((await api.post('/api/admin/auth/autoLoginRoot', {})).status).toBe(400);
  });

  it('expires by the server clock', async () => {
    const token = await sign('root', { uid: adminUid, exp: now() + 60 });
    api.advance(61_000);
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token })).body).toEqual(failure);
  });

  it('rejects an unknown user', async () => {
    const token = await sign('root', { uid: '999999', exp: now() + 200 });
    expect((await api.post('/api/admin/auth/autoLoginRoot', { token })).body).toEqual(failure);
  });
});

describe('autologinShop', () => {
  const shopToken = (uid: string, shop: string) => sign('shop', { uid, shop });

  it('answers as login plus author and shop', async () => {
    const res = await api.post('/api/admin/auth/autologinShop', { token: await shopToken(bkkUid, shops.bkk) });
    expect(res.body).toMatchObject({ status: true, shop: shops.bkk, author: 'shop', userData: { uid: bkkUid } });
  });

  it("refuses a shop outside the staff member's area, an unknown shop and a replay", async () => {
    expect((await api.post('/api/admin/auth/autologinShop', { token: await shopToken(bkkUid, shops.cnx) })).body).toEqual(failure);
    expect((await api.post('/api/admin/auth/autologinShop', { token: await shopToken(adminUid, '999999') })).body).toEqual(failure);
    const token = await shopToken(adminUid, shops.cnx);
    expect((await api.post('/api/admin/auth/autologinShop', { token })).body.status).toBe(true);
    expect((await api.post('/api/admin/auth/autologinShop', { token })).body).toEqual(failure);
  });

  it('refuses a root token and a token without a shop', async () => {
    const root = await sign('root', { uid: adminUid });
    expect((await api.post('/api/admin/auth/autologinShop', { token: root })).body).toEqual(failure);
    const noShop = await sign('shop', { uid: adminUid });
    expect((await api.post('/api/admin/auth/autologinShop', { token: noShop })).body).toEqual(failure);
  });
});
