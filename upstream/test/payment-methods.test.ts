import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from '@contract/lifecycle';
import { methodsOf, PAYMENT_METHOD_PROVIDER } from '@contract/payments';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@contract/resources/payment-settings';
import { DEMO_MESSENGER_FEE } from '../src/seed/data';
import { areas, members, messengerFees, orders } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import { appPost, foodOrder, listOf, orderWorld, parcelOrder, type OrderWorld } from './order-support';

/**
 * A payment method is offered for an order only where the order's area has the provider behind it enabled
 * (docs/orders.md, "Payment methods and providers"); cash and wallet, which no outside provider takes, everywhere.
 */
let api: TestServer;
let w: OrderWorld;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Methods');
});
afterAll(async () => {
  await api?.close();
});

const bank = (areaId: number, provider: PaymentProvider, service = 'Delivery') => `/api/admin/${service}/Setting/Bank/${areaId}/Config/${provider}`;

/** Switches an area's provider through the admin API (Setting/Bank), keeping its other settings. */
async function setProvider(areaId: number, provider: PaymentProvider, enabled: boolean, service = 'Delivery'): Promise<void> {
  const current = (await api.get(bank(areaId, provider, service), w.admin.accessToken)).body.data;
  const { merchantId, publicKey, Short_Bank_name, Bank_name, Bank_account_number, version } = current;
  const body = { enabled, merchantId, publicKey, Short_Bank_name, Bank_name, Bank_account_number, version };
  const res = await api.request('PUT', bank(areaId, provider, service), { token: w.admin.accessToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.enabled).toBe(enabled);
}

/** A parcel order of the member by the method through the app channel, as the member app places it. */
const place = (memberId: number, method: PaymentMethod, token = w.bkk.accessToken) =>
  appPost(api, listOf('parcel'), parcelOrder(memberId, { paymentMethod: method }), token);

const orderCount = async () => (await api.deps.db.select({ n: count() }).from(orders).where(eq(orders.appId, w.deliveryApp)))[0]!.n;

describe('the payment methods and the providers behind them', () => {
  it('maps each method to one provider, each provider to one method; cash has none and wallet is the app’s own', () => {
    expect(PAYMENT_METHOD_PROVIDER).toEqual({ cash: null, wallet: 'wallet', promptpay: 'qrcode', credit_card: 'card', paypal: 'easybank' });
    expect(PAYMENT_PROVIDERS.map((p) => [p, methodsOf(p)])).toEqual([
      ['card', ['credit_card']],
      ['qrcode', ['promptpay']],
      ['easybank', ['paypal']],
    ]);
  });

  it('takes every method in an area whose providers are all enabled (the demo seed)', async () => {
    for (const method of PAYMENT_METHODS) {
      const res = await place(w.members.bkk, method);
      expect([method, res.status]).toEqual([method, 201]);
      expect(res.body.data.status).toBe(method === 'cash' ? 'member_create_order' : 'member_create_order_waiting_payment');
    }
  });

  it.each(PAYMENT_PROVIDERS)('with %s disabled in the area, refuses its method only, writes nothing, and takes it again once enabled', async (provider) => {
    await setProvider(w.bangkok, provider, false);
    try {
      const before = await orderCount();
      for (const method of PAYMENT_METHODS) {
        const res = await place(w.members.bkk, method);
        if (methodsOf(provider).includes(method)) {
          expect([method, res.status, res.body.errors]).toEqual([method, 400, { paymentMethod: ['paymentMethodUnavailable'] }]);
        } else {
          expect([method, res.status]).toEqual([method, 201]);
        }
      }
      expect(await orderCount()).toBe(before + PAYMENT_METHODS.length - 1);
      // Another area keeps its own providers: a Chiang Mai member still pays this way.
      expect((await place(w.members.cnx, methodsOf(provider)[0]!, w.cnx.accessToken)).status).toBe(201);
    } finally {
      await setProvider(w.bangkok, provider, true);
    }
    expect((await place(w.members.bkk, methodsOf(provider)[0]!)).status).toBe(201);
  });

  it('refuses food orders the same way, with the code beside the other fields’ codes', async () => {
    await setProvider(w.bangkok, 'card', false);
    try {
      const refused = await appPost(api, listOf('food'), foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'credit_card' }), w.bkk.accessToken);
      expect([refused.status, refused.body.errors]).toEqual([400, { paymentMethod: ['paymentMethodUnavailable'] }]);
      const both = await appPost(
        api,
        listOf('food'),
        foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'credit_card', discount: 99_999_999 }),
        w.bkk.accessToken,
      );
      expect(both.body.errors).toEqual({ paymentMethod: ['paymentMethodUnavailable'], discount: ['outOfRange'] });
    } finally {
      await setProvider(w.bangkok, 'card', true);
    }
  });

  it("reads the order's own app: a Marketplace area's providers do not open the Delivery app's, nor the reverse", async () => {
    await setProvider(w.marketBangkok, 'qrcode', false, 'Marketplace');
    try {
      const market = await appPost(
        api,
        listOf('parcel').replace('Delivery', 'Marketplace'),
        parcelOrder(w.members.market, { paymentMethod: 'promptpay' }),
        w.market.accessToken,
      );
      expect([market.status, market.body.errors]).toEqual([400, { paymentMethod: ['paymentMethodUnavailable'] }]);
      expect((await place(w.members.bkk, 'promptpay')).status).toBe(201);
    } finally {
      await setProvider(w.marketBangkok, 'qrcode', true, 'Marketplace');
    }
  });

  it('offers only cash and wallet in an area with no provider saved (a new area)', async () => {
    const db = api.deps.db;
    const place = { companyId: w.companyId, appId: w.deliveryApp, createdAt: new Date(), updatedAt: new Date() };
    const [area] = await db
      .insert(areas)
      .values({ ...place, name: 'Methods New Area' })
      .returning({ id: areas.id });
    // The area prices parcels (a fee table is all it has): only its missing providers can refuse a method.
    await db.insert(messengerFees).values({ ...place, areaId: area!.id, ...DEMO_MESSENGER_FEE });
    const [member] = await db
      .insert(members)
      .values({ ...place, areaId: area!.id, name: 'Methods New Member', phone: '0890000999' })
      .returning({ id: members.id });
    const answers: [PaymentMethod, number][] = [];
    for (const method of PAYMENT_METHODS) {
      const res = await appPost(api, listOf('parcel'), parcelOrder(member!.id, { paymentMethod: method }), w.admin.accessToken);
      answers.push([method, res.status]);
    }
    expect(answers).toEqual([
      ['cash', 201],
      ['promptpay', 400],
      ['wallet', 201],
      ['credit_card', 400],
      ['paypal', 400],
    ]);
  });
});
