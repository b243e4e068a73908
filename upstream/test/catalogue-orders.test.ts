import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, shops, type ProductVariant } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import { appPost, foodOrder, openAroundTheClock, orderWorld, placeOrder, type OrderWorld } from './order-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let w: OrderWorld;
let bkk: string;
let market: string;
const FOOD = '/api/admin/Delivery/Food';
const ORDERS = '/api/admin/Delivery/Orders';
const MARKET_ORDERS = '/api/admin/Marketplace/Orders';

const food = (shopId: number, extra: Record<string, unknown> = {}) => ({
  shopId: String(shopId),
  name: 'Khao soi',
  price: 6500,
  options: [
    { name: 'Regular', price: 0 },
    { name: 'Large', price: 1500 },
  ],
  addOns: [
    { name: 'Extra egg', price: 1000 },
    { name: 'Crispy noodles', price: 500 },
  ],
  ...extra,
});
const makeFood = async (shopId: number, extra: Record<string, unknown> = {}) => {
  const made = await api.post(FOOD, food(shopId, extra), bkk);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as Loose;
};

let serial = 0;
/** A Marketplace product of the test's shop, written to its table: one variant per entry. */
async function makeProduct(variants: Partial<ProductVariant>[], status: 'active' | 'hidden' = 'active') {
  const tag = `T${process.pid}-${serial++}`;
  const [row] = await api.deps.db
    .insert(products)
    .values({
      companyId: w.companyId,
      appId: w.marketApp,
      areaId: w.marketBangkok,
      shopId: w.shops.market,
      name: `Tee ${tag}`,
      status,
      variants: variants.map((v, i) => ({ sku: `${tag}-${i}`, name: `Tee ${tag} size ${i}`, price: 25_000, stock: 3, weightGram: 200, ...v })),
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  return row!;
}
const productNow = async (id: number) => (await api.deps.db.select().from(products).where(eq(products.id, id)))[0]!;
const marketOrder = (items: unknown[]) => foodOrder(w.members.market, w.shops.market, { items, carrierId: String(w.carriers.market) });
const ordersOfMember = async (memberId: number) => (await api.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.memberId, memberId))).length;

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Catalogue');
  bkk = w.bkk.accessToken;
  market = w.market.accessToken;
  await api.deps.db.update(shops).set({ limitProduct: 1000, packageId: null }).where(eq(shops.id, w.shops.bkk));
});
afterAll(async () => {
  await api?.close();
});

describe('order items that name a food', () => {
  it('take the name and price from the menu, with the chosen option and add-ons, and record the food', async () => {
    const dish = await makeFood(w.shops.bkk);
    const order = await placeOrder(
      api,
      bkk,
      'food',
      foodOrder(w.members.bkk, w.shops.bkk, {
        items: [
          { foodId: dish.id, qty: 2, options: ['Large', 'Extra egg'] },
          { foodId: dish.id, qty: 1 },
          { name: 'Thai tea', qty: 1, price: 3500 },
        ],
      }),
    );
    expect(order.items).toEqual([
      { name: 'Khao soi (Large, Extra egg)', qty: 2, price: 9000 },
      { name: 'Khao soi', qty: 1, price: 6500 },
      { name: 'Thai tea', qty: 1, price: 3500 },
    ]);
    expect(order.itemsTotal).toBe(2 * 9000 + 6500 + 3500);
    const kept = await api.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, Number(order.id)));
    expect(kept.map((i) => i.foodId)).toEqual([Number(dish.id), Number(dish.id), null]);
  });

  it('refuses a sold-out food, a food of another shop, unknown choices, and a price sent with a food', async () => {
    const dish = await makeFood(w.shops.bkk, { name: 'Pad kra pao' });
    const flipped = await api.request('PATCH', `${FOOD}/${dish.id}/availability`, { token: bkk, body: { availability: 'sold_out', version: dish.version } });
    expect(flipped.status).toBe(200);
    const before = await ordersOfMember(w.members.bkk2);
    const sold = await appPost(
      api,
      ORDERS,
      foodOrder(w.members.bkk2, w.shops.bkk, {
        items: [
          { name: 'Water', qty: 1, price: 1000 },
          { foodId: dish.id, qty: 1 },
        ],
      }),
      bkk,
    );
    expect(sold.status).toBe(400);
    expect(sold.body.errors).toEqual({ 'items.1.foodId': ['soldOut'] });
    expect(await ordersOfMember(w.members.bkk2)).toBe(before);

    const fresh = await makeFood(w.shops.bkk, { name: 'Khao pad' });
    const elsewhere = await appPost(api, ORDERS, foodOrder(w.members.bkk2, w.shops.bkk2, { items: [{ foodId: fresh.id, qty: 1 }] }), bkk);
    expect(elsewhere.body.errors).toEqual({ 'items.0.foodId': ['unknownReference'] });
    const unknown = await appPost(api, ORDERS, foodOrder(w.members.bkk2, w.shops.bkk, { items: [{ foodId: '999999', qty: 1 }] }), bkk);
    expect(unknown.body.errors).toEqual({ 'items.0.foodId': ['unknownReference'] });
    const choices = await appPost(
      api,
      ORDERS,
      foodOrder(w.members.bkk2, w.shops.bkk, {
        items: [
          { foodId: fresh.id, qty: 1, options: ['Huge'] },
          { foodId: fresh.id, qty: 1, options: ['Regular', 'Large'] },
        ],
      }),
      bkk,
    );
    expect(choices.body.errors).toEqual({ 'items.0.options': ['unknownReference'], 'items.1.options': ['overlap'] });
    const priced = await appPost(api, ORDERS, foodOrder(w.members.bkk2, w.shops.bkk, { items: [{ foodId: fresh.id, qty: 1, price: 1 }] }), bkk);
    expect(priced.body.errors).toEqual({ 'items.0.price': ['overlap'] });
    const bare = await appPost(api, ORDERS, foodOrder(w.members.bkk2, w.shops.bkk, { items: [{ qty: 1 }] }), bkk);
    expect(bare.body.errors).toEqual({ 'items.0.name': ['required'], 'items.0.price': ['required'] });
  });
});

