import fc from 'fast-check';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, shops, walletTransactions, wallets as walletRows } from '../src/db/schema';
import { cancelTransaction, deposit, requestDeposit, requestWithdrawal } from '../src/domain/ledger';
import { DEMO_WALLET_REQUESTS } from '../src/seed/wallet-requests';
import { verifyTotals } from '../src/seed/verify-totals';
import { listTransactions } from '../src/domain/wallets';
import type { ServiceScope } from '../src/domain/scope';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const W = '/api/admin/Delivery/Wallet';
const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const pendingOf = async (token: string, type: 'withdraw' | 'deposit') => (await api.get(`${W}/Member?status=Pending&type=${type}`, token)).body.data as Loose[];

describe('Wallet Monitoring', () => {
  it("lists the staff member's own area's transactions with owner, signed amount and status", async () => {
    const res = await api.get(`${W}/Member?status=Pending`, bkk.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: Loose) => [t.ownerName, t.type, t.amount])).toEqual(
      expect.arrayContaining([
        ['Somchai Jaidee', 'withdraw', -DEMO_WALLET_REQUESTS.withdrawal],
        ['Malee Srisuk', 'deposit', DEMO_WALLET_REQUESTS.pendingDeposit],
      ]),
    );
    expect(res.body.data.every((t: Loose) => t.areaId === bkk.userData.area && t.status === 'Pending')).toBe(true);
    const everyone = await api.get(`${W}/Member?status=Pending&pageSize=100`, admin.accessToken);
    // Chiang Mai's waiting withdrawal is the admin's to see, not Bangkok staff's.
    expect(everyone.body.data.some((t: Loose) => t.ownerName === 'Anong Kaewmanee')).toBe(true);
    expect(res.body.data.some((t: Loose) => t.ownerName === 'Anong Kaewmanee')).toBe(false);
  });

  it("never shows or moves a Chiang Mai wallet's money for Bangkok staff", async () => {
    const all = (await api.get(`${W}/Member?status=Pending&type=withdraw&pageSize=100`, admin.accessToken)).body.data as Loose[];
    const cnxWithdrawal = all.find((t) => t.ownerName === 'Anong Kaewmanee')!;
    expect(cnxWithdrawal).toBeDefined();
    const ref = cnxWithdrawal.id;
    const wallet = cnxWithdrawal.walletId;
    for (const path of [
      `${W}/transaction/${ref}`,
      `${W}/Balance/wallet/${wallet}`,
      `${W}/Balance/wallet/${wallet}/check`,
      `${W}/Balance/wallet/${wallet}/transactions`,
    ]) {
      expect((await api.get(path, bkk.accessToken)).status, path).toBe(404);
    }
    expect((await send('PATCH', `${W}/Member/${ref}/confirm`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${W}/transaction/${ref}`, admin.accessToken)).body.data.status).toBe('Pending');
    const csv = async (path: string) =>
      (await (await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${bkk.accessToken}` } })).text()).split(/\r?\n/).slice(1).filter(Boolean);
    const transactions = await csv(`${W}/Member/export`);
    const balances = await csv(`${W}/Balance/Member/export`);
    expect(transactions.length).toBeGreaterThan(0);
    expect(balances.length).toBeGreaterThan(0);
    expect([...transactions, ...balances].some((line) => line.includes('Chiang Mai') || line.includes('Anong Kaewmanee'))).toBe(false);
  });

  it('confirms a pending withdrawal once, however many confirm it at the same time; who and when are kept', async () => {
    const [withdrawal] = await pendingOf(bkk.accessToken, 'withdraw');
    const wallet = (await api.get(`${W}/Balance/wallet/${withdrawal.walletId}`, bkk.accessToken)).body.data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('PATCH', `${W}/Member/${withdrawal.id}/confirm`, bkk.accessToken)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.data.confirmedAt)).size).toBe(1);
    expect(answers[0]!.body.data).toMatchObject({ status: 'Success', confirmedBy: { uid: String(bkk.userData.uid) } });
    const after = (await api.get(`${W}/Balance/wallet/${withdrawal.walletId}`, bkk.accessToken)).body.data;
    expect(after.balance).toBe(wallet.balance - DEMO_WALLET_REQUESTS.withdrawal);
    expect(after.pending).toBe(wallet.pending + DEMO_WALLET_REQUESTS.withdrawal);
    expect((await api.get(`${W}/Balance/wallet/${withdrawal.walletId}/check`, bkk.accessToken)).body.data.matches).toBe(true);
    expect((await api.get(`${W}/transaction/${withdrawal.id}`, bkk.accessToken)).body.data.confirmedBy.displayName).toBeTruthy();
  });

  it('refuses to confirm what was cancelled', async () => {
    const [pendingDeposit] = await pendingOf(bkk.accessToken, 'deposit');
    await cancelTransaction(api.deps.db, Number(admin.userData.companies), Number(pendingDeposit.id), new Date());
    const res = await send('PATCH', `${W}/Member/${pendingDeposit.id}/confirm`, bkk.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('TRANSACTION_NOT_PENDING');
  });

  it('finds a deep page through the daily counts or from the nearer end: the same rows as walking the whole index', async () => {
    const db = api.deps.db;
    const [app] = await db
      .select({ appId: walletRows.appId, companyId: walletRows.companyId })
      .from(walletRows)
      .where(eq(walletRows.ownerType, 'biker'))
      .limit(1);
    const admin: ServiceScope = {
      companyId: app!.companyId,
      officeId: 1,
      userId: 1,
      role: 'admin',
      root: true,
      appId: app!.appId,
      areaId: null,
      appType: 'Delivery',
    };
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const cases = [
      { sort: 'createdAt', order: 'desc' },
      { sort: 'createdAt', order: 'asc' },
      { sort: 'createdAt', order: 'desc', type: 'pay' },
      { sort: 'amount', order: 'asc' },
      { sort: undefined, order: 'asc' },
    ] as const;
    for (const c of cases) {
      const base = { page: 1, pageSize: 10, ...c } as Parameters<typeof listTransactions>[3];
      const first = await listTransactions(db, admin, 'biker', base);
      const pages = Math.ceil(first.total / 10) + 1;
      expect(pages).toBeGreaterThan(2);
      for (let page = 1; page <= pages; page++) {
        const query = { ...base, page };
        const [near, far] = await Promise.all([
          listTransactions(db, admin, 'biker', query, Number.MAX_SAFE_INTEGER),
          listTransactions(db, admin, 'biker', query, 0),
        ]);
        expect([c, page, ids(far.rows), far.total]).toEqual([c, page, ids(near.rows), near.total]);
      }
    }
  });

  it('exports the filtered list as CSV', async () => {
    const res = await fetch(`${api.url}${W}/Member/export?status=Success`, { headers: { authorization: `Bearer ${bkk.accessToken}` } });
    const [header, ...lines] = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('id,type,status,amount,owner,ownerType,area,orderNo,createdAt,confirmedAt,confirmedBy,note');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.split(',')[2] === 'Success')).toBe(true);
  });
});

