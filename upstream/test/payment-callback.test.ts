import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentCallback } from '@contract/payments';
import { orderPayments, walletTransactions } from '../src/db/schema';
import { startTestServer, TEST_PAYMENT_WEBHOOK_SECRET, type TestServer } from './helpers';
import { callbackFor, listOf, orderWorld, parcelOrder, payOrder, placeOrder, sendCallback, type OrderWorld } from './order-support';

/**
 * The payment provider's callback (docs/orders.md): the amount and currency must be the order's total and the app's
 * currency, a provider reference pays one order only (the database's unique index decides, also between callbacks
 * racing), and a refusal changes nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let serial = 0;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Callback');
});
afterAll(async () => {
  await api?.close();
});

/** A new Bangkok parcel order of 45 baht waiting for its payment (PromptPay unless told). */
const waiting = (paymentMethod = 'promptpay') => placeOrder(api, w.bkk.accessToken, 'parcel', parcelOrder(w.members.bkk, { paymentMethod }));
const detail = async (id: string): Promise<Loose> => (await api.get(`${listOf('parcel')}/${id}`, w.bkk.accessToken)).body.data;
const legs = async (id: string) =>
  (
    await api.deps.db
      .select({ n: count() })
      .from(walletTransactions)
      .where(eq(walletTransactions.orderId, Number(id)))
  )[0]!.n;
const payments = async (id: string) =>
  api.deps.db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.orderId, Number(id)));
const send = async (id: string, change: Partial<PaymentCallback> = {}) => sendCallback(api, await callbackFor(api, 'parcel', id, change));

/** The order's detail, its ledger legs and its payment rows, to show a refusal changed nothing. */
const snapshot = async (id: string) => ({ detail: await detail(id), legs: await legs(id), payments: await payments(id) });