describe('order items that name a product variant', () => {
  it('take the variant’s price, and never take its stock below zero under concurrent orders', async () => {
    const product = await makeProduct([{ stock: 3, price: 25_000 }]);
    const sku = product.variants[0]!.sku;
    const tries = await Promise.all(Array.from({ length: 8 }, () => appPost(api, MARKET_ORDERS, marketOrder([{ sku, qty: 1 }]), market)));
    const made = tries.filter((t) => t.status === 201);
    const refused = tries.filter((t) => t.status !== 201);
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body.errors).toEqual({ 'items.0.sku': ['outOfStock'] });
    expect(made[0]!.body.data.items).toEqual([{ name: product.variants[0]!.name, qty: 1, price: 25_000 }]);
    const after = await productNow(product.id);
    expect(after.variants[0]!.stock).toBe(0);
    expect(after.version).toBe(product.version + 3);
    const kept = await api.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, Number(made[0]!.body.data.id)));
    expect(kept).toMatchObject([{ productId: product.id, sku, foodId: null }]);
  });

  it('refuses more than the stock with nothing written, and a variant of a hidden product or another shop', async () => {
    const product = await makeProduct([{ stock: 2 }, { stock: 5 }]);
    const [small, big] = product.variants.map((v) => v.sku);
    const before = await ordersOfMember(w.members.market);
    const short = await appPost(
      api,
      MARKET_ORDERS,
      marketOrder([
        { sku: big, qty: 4 },
        { sku: small, qty: 2 },
        { sku: small, qty: 1 },
      ]),
      market,
    );
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ 'items.1.sku': ['outOfStock'], 'items.2.sku': ['outOfStock'] });
    expect(await ordersOfMember(w.members.market)).toBe(before);
    const untouched = await productNow(product.id);
    expect(untouched.variants.map((v) => v.stock)).toEqual([2, 5]);
    expect(untouched.version).toBe(product.version);

    const hidden = await makeProduct([{ stock: 9 }], 'hidden');
    const notShown = await appPost(api, MARKET_ORDERS, marketOrder([{ sku: hidden.variants[0]!.sku, qty: 1 }]), market);
    expect(notShown.body.errors).toEqual({ 'items.0.sku': ['unknownReference'] });
    const [otherShop] = await api.deps.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.appId, w.marketApp), eq(shops.areaId, w.marketBangkok), eq(shops.status, 'active')))
      .offset(1)
      .limit(1);
    await openAroundTheClock(api, otherShop!.id);
    const elsewhere = await appPost(
      api,
      MARKET_ORDERS,
      foodOrder(w.members.market, otherShop!.id, { items: [{ sku: small, qty: 1 }], carrierId: String(w.carriers.market) }),
      market,
    );
    expect(elsewhere.body.errors).toEqual({ 'items.0.sku': ['unknownReference'] });
  });

  it('gives the stock back once when the order is cancelled', async () => {
    const product = await makeProduct([{ stock: 5 }, { stock: 5 }]);
    const [a, b] = product.variants.map((v) => v.sku);
    const order = await placeOrder(
      api,
      market,
      'food',
      marketOrder([
        { sku: a, qty: 2 },
        { sku: b, qty: 1 },
        { sku: a, qty: 1 },
      ]),
      'Marketplace',
    );
    expect((await productNow(product.id)).variants.map((v) => v.stock)).toEqual([2, 4]);
    const cancels = await Promise.all(
      Array.from({ length: 4 }, () =>
        api.request('PATCH', `${MARKET_ORDERS}/${order.id}/cancel`, { token: w.admin.accessToken, body: { reason: 'Out of stock' } }),
      ),
    );
    expect(cancels.every((c) => c.status === 200)).toBe(true);
    expect((await productNow(product.id)).variants.map((v) => v.stock)).toEqual([5, 5]);
    // A member's cancel gives it back too.
    const second = await placeOrder(api, market, 'food', marketOrder([{ sku: b, qty: 3 }]), 'Marketplace');
    expect((await productNow(product.id)).variants.map((v) => v.stock)).toEqual([5, 2]);
    const cancelled = await appPost(api, `${MARKET_ORDERS}/${second.id}/events`, { event: 'member_cancel_order' }, market);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await productNow(product.id)).variants.map((v) => v.stock)).toEqual([5, 5]);
    const again = await appPost(api, `${MARKET_ORDERS}/${second.id}/events`, { event: 'member_cancel_order' }, market);
    expect(again.status).not.toBe(200);
    expect((await productNow(product.id)).variants.map((v) => v.stock)).toEqual([5, 5]);
  });
});
