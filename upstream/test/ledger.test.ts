import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionConfigs, members, ORDER_EVENTS, orders, type OrderEvent, type OrderStatus, type PaymentMethod } from '../src/db/schema';
import {
  applyOperation,
  bonus,
  cancelTransaction,
  commissionRates,
  confirmTransaction,
  createWallet,
  deposit,
  getOrCreateWallet,
  PLATFORM,
  requestWithdrawal,
  splitOrder,
  type WalletOwnerRef,
  type WalletPlace,
} from '../src/domain/ledger';
import { changeOrder } from '../src/domain/order-changes';
import { createOrder } from '../src/domain/order-create';
import { CREATE_EVENTS, outcomeOf, refundsWhenPaid } from '../src/domain/order-lifecycle';
import type { ServiceScope } from '../src/domain/scope';
import { ApiError } from '../src/kit/errors';
import { startTestServer, type TestServer } from './helpers';
import { DROPOFF, DROPOFF_FEE, orderWorld, PICKUP, type OrderWorld } from './order-support';
import { bandFor } from '@contract/fee-bands';
import { WEIGHT_BAND_KEYS } from '@contract/resources/messenger-fee';
import { DEMO_MESSENGER_FEE } from '../src/seed/data';

const PARCEL_FEE_500G = bandFor(DEMO_MESSENGER_FEE.bands, WEIGHT_BAND_KEYS, 500)!.price;

let api: TestServer;
let w: OrderWorld;
let place: WalletPlace;
let scope: ServiceScope;
let owners: WalletOwnerRef[];

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Ledger');
  place = { companyId: w.companyId, appId: w.deliveryApp };
  scope = {
    companyId: w.companyId,
    officeId: 0,
    userId: Number(w.admin.userData.uid),
    role: 'admin',
    root: true,
    appId: w.deliveryApp,
    areaId: null,
    appType: 'Delivery',
  };
  // Odd rates, so the split's rounding is exercised.
  await api.deps.db
    .insert(commissionConfigs)
    .values({ appId: w.deliveryApp, companyId: w.companyId, shopCommission: 1234, bikerCommission: 1777 })
    .onConflictDoUpdate({ target: commissionConfigs.appId, set: { shopCommission: 1234, bikerCommission: 1777 } });
  const at = (type: 'member' | 'shop' | 'biker', id: number): WalletOwnerRef => ({ type, id, areaId: w.bangkok });
  owners = [
    at('member', w.members.bkk),
    at('member', w.members.bkk2),
    at('shop', w.shops.bkk),
    at('shop', w.shops.bkk2),
    at('biker', w.bikers.bkk),
    at('biker', w.bikers.bkk2),
  ];
});
afterAll(async () => {
  await api?.close();
});

const now = () => api.deps.now();
let fresh = 0;
/** A member of Bangkok with no wallet yet. */
async function freshMember(): Promise<WalletOwnerRef> {
  const [row] = await api.deps.db
    .insert(members)
    .values({
      companyId: w.companyId,
      appId: w.deliveryApp,
      areaId: w.bangkok,
      name: `Ledger Fresh ${fresh}`,
      phone: `08600000${String(fresh++).padStart(2, '0')}`,
    })
    .returning({ id: members.id });
  return { type: 'member', id: row!.id, areaId: w.bangkok };
}
const db = () => api.deps.db;
const codeOf = async (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => 'ok',
    (e: unknown) => {
      if (e instanceof ApiError) return e.message;
      throw e;
    },
  );
async function walletOf(owner: WalletOwnerRef) {
  return getOrCreateWallet(db(), place, owner);
}
/** Balance minus pending debits, from the transactions themselves. */
async function available(owner: WalletOwnerRef): Promise<number> {
  const wallet = await walletOf(owner);
  const rows = (await db().execute(sql`SELECT coalesce(sum(amount) FILTER (WHERE status = 'Success'), 0)::bigint::text AS done,
    coalesce(sum(amount) FILTER (WHERE status = 'Pending' AND amount < 0), 0)::bigint::text AS pending FROM wallet_transactions WHERE wallet_id = ${wallet.id}`)) as unknown as {
    rows: { done: string; pending: string }[];
  };
  return Number(rows.rows[0]!.done) + Number(rows.rows[0]!.pending);
}
const totalBalance = async () =>
  Number(((await db().execute(sql`SELECT coalesce(sum(balance), 0)::bigint::text AS s FROM wallets`)) as unknown as { rows: { s: string }[] }).rows[0]!.s);

