import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const N = '/api/admin/Notification';
const app = (path: string, body: unknown, token: string, key = TEST_APP_API_KEY) =>
  api.request('POST', path, { token, body, headers: { [APP_KEY_HEADER]: key } });
const notes = async (token: string) => (await api.get(`${N}?pageSize=100`, token)).body.data as Loose[];

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

describe('a shop registering itself (the shop app)', () => {
  const body = () => ({ name: 'Baan Somtam Ari', owner: 'Nok Sukjai', email: 'nok@baansomtam.example', phone: '0812345678', areaId: bkk.userData.area });

  it('waits for approval, and tells the admins and the Bangkok staff who read the registrations, not Chiang Mai', async () => {
    const res = await app('/api/app/Delivery/Regis/Shop', body(), admin.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Baan Somtam Ari', state: 'waiting', areaName: 'Bangkok' });
    const waiting = await api.get('/api/admin/Delivery/Regis/Shop?q=Somtam', bkk.accessToken);
    expect(waiting.body.data.map((r: Loose) => r.id)).toEqual([res.body.data.id]);
    const expected = expect.objectContaining({
      kind: 'shopRegistration',
      params: { shop: 'Baan Somtam Ari', area: 'Bangkok' },
      link: '/Service/Delivery/Regis/Shop',
      read: false,
    });
    expect((await notes(bkk.accessToken)).filter((n) => n.kind === 'shopRegistration')).toEqual([expected]);
    expect((await notes(admin.accessToken)).filter((n) => n.kind === 'shopRegistration')).toEqual([expected]);
    expect((await notes(cnx.accessToken)).filter((n) => n.kind === 'shopRegistration')).toEqual([]);
  });

  it('refuses an unknown area, a bad e-mail, the wrong key, and the same call on the back-office path', async () => {
    const bad = await app('/api/app/Delivery/Regis/Shop', { ...body(), email: 'nope', areaId: '999999' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email']);
    const unknown = await app('/api/app/Delivery/Regis/Shop', { ...body(), areaId: '999999' }, admin.accessToken);
    expect(unknown.body.errors).toEqual({ areaId: ['unknownReference'] });
    expect((await app('/api/app/Delivery/Regis/Shop', body(), admin.accessToken, 'wrong-key')).status).toBe(403);
    expect((await api.post('/api/admin/Delivery/Regis/Shop', body(), admin.accessToken)).status).toBe(403);
  });
});

describe('a withdrawal request (the member, shop or biker app)', () => {
  it('holds the amount as Pending once for a repeated key, and tells the area once', async () => {
    const wallets = (await api.get('/api/admin/Delivery/Wallet/Balance/Member?pageSize=100', admin.accessToken)).body.data as Loose[];
    const rich = wallets.find((w) => w.areaName === 'Bangkok' && w.balance >= 10_000)!;
    const member = (await api.get(`/api/admin/Delivery/Wallet/Balance/wallet/${rich.id}`, admin.accessToken)).body.data;
    const request = { ownerType: 'member', ownerId: member.ownerId, amount: 5_000, key: 'app-withdraw-1' };
    const first = await app('/api/app/Delivery/Wallet/withdraw', request, admin.accessToken);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ type: 'withdraw', status: 'Pending', amount: -5_000, ownerName: member.ownerName });
    const again = await app('/api/app/Delivery/Wallet/withdraw', request, admin.accessToken);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const told = (await notes(bkk.accessToken)).filter((n) => n.kind === 'withdrawalRequest');
    expect(told).toEqual([
      expect.objectContaining({ params: { owner: member.ownerName, amount: 5_000, area: 'Bangkok' }, link: '/Service/Delivery/Wallet/Member?status=Pending' }),
    ]);
    expect((await notes(cnx.accessToken)).filter((n) => n.kind === 'withdrawalRequest')).toEqual([]);
    const after = (await api.get(`/api/admin/Delivery/Wallet/Balance/wallet/${rich.id}`, admin.accessToken)).body.data;
    expect(after.pending).toBe(member.pending - 5_000);
  });

  it('refuses more than the balance (nobody is told) and an owner of another app', async () => {
    const before = (await notes(admin.accessToken)).length;
    const wallets = (await api.get('/api/admin/Delivery/Wallet/Balance/Member?pageSize=100', admin.accessToken)).body.data as Loose[];
    const member = (await api.get(`/api/admin/Delivery/Wallet/Balance/wallet/${wallets[0].id}`, admin.accessToken)).body.data;
    const tooMuch = await app(
      '/api/app/Delivery/Wallet/withdraw',
      { ownerType: 'member', ownerId: member.ownerId, amount: 999_999_999, key: 'k-2' },
      admin.accessToken,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('INSUFFICIENT_BALANCE');
    expect((await notes(admin.accessToken)).length).toBe(before);
    const elsewhere = await app(
      '/api/app/Marketplace/Wallet/withdraw',
      { ownerType: 'member', ownerId: member.ownerId, amount: 100, key: 'k-3' },
      admin.accessToken,
    );
    expect(elsewhere.status).toBe(404);
    expect(
      (await api.post('/api/admin/Delivery/Wallet/withdraw', { ownerType: 'member', ownerId: member.ownerId, amount: 100, key: 'k-4' }, admin.accessToken))
        .status,
    ).toBe(403);
  });
});
