import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { DEMO, TEST_APP_API_KEY, startTestServer, type TestServer } from './helpers';

/**
 * Wallet Monitoring's operator actions over real HTTP: reject a pending transaction, post a deposit, bonus or
 * correction; one transaction each with its key and its audit row, behind `Wallet Adjust`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const W = '/api/admin/Delivery/Wallet';
const A = `${W}/Adjust`;
const ADJUST = 'Service Delivery Wallet Adjust';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const post = (path: string, body: unknown, token: string = admin.accessToken, headers?: Record<string, string>) => api.post(path, body, token, headers);
const walletOf = async (owner: string): Promise<Loose> => {
  const rows = (await api.get(`${W}/Balance/Member?q=${encodeURIComponent(owner)}`, admin.accessToken)).body.data as Loose[];
  expect(rows, owner).toHaveLength(1);
  return rows[0];
};
const wallet = async (id: string) => (await api.get(`${W}/Balance/wallet/${id}`, admin.accessToken)).body.data;
const history = async (id: string) => (await api.get(`${W}/Balance/wallet/${id}/transactions?pageSize=100`, admin.accessToken)).body.data as Loose[];
const withdraw = async (w: Loose, amount: number, key: string) => {
  const res = await api.request('POST', '/api/app/Delivery/Wallet/withdraw', {
    token: admin.accessToken,
    headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY },
    body: { ownerType: 'member', ownerId: w.ownerId, amount, key },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const flagsOf = (login: Loose) =>
  api.get('/api/admin/Permission/getPermission', login.accessToken).then((res) => {
    const entry = (res.body.data as Loose[]).find((g) => g.services === 'Delivery');
    return entry?.data.find((i: Loose) => i.name === ADJUST);
  });

describe('who may act', () => {
  it('gives administrators Wallet Adjust and the demo staff none of it', async () => {
    expect(await flagsOf(admin)).toMatchObject({ read: true, write: true, create: true, delete: true });
    expect(await flagsOf(bkk)).toMatchObject({ read: false, write: false, create: false, delete: false });
  });

  it('refuses staff without Wallet Adjust (403) and moves nothing; granted, staff act on their own area only', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const pending = await withdraw(somchai, 1_000, 'refusal-1');
    for (const login of [bkk, cnx]) {
      expect((await post(`${A}/wallet/${somchai.id}`, { kind: 'deposit', amount: 100, reason: 'r', idempotencyKey: 'no-1' }, login.accessToken)).status).toBe(
        403,
      );
      expect((await post(`${A}/transaction/${pending.id}/reject`, { reason: 'r' }, login.accessToken)).status).toBe(403);
    }
    expect(await wallet(somchai.id)).toMatchObject({ balance: somchai.balance });
    expect((await api.get(`${W}/transaction/${pending.id}`, admin.accessToken)).body.data).toMatchObject({ status: 'Pending', rejected: false });

    const list = [{ services: 'Delivery', data: [{ name: ADJUST, read: false, write: false, create: true, delete: false }] }];
    expect((await api.request('PUT', `/api/admin/Users/Staff/${bkk.userData.uid}/permission`, { token: admin.accessToken, body: list })).status).toBe(200);
    api.advance(5_000); // past the permission cache
    const anong = (await api.get(`${W}/Balance/Member?q=Anong`, admin.accessToken)).body.data[0];
    expect((await post(`${A}/wallet/${anong.id}`, { kind: 'deposit', amount: 100, reason: 'r', idempotencyKey: 'cnx-1' }, bkk.accessToken)).status).toBe(404);
    const granted = await post(
      `${A}/wallet/${somchai.id}`,
      { kind: 'deposit', amount: 100, reason: 'Cash at the counter', idempotencyKey: 'bkk-1' },
      bkk.accessToken,
    );
    expect(granted.status).toBe(201);
    expect(granted.body.data.wallet.balance).toBe(somchai.balance + 100);
    expect((await post(`${A}/transaction/${pending.id}/reject`, { reason: 'Bank details wrong' }, bkk.accessToken)).status).toBe(200);
  });
});

describe('rejecting a pending withdrawal', () => {
  it('frees the held money, keeps the reason in the history and writes one audit row with the change', async () => {
    const malee = await walletOf('Malee Srisuk');
    await post(`${A}/wallet/${malee.id}`, { kind: 'deposit', amount: 80_000, reason: 'Opening float', idempotencyKey: 'malee-float' });
    const before = await wallet(malee.id);
    const pending = await withdraw(malee, 30_000, 'reject-1');
    expect((await wallet(malee.id)).pending).toBe(before.pending - 30_000);

    const res = await post(`${A}/transaction/${pending.id}/reject`, { reason: 'Account name does not match' });
    expect(res.status).toBe(200);
    expect(res.body.data.transaction).toMatchObject({ type: 'cancel', amount: 30_000, note: 'Account name does not match', status: 'Success' });
    expect(res.body.data.wallet).toMatchObject({ balance: before.balance, pending: before.pending });
    expect((await api.get(`${W}/Balance/wallet/${malee.id}/check`, admin.accessToken)).body.data.matches).toBe(true);
    const rows = await history(malee.id);
    expect(rows.find((t) => t.id === pending.id)).toMatchObject({ status: 'Success', rejected: true, confirmedBy: { uid: String(admin.userData.uid) } });
    expect(rows.filter((t) => t.type === 'cancel' && t.note === 'Account name does not match')).toHaveLength(1);

    // The whole balance can be asked for again: nothing of it is still held.
    await withdraw(malee, before.balance, 'reject-1-again');

    const log = (await api.get(`/api/admin/Log?q=${pending.id}/reject`, admin.accessToken)).body.data as Loose[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', status: 200, username: 'admin', changes: { body: { reason: 'Account name does not match' } } });
  });

  it('answers a second reject with the first, and refuses to confirm what was rejected (409)', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const pending = await withdraw(somchai, 500, 'reject-2');
    const first = await post(`${A}/transaction/${pending.id}/reject`, { reason: 'Duplicate request' });
    const again = await post(`${A}/transaction/${pending.id}/reject`, { reason: 'Duplicate request' });
    expect(again.status).toBe(200);
    expect(again.body.data.transaction.id).toBe(first.body.data.transaction.id);
    const confirm = await api.request('PATCH', `${W}/Member/${pending.id}/confirm`, { token: admin.accessToken, body: {} });
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe('TRANSACTION_NOT_PENDING');
    expect((await history(somchai.id)).filter((t) => t.type === 'cancel' && t.note === 'Duplicate request')).toHaveLength(1);
  });
});

describe('deposits, bonuses and corrections', () => {
  it('change the balance by their amount and appear in the history with their reason', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const platform = (await api.get(`${W}/Balance/Admin`, admin.accessToken)).body.data[0];
    const steps: [string, number, string, number][] = [
      ['deposit', 15_000, 'Cash paid in at the office', 15_000],
      ['bonus', 2_000, 'Songkran promotion', 2_000],
      ['correction', -500, 'Double-counted refund', -500],
      ['correction', 120, 'Rounding of order 17', 120],
    ];
    let balance = somchai.balance;
    for (const [kind, amount, reason, change] of steps) {
      const res = await post(`${A}/wallet/${somchai.id}`, { kind, amount, reason, idempotencyKey: `steps-${kind}-${amount}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      balance += change;
      expect(res.body.data.transaction).toMatchObject({ type: kind, amount, note: reason, status: 'Success' });
      expect(res.body.data.wallet.balance).toBe(balance);
    }
    expect((await wallet(somchai.id)).balance).toBe(balance);
    expect((await wallet(platform.id)).balance).toBe(platform.balance - 2_000);
    const rows = await history(somchai.id);
    for (const [kind, amount, reason] of steps) expect(rows.filter((t) => t.type === kind && t.amount === amount && t.note === reason)).toHaveLength(1);
    expect((await api.get(`${W}/Balance/wallet/${somchai.id}/check`, admin.accessToken)).body.data.matches).toBe(true);
  });

  it('takes the key from the Idempotency-Key header too; the same key twice is one transaction', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const body = { kind: 'deposit', amount: 777, reason: 'Header key' };
    const first = await post(`${A}/wallet/${somchai.id}`, body, admin.accessToken, { 'idempotency-key': 'hdr-1' });
    const second = await post(`${A}/wallet/${somchai.id}`, body, admin.accessToken, { 'idempotency-key': 'hdr-1' });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.data.transaction.id).toBe(first.body.data.transaction.id);
    expect((await wallet(somchai.id)).balance).toBe(somchai.balance + 777);
    const reused = await post(`${A}/wallet/${somchai.id}`, { ...body, amount: 778 }, admin.accessToken, { 'idempotency-key': 'hdr-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('at the same time', () => {
  it('applies parallel identical postings once', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const body = { kind: 'bonus', amount: 321, reason: 'Parallel bonus', idempotencyKey: 'race-bonus' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(`${A}/wallet/${somchai.id}`, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(11).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.data.transaction.id)).size).toBe(1);
    expect((await wallet(somchai.id)).balance).toBe(somchai.balance + 321);
    expect((await history(somchai.id)).filter((t) => t.note === 'Parallel bonus')).toHaveLength(1);
  });

  it('lets exactly one of a reject and a confirm of the same pending win', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    for (let i = 0; i < 4; i++) {
      const before = await wallet(somchai.id);
      const pending = await withdraw(somchai, 1_000 + i, `race-${i}`);
      const reject = () => post(`${A}/transaction/${pending.id}/reject`, { reason: `Race ${i}` });
      const confirm = () => api.request('PATCH', `${W}/Member/${pending.id}/confirm`, { token: admin.accessToken, body: {} });
      const [a, b] = await Promise.all(i % 2 ? [reject(), confirm()] : [confirm(), reject()]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      const rejected = (await history(somchai.id)).filter((t) => t.type === 'cancel' && t.note === `Race ${i}`);
      const after = await wallet(somchai.id);
      if (rejected.length === 1) expect(after.balance).toBe(before.balance);
      else expect([rejected.length, after.balance]).toEqual([0, before.balance - 1_000 - i]);
      expect(after.pending).toBe(before.pending);
    }
    expect((await api.get(`${W}/Balance/wallet/${somchai.id}/check`, admin.accessToken)).body.data.matches).toBe(true);
  });

  it('lets parallel rejects of one pending write one cancel', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const pending = await withdraw(somchai, 250, 'race-rejects');
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(`${A}/transaction/${pending.id}/reject`, { reason: 'Parallel reject' })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect((await history(somchai.id)).filter((t) => t.note === 'Parallel reject')).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses bad amounts with their field code and moves nothing', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const bad: [string, unknown, string][] = [
      ['deposit', 0, 'outOfRange'],
      ['deposit', -100, 'outOfRange'],
      ['bonus', -1, 'outOfRange'],
      ['correction', 0, 'outOfRange'],
      ['deposit', 12.5, 'integer'],
      ['deposit', 100_000_000_001, 'outOfRange'],
      ['correction', -100_000_000_001, 'outOfRange'],
      ['deposit', 2 ** 63, 'outOfRange'],
      ['deposit', '100', 'integer'],
    ];
    for (const [kind, amount, code] of bad) {
      const res = await post(`${A}/wallet/${somchai.id}`, { kind, amount, reason: 'Bad', idempotencyKey: `bad-${kind}-${String(amount)}` });
      expect(res.status, `${kind} ${String(amount)}`).toBe(400);
      expect(res.body.errors.amount, `${kind} ${String(amount)}`).toContain(code);
    }
    const missing = await post(`${A}/wallet/${somchai.id}`, { kind: 'refund', amount: 100, reason: ' ' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['kind', 'reason']);
    const noKey = await post(`${A}/wallet/${somchai.id}`, { kind: 'deposit', amount: 100, reason: 'No key' });
    expect([noKey.status, noKey.body.errors]).toEqual([400, { idempotencyKey: ['required'] }]);
    expect((await wallet(somchai.id)).balance).toBe(somchai.balance);
  });

  it('keeps a correction above the floor the ledger allows (409), and a bonus off the platform wallet (400)', async () => {
    const somchai = await walletOf('Somchai Jaidee');
    const held = (await history(somchai.id)).filter((t) => t.status === 'Pending' && t.amount < 0).reduce((sum, t) => sum + t.amount, 0);
    const available = somchai.balance + held;
    const over = await post(`${A}/wallet/${somchai.id}`, { kind: 'correction', amount: -(available + 1), reason: 'Too much', idempotencyKey: 'floor-1' });
    expect([over.status, over.body.message]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const exact = await post(`${A}/wallet/${somchai.id}`, { kind: 'correction', amount: -available, reason: 'To the floor', idempotencyKey: 'floor-2' });
    expect(exact.status).toBe(201);
    expect(exact.body.data.wallet.balance).toBe(-held);
    const platform = (await api.get(`${W}/Balance/Admin`, admin.accessToken)).body.data[0];
    const bonus = await post(`${A}/wallet/${platform.id}`, { kind: 'bonus', amount: 100, reason: 'Self', idempotencyKey: 'self-bonus' });
    expect([bonus.status, bonus.body.errors]).toEqual([400, { kind: ['invalidTransition'] }]);
  });

  it('answers 404 for an unknown wallet or transaction, and 409 for a pending already settled', async () => {
    expect((await post(`${A}/wallet/999999`, { kind: 'deposit', amount: 100, reason: 'r', idempotencyKey: 'u-1' })).status).toBe(404);
    expect((await post(`${A}/wallet/abc`, { kind: 'deposit', amount: 100, reason: 'r', idempotencyKey: 'u-2' })).status).toBe(404);
    expect((await post(`${A}/transaction/999999/reject`, { reason: 'r' })).status).toBe(404);
    const somchai = await walletOf('Somchai Jaidee');
    await post(`${A}/wallet/${somchai.id}`, { kind: 'deposit', amount: 1_000, reason: 'Top up', idempotencyKey: 'settled-top-up' });
    const pending = await withdraw(somchai, 100, 'settled-1');
    expect((await api.request('PATCH', `${W}/Member/${pending.id}/confirm`, { token: admin.accessToken, body: {} })).status).toBe(200);
    const late = await post(`${A}/transaction/${pending.id}/reject`, { reason: 'Too late' });
    expect([late.status, late.body.message]).toEqual([409, 'TRANSACTION_NOT_PENDING']);
    expect((await api.get(`${W}/transaction/${pending.id}`, admin.accessToken)).body.data).toMatchObject({ status: 'Success', rejected: false });
    const paid = (await history(somchai.id)).find((t) => t.status === 'Success' && t.type === 'deposit')!;
    expect((await post(`${A}/transaction/${paid.id}/reject`, { reason: 'Not pending' })).status).toBe(409);
  });
});