/** Every wallet: balance = Σ Success transactions; none below zero (balance − pending) unless it may. */
async function checkWallets(): Promise<void> {
  const rows = (await db().execute(sql`
    SELECT w.id, w.owner_type, w.balance::bigint::text AS balance, w.allow_negative,
           coalesce(sum(t.amount) FILTER (WHERE t.status = 'Success'), 0)::bigint::text AS done,
           coalesce(sum(t.amount) FILTER (WHERE t.status = 'Pending' AND t.amount < 0), 0)::bigint::text AS pending
      FROM wallets w LEFT JOIN wallet_transactions t ON t.wallet_id = w.id GROUP BY w.id`)) as unknown as {
    rows: { id: number; owner_type: string; balance: string; allow_negative: boolean; done: string; pending: string }[];
  };
  for (const r of rows.rows) {
    expect([r.id, r.balance]).toEqual([r.id, r.done]);
    if (!r.allow_negative) expect([r.id, Number(r.balance) + Number(r.pending) >= 0]).toEqual([r.id, true]);
    expect(r.allow_negative).toBe(r.owner_type === 'biker');
  }
}

describe('wallets and operations', () => {
  it("opens wallets lazily, bikers' allowed below zero, and applies a key once", async () => {
    const member = await freshMember();
    const first = await deposit(db(), place, member, 5_000, 'once', now());
    const again = await deposit(db(), place, member, 5_000, 'once', now());
    expect(first.applied).toBe(true);
    expect(again).toEqual({ ...first, applied: false });
    expect(await codeOf(deposit(db(), place, member, 9_999, 'once', now()))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await codeOf(deposit(db(), place, owners[0]!, 5_000, 'once', now()))).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await walletOf(member)).balance).toBe(5_000);
    expect((await walletOf(owners[4]!)).allowNegative).toBe(true);
    expect((await walletOf(PLATFORM)).allowNegative).toBe(false);
    const opened = await createWallet(db(), place, { type: 'member', id: w.members.cnx, areaId: w.chiangMai }, 1_200, now());
    expect(opened.result.key).toBe(`create:${opened.wallet.id}`);
    expect((await walletOf({ type: 'member', id: w.members.cnx, areaId: w.chiangMai })).balance).toBe(1_200);
    expect(await codeOf(deposit(db(), place, member, 0, 'zero', now()))).toBe('VALIDATION_ERROR');
  });

  it('keeps pending withdrawals out of the balance but counts them against it; confirm and cancel once', async () => {
    const owner = await freshMember();
    await deposit(db(), place, owner, 10_000, 'funds', now());
    const request = await requestWithdrawal(db(), place, owner, 7_000, 'w1', now());
    const pending = request.transactions[0]!;
    expect(pending).toMatchObject({ type: 'withdraw', status: 'Pending', amount: -7_000 });
    expect((await walletOf(owner)).balance).toBe(10_000);
    expect(await codeOf(requestWithdrawal(db(), place, owner, 3_001, 'w2', now()))).toBe('INSUFFICIENT_BALANCE');
    const confirmed = await confirmTransaction(db(), w.companyId, pending.id, now());
    expect(confirmed.transactions).toEqual([expect.objectContaining({ id: pending.id, status: 'Success' })]);
    expect((await walletOf(owner)).balance).toBe(3_000);
    expect((await confirmTransaction(db(), w.companyId, pending.id, now())).applied).toBe(false);
    expect(await codeOf(cancelTransaction(db(), w.companyId, pending.id, now()))).toBe('TRANSACTION_NOT_PENDING');

    const second = (await requestWithdrawal(db(), place, owner, 3_000, 'w3', now())).transactions[0]!;
    const cancelled = await cancelTransaction(db(), w.companyId, second.id, now());
    expect(cancelled.transactions.map((t) => [t.type, t.status, t.amount])).toEqual([
      ['withdraw', 'Success', -3_000],
      ['cancel', 'Success', 3_000],
    ]);
    expect((await walletOf(owner)).balance).toBe(3_000);
    expect(await codeOf(confirmTransaction(db(), w.companyId, 999_999_999, now()))).toBe('NOT_FOUND_DATA');
    await checkWallets();
  });

  it("refuses to pay out a biker's withdrawal that their wallet no longer covers; it can still be cancelled", async () => {
    const biker: WalletOwnerRef = { type: 'biker', id: w.bikers.bkkOffline, areaId: w.bangkok };
    await deposit(db(), place, biker, 1_000 + Math.max(0, -(await available(biker))), `cover-${w.bikers.bkkOffline}`, now());
    const request = (await requestWithdrawal(db(), place, biker, await available(biker), `all-${w.bikers.bkkOffline}`, now())).transactions[0]!;
    // Afterwards the biker collects cash for an order and owes its shares: bikers may go below zero.
    await db().transaction((tx) =>
      applyOperation(
        tx,
        {
          place,
          key: `cash-${w.bikers.bkkOffline}`,
          kind: 'settle',
          legs: [
            { owner: biker, type: 'pay', amount: -800 },
            { owner: PLATFORM, type: 'pay', amount: 800 },
          ],
        },
        now(),
      ),
    );
    const before = (await walletOf(biker)).balance;
    expect(await codeOf(confirmTransaction(db(), w.companyId, request.id, now()))).toBe('INSUFFICIENT_BALANCE');
    expect((await walletOf(biker)).balance).toBe(before);
    const cancelled = await cancelTransaction(db(), w.companyId, request.id, now());
    expect(cancelled.applied).toBe(true);
    expect((await walletOf(biker)).balance).toBe(before);
    await checkWallets();
  });

  it('never overdraws under concurrent withdrawals; a biker withdraws only what they have', async () => {
    const owner = await freshMember();
    await deposit(db(), place, owner, 10_000, 'burst', now());
    const biker = owners[5]!;
    const debt = await available(biker);
    if (debt > 0) await requestWithdrawal(db(), place, biker, debt, 'biker-all', now());
    expect(await codeOf(requestWithdrawal(db(), place, biker, 1, 'biker-more', now()))).toBe('INSUFFICIENT_BALANCE');
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => codeOf(requestWithdrawal(db(), place, owner, 1_000, `burst-${i}`, now()))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10);
    expect(codes.filter((c) => c === 'INSUFFICIENT_BALANCE')).toHaveLength(10);
    expect(await available(owner)).toBe(0);
    await checkWallets();
  });
});