describe('Wallet Balance', () => {
  it('lists wallets by balance, highest first, and keeps areas apart', async () => {
    const res = await api.get(`${W}/Balance/Member`, bkk.accessToken);
    expect(res.status).toBe(200);
    const balances = res.body.data.map((w: Loose) => w.balance);
    expect(balances).toEqual([...balances].sort((a: number, b: number) => b - a));
    const cnxWallet = (await api.get(`${W}/Balance/Member?pageSize=100`, admin.accessToken)).body.data.find((w: Loose) => w.areaName === 'Chiang Mai');
    expect(cnxWallet).toBeDefined();
    expect((await api.get(`${W}/Balance/wallet/${cnxWallet.id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${W}/Balance/Admin`, bkk.accessToken)).body.total).toBe(0); // the platform's wallet is the admins'
    expect((await api.get(`${W}/Balance/Admin`, admin.accessToken)).body.total).toBe(1);
  });

  it('keeps every balance equal to the sum of its Success transactions through any run of operations', async () => {
    const db = api.deps.db;
    const [member] = await db
      .select({ id: members.id, appId: members.appId, areaId: members.areaId, companyId: members.companyId })
      .from(members)
      .where(and(eq(members.name, 'Malee Srisuk')))
      .limit(1);
    const place = { companyId: member!.companyId, appId: member!.appId };
    const owner = { type: 'member' as const, id: member!.id, areaId: member!.areaId };
    let serial = 0;
    const op = fc.oneof(
      fc.record({ t: fc.constant('deposit'), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ t: fc.constant('requestDeposit'), amount: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ t: fc.constant('withdraw'), amount: fc.integer({ min: 1, max: 80_000 }) }),
      fc.record({ t: fc.constant('settle'), confirm: fc.boolean(), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 40 }), async (ops) => {
        for (const o of ops) {
          serial += 1;
          const key = `prop-${serial}`;
          if (o.t === 'deposit') await deposit(db, place, owner, o.amount, key, new Date());
          else if (o.t === 'requestDeposit') await requestDeposit(db, place, owner, o.amount, key, new Date());
          else if (o.t === 'withdraw')
            await requestWithdrawal(db, place, owner, o.amount, key, new Date()).catch(() => undefined); // refused without funds
          else {
            const pending = (await api.get(`${W}/Member?status=Pending&pageSize=100`, bkk.accessToken)).body.data.filter(
              (t: Loose) => t.ownerName === 'Malee Srisuk',
            );
            if (!pending.length) continue;
            const target = pending[o.pick % pending.length];
            if (o.confirm) await send('PATCH', `${W}/Member/${target.id}/confirm`, bkk.accessToken);
            else await cancelTransaction(db, place.companyId, Number(target.id), new Date());
          }
        }
        const wallets = (await api.get(`${W}/Balance/Member?pageSize=100`, admin.accessToken)).body.data as Loose[];
        for (const w of wallets) {
          const check = (await api.get(`${W}/Balance/wallet/${w.id}/check`, admin.accessToken)).body.data;
          expect(check.matches, `wallet ${w.id}: ${check.balance} vs ${check.successSum}`).toBe(true);
        }
        // The lists' daily counts and the place copied onto each transaction follow every write and confirmation.
        expect(await verifyTotals(db)).toEqual([]);
        const total = (await api.get(`${W}/Member?pageSize=10`, admin.accessToken)).body.total;
        const [counted] = await db
          .select({ n: count() })
          .from(walletTransactions)
          .innerJoin(walletRows, eq(walletRows.id, walletTransactions.walletId))
          .where(and(eq(walletRows.appId, place.appId), eq(walletRows.ownerType, 'member')));
        expect(total).toBe(counted!.n);
      }),
      { numRuns: 5 },
    );
  });

  it('refuses staff.cnx (dashboards only) every wallet call', async () => {
    for (const [method, path] of [
      ['GET', `${W}/Member`],
      ['GET', `${W}/Member/export`],
      ['PATCH', `${W}/Member/1/confirm`],
      ['GET', `${W}/Balance/Member`],
      ['GET', `${W}/Balance/Member/export`],
      ['GET', `${W}/Balance/wallet/1`],
      ['GET', `${W}/Balance/wallet/1/check`],
      ['GET', `${W}/Balance/wallet/1/transactions`],
      ['GET', `${W}/transaction/1`],
    ] as const) {
      expect((await send(method, path, cnx.accessToken)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('a staff member allowed the member wallets only', () => {
  it("reads a member's wallet and transactions by ref, and is refused a shop's", async () => {
    const db = api.deps.db;
    const [member] = await db
      .select({ id: members.id, appId: members.appId, areaId: members.areaId, companyId: members.companyId })
      .from(members)
      .where(eq(members.name, 'Anong Kaewmanee'))
      .limit(1);
    const [shop] = await db
      .select({ id: shops.id, areaId: shops.areaId })
      .from(shops)
      .where(and(eq(shops.appId, member!.appId), eq(shops.areaId, member!.areaId)))
      .limit(1);
    const place = { companyId: member!.companyId, appId: member!.appId };
    const [memberTx] = (await deposit(db, place, { type: 'member', id: member!.id, areaId: member!.areaId }, 1_000, 'by-ref-member', new Date())).transactions;
    const [shopTx] = (await deposit(db, place, { type: 'shop', id: shop!.id, areaId: shop!.areaId }, 1_000, 'by-ref-shop', new Date())).transactions;
    const flags = { read: true, write: false, create: false, delete: false };
    const grant = ['Wallet', 'Wallet Member', 'Wallet Balance', 'Wallet Balance Member'].map((name) => ({ name: `Service Delivery ${name}`, ...flags }));
    const put = await send('PUT', `/api/admin/Users/Staff/${cnx.userData.uid}/permission`, admin.accessToken, [{ services: 'Delivery', data: grant }]);
    expect(put.status).toBe(200);

    const byRef = (tx: { id: number; walletId: number }) => [
      `${W}/transaction/${tx.id}`,
      `${W}/Balance/wallet/${tx.walletId}`,
      `${W}/Balance/wallet/${tx.walletId}/check`,
      `${W}/Balance/wallet/${tx.walletId}/transactions`,
    ];
    for (const path of byRef(memberTx!)) expect((await api.get(path, cnx.accessToken)).status, path).toBe(200);
    for (const path of byRef(shopTx!)) expect((await api.get(path, cnx.accessToken)).status, path).toBe(403);
    expect((await api.get(`${W}/Shop`, cnx.accessToken)).status).toBe(403);
    expect((await send('PATCH', `${W}/Member/${memberTx!.id}/confirm`, cnx.accessToken)).status).toBe(403); // read only
  });
});