describe('the amount and the currency', () => {
  it('refuses a callback for another amount or currency with 409, changing nothing (the order, its ledger)', async () => {
    const order = await waiting();
    expect(order.total).toBe(4_500);
    const before = await snapshot(order.id);
    for (const change of [{ amount: 1, currency: 'USD' }, { amount: 1 }, { amount: 4_499 }, { amount: 4_501 }, { currency: 'USD' }]) {
      const res = await send(order.id, change);
      expect([JSON.stringify(change), res.status, res.body.message]).toEqual([JSON.stringify(change), 409, 'PAYMENT_AMOUNT_MISMATCH']);
    }
    expect(await snapshot(order.id)).toEqual(before);
    expect(before.detail).toMatchObject({ status: 'member_create_order_waiting_payment', paymentStatus: 'unpaid' });

    const paid = await send(order.id, { amount: 4_500, currency: 'THB' });
    expect(paid.body.data).toEqual({ orderId: order.id, status: 'member_create_order_payment_success', paymentStatus: 'paid' });
    expect(await payments(order.id)).toMatchObject([{ provider: 'qrcode', reference: `PAY-${order.id}`, amount: 4_500, currency: 'THB' }]);
  });

  it("follows the app's currency code (Currency): once it is USD, a THB callback is refused and a USD one pays", async () => {
    const C = '/api/admin/Delivery/Currency';
    const setCode = async (code: string) => {
      const current = (await api.get(C, w.admin.accessToken)).body.data;
      const { word, decimals, thousands, decimal, version } = current;
      const res = await api.request('PUT', C, { token: w.admin.accessToken, body: { word, decimals, thousands, decimal, code, version } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.code;
    };
    const order = await waiting();
    expect(await setCode('usd')).toBe('USD');
    try {
      const before = await snapshot(order.id);
      const thb = await send(order.id, { currency: 'THB' });
      expect([thb.status, thb.body.message]).toEqual([409, 'PAYMENT_AMOUNT_MISMATCH']);
      expect(await snapshot(order.id)).toEqual(before);
      expect((await send(order.id, { currency: 'USD' })).body.data.paymentStatus).toBe('paid');
    } finally {
      expect(await setCode('THB')).toBe('THB');
    }
  });

  it('refuses a callback from a provider other than the one behind the method, and any for a cash order', async () => {
    const order = await waiting('promptpay');
    const before = await snapshot(order.id);
    for (const provider of ['card', 'easybank', 'wallet'] as const) {
      const res = await send(order.id, { provider });
      expect([provider, res.status, res.body.message]).toEqual([provider, 409, 'PAYMENT_PROVIDER_MISMATCH']);
    }
    expect(await snapshot(order.id)).toEqual(before);
    const cash = await waiting('cash');
    for (const provider of ['card', 'qrcode', 'easybank', 'wallet'] as const) {
      const res = await send(cash.id, { provider });
      expect([provider, res.status, res.body.message]).toEqual([provider, 409, 'ORDER_TRANSITION_REFUSED']);
    }
    // Each method's own provider pays it.
    for (const [method, provider] of [
      ['credit_card', 'card'],
      ['paypal', 'easybank'],
    ] as const) {
      const other = await waiting(method);
      expect((await send(other.id, { provider })).body.data.paymentStatus).toBe('paid');
    }
  });
});

describe('the provider reference', () => {
  it('pays one order only: the same reference for another order is 409 and changes nothing; the same callback again answers the same', async () => {
    const [first, second] = [await waiting(), await waiting()];
    const reference = `REF-ONCE-${serial++}`;
    const paid = await send(first.id, { reference });
    expect(paid.status).toBe(200);
    const paidLegs = await legs(first.id);

    const before = await snapshot(second.id);
    const reused = await send(second.id, { reference });
    expect([reused.status, reused.body.message]).toEqual([409, 'PAYMENT_REFERENCE_USED']);
    expect(await snapshot(second.id)).toEqual(before);

    // The provider retries: the same answer, nothing moves.
    const again = await send(first.id, { reference });
    expect(again.body).toEqual(paid.body);
    expect(await legs(first.id)).toBe(paidLegs);
    // The same order again under another reference, amount or provider is no retry.
    expect((await send(first.id, { reference: `${reference}-B` })).body.message).toBe('ORDER_TRANSITION_REFUSED');
    expect((await send(first.id, { reference, amount: 4_400 })).body.message).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect((await send(first.id, { reference, provider: 'card' })).body.message).toBe('ORDER_TRANSITION_REFUSED');
    expect(await legs(first.id)).toBe(paidLegs);
    expect((await detail(first.id)).events.filter((e: Loose) => e.event === 'member_create_order_payment_success')).toHaveLength(1);

    // A reference is a provider's own: the card provider's reference of the same text pays a card order.
    const card = await waiting('credit_card');
    expect((await send(card.id, { reference })).status).toBe(200);
  });

  it('two callbacks with one reference for two orders at once: exactly one pays', async () => {
    for (let round = 0; round < 5; round++) {
      const pair = await Promise.all([waiting(), waiting()]);
      const reference = `REF-RACE-${serial++}`;
      const answers = await Promise.all(pair.map((o) => send(o.id, { reference })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe('PAYMENT_REFERENCE_USED');
      const states = await Promise.all(pair.map((o) => detail(o.id)));
      expect(states.map((d) => d.paymentStatus).sort()).toEqual(['paid', 'unpaid']);
      const loser = pair[answers.findIndex((a) => a.status === 409)]!;
      expect([await legs(loser.id), await payments(loser.id)]).toEqual([0, []]);
      const rows = await api.deps.db.select({ n: count() }).from(orderPayments).where(eq(orderPayments.reference, reference));
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('a wallet payment the member cannot cover is refused and leaves its reference unused', async () => {
    // members.bkk2 has no money in its wallet.
    const order = await placeOrder(api, w.bkk.accessToken, 'parcel', parcelOrder(w.members.bkk2, { paymentMethod: 'wallet' }));
    const res = await payOrder(api, 'parcel', order.id, TEST_PAYMENT_WEBHOOK_SECRET);
    expect([res.status, res.body.message]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await payments(order.id)).toEqual([]);
    // The reference is still free for the order it was meant for.
    const other = await waiting();
    expect((await send(other.id, { reference: `PAY-${order.id}` })).status).toBe(200);
  });
});