type Op =
  | { t: 'deposit'; who: number; amount: number; replay: boolean }
  | { t: 'withdraw'; who: number; amount: number }
  | { t: 'bonus'; who: number; amount: number }
  | { t: 'settle'; pick: number; confirm: boolean }
  | { t: 'order'; kind: 'food' | 'parcel'; method: PaymentMethod; items: number[]; discount: number }
  | { t: 'step'; pick: number; choice: number; biker: number; cancel: boolean };

const amount = (max: number) => fc.integer({ min: 1, max });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('deposit' as const), who: fc.nat(5), amount: amount(50_000), replay: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('withdraw' as const), who: fc.nat(5), amount: amount(30_000) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('bonus' as const), who: fc.nat(5), amount: amount(30_000) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('settle' as const), pick: fc.nat(), confirm: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('order' as const),
      kind: fc.constantFrom('food' as const, 'parcel' as const),
      method: fc.constantFrom<PaymentMethod>('cash', 'promptpay', 'wallet', 'credit_card', 'paypal'),
      items: fc.array(amount(40_000), { minLength: 1, maxLength: 3 }),
      discount: fc.integer({ min: 0, max: 100 }),
    }),
  },
  // Mostly forward: one step in five is a cancel (or a fail), so many orders reach success.
  {
    weight: 14,
    arbitrary: fc.record({ t: fc.constant('step' as const), pick: fc.nat(), choice: fc.nat(), biker: fc.nat(1), cancel: fc.nat(4).map((n) => n === 0) }),
  },
);

describe('the ledger under 1,000 random operations', () => {
  it('keeps balance = Σ Success transactions, no forbidden negative, and money conserved', async () => {
    const rates = await commissionRates(db(), w.deliveryApp);
    const money = { in: 0, out: 0 };
    const pending: { id: number; amount: number }[] = [];
    const open: number[] = [];
    const deposits: { key: string; owner: WalletOwnerRef; amount: number }[] = [];
    const start = await totalBalance();
    let serial = 0;
    const seen = new Set<string>();
    const expectCode = (code: string, allowed: boolean, refusal: string) => expect(code).toBe(allowed ? 'ok' : refusal);

    async function run(op: Op): Promise<void> {
      const owner = 'who' in op ? owners[op.who]! : PLATFORM;
      if (op.t === 'deposit') {
        const before = await totalBalance();
        if (op.replay && deposits.length) {
          // The same deposit sent again changes nothing; its key reused for another amount is refused.
          const first = deposits[serial % deposits.length]!;
          expect((await deposit(db(), place, first.owner, first.amount, first.key, now())).applied).toBe(false);
          expect(await codeOf(deposit(db(), place, owner, first.amount + op.amount, first.key, now()))).toBe('IDEMPOTENCY_KEY_REUSED');
          expect(await totalBalance()).toBe(before);
        } else {
          const key = `p${serial}`;
          expect((await deposit(db(), place, owner, op.amount, key, now())).applied).toBe(true);
          money.in += op.amount;
          deposits.push({ key, owner, amount: op.amount });
        }
      } else if (op.t === 'withdraw') {
        const allowed = op.amount <= (await available(owner));
        const code = await codeOf(
          requestWithdrawal(db(), place, owner, op.amount, `p${serial}`, now()).then((r) => pending.push({ id: r.transactions[0]!.id, amount: op.amount })),
        );
        expectCode(code, allowed, 'INSUFFICIENT_BALANCE');
      } else if (op.t === 'bonus') {
        const allowed = op.amount <= (await available(PLATFORM));
        expectCode(await codeOf(bonus(db(), place, owner, op.amount, `p${serial}`, now())), allowed, 'INSUFFICIENT_BALANCE');
      } else if (op.t === 'settle') {
        if (!pending.length) return;
        const [tx] = pending.splice(op.pick % pending.length, 1);
        await (op.confirm ? confirmTransaction : cancelTransaction)(db(), w.companyId, tx!.id, now());
        if (op.confirm) money.out += tx!.amount;
      } else if (op.t === 'order') {
        const items = op.kind === 'food' ? op.items : [];
        const itemsTotal = items.reduce((s, p) => s + p, 0);
        // The Platform API prices the delivery (the area's tables), whatever fee the app sends: a parcel of 500 g, a food
        // order from the shop to DROPOFF.
        const fee = op.kind === 'parcel' ? PARCEL_FEE_500G : DROPOFF_FEE;
        const discount = Math.floor((splitOrder(itemsTotal, fee, 0, rates).app * op.discount) / 100);
        const change = await createOrder(
          db(),
          scope,
          op.kind,
          {
            memberId: String(w.members.bkk2),
            shopId: op.kind === 'food' ? String(w.shops.bkk) : undefined,
            items: items.map((price) => ({ name: 'Dish', qty: 1, price })),
            discount,
            paymentMethod: op.method,
            pickup: PICKUP,
            dropoff: DROPOFF,
            ...(op.kind === 'parcel' ? { senderName: 'S', senderPhone: '0811111111', receiverName: 'R', receiverPhone: '0822222222', weightGram: 500 } : {}),
          },
          now(),
        );
        open.push(change.orderId);
      } else {
        if (!open.length) return;
        const id = open[op.pick % open.length]!;
        const [order] = await db().select().from(orders).where(eq(orders.id, id));
        const allowed = ORDER_EVENTS.filter((e) => !(CREATE_EVENTS as readonly string[]).includes(e) && outcomeOf(order!.kind, order!.status, e) === 'allowed');
        if (!allowed.length) return void open.splice(open.indexOf(id), 1);
        const ending = allowed.filter((e) => refundsWhenPaid(e));
        const events = op.cancel && ending.length ? ending : allowed.filter((e) => !refundsWhenPaid(e)).concat(allowed.length === ending.length ? ending : []);
        await step(id, events[op.choice % events.length]!, op.biker);
      }
    }

    /** One lifecycle event on an order, with what it must do to the money and the status. */
    async function step(id: number, event: OrderEvent, bikerPick = 0): Promise<void> {
      const [order] = await db().select().from(orders).where(eq(orders.id, id));
      const bikers = [w.bikers.bkk, w.bikers.bkk2].filter((b) => b !== order!.bikerId);
      const member = { type: 'member' as const, id: order!.memberId, areaId: order!.areaId };
      const covered = event !== 'member_create_order_payment_success' || order!.paymentMethod !== 'wallet' || order!.total <= (await available(member));
      const code = await codeOf(changeOrder(db(), scope, id, undefined, { event, by: 'app', bikerId: bikers[bikerPick % bikers.length] }, now()));
      expectCode(code, covered, 'INSUFFICIENT_BALANCE');
      if (code === 'ok' && event === 'member_create_order_payment_success' && order!.paymentMethod !== 'wallet') money.in += order!.total;
      if (code === 'ok') seen.add(event === 'success' || event === 'fail' || refundsWhenPaid(event) ? `${event}:${order!.paymentStatus}` : event);
      const [after] = await db().select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, id));
      expect(after!.status).toBe(code === 'ok' && event !== 'biker_change' ? event : (order!.status as OrderStatus));
      if (['fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order'].includes(after!.status)) {
        expect(after!.paymentStatus).toBe(order!.paymentStatus === 'paid' ? 'refunded' : 'unpaid');
      }
    }

    /** A new order of the run, driven through the given events. */
    async function walk(order: Omit<Extract<Op, { t: 'order' }>, 't'>, events: OrderEvent[]): Promise<void> {
      serial += 1;
      await run({ t: 'order', ...order });
      const id = open.at(-1)!;
      for (const event of events) await step(id, event);
    }

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1000, maxLength: 1000 }), async (ops) => {
        for (const op of ops) {
          serial += 1;
          await run(op);
          if (serial % 250 === 0) await checkWallets();
        }
      }),
      { numRuns: 1, endOnFailure: true },
    );

    // Whatever the random run reached, these paths are walked too: cash and paid settlements, a biker change, a refund.
    const road: OrderEvent[] = ['biker_receive_order', 'biker_to_shop', 'food_otw', 'biker_to_member'];
    await walk({ kind: 'food', method: 'cash', items: [12_345], discount: 50 }, [
      'shop_receive_order',
      ...road.slice(0, 2),
      'biker_change',
      ...road.slice(2),
      'success',
    ]);
    await walk({ kind: 'parcel', method: 'credit_card', items: [], discount: 0 }, ['member_create_order_payment_success', ...road, 'success']);
    await walk({ kind: 'food', method: 'promptpay', items: [9_999], discount: 0 }, [
      'member_create_order_payment_success',
      'shop_receive_order',
      'admin_cancel_order',
    ]);

    await checkWallets();
    expect((await totalBalance()) - start).toBe(money.in - money.out);
    expect(money.in).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual(expect.arrayContaining(['success:paid', 'success:unpaid', 'biker_change']));
    expect([...seen]).toContain('admin_cancel_order:paid');
    // A refunded order has exactly one refund leg per side (platform −total, member +total), whatever was sent.
    const refunds = (await db().execute(sql`SELECT t.order_id, count(*)::int AS legs, sum(t.amount)::int8::text AS net, min(o.total) AS total
      FROM wallet_transactions t JOIN orders o ON o.id = t.order_id WHERE t.type = 'refund' GROUP BY t.order_id
      HAVING count(*) <> 2 OR sum(t.amount) <> 0 OR max(t.amount) <> min(o.total)`)) as unknown as { rows: unknown[] };
    expect(refunds.rows).toEqual([]);
  }, 240_000);
});
