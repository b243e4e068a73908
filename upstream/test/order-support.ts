import { and, eq, sql } from 'drizzle-orm';
import { apps, areas, bikerConfigs, bikers, carriers, members, orders, shippingRates, shopHours, shops, users, type BikerPresence } from '../src/db/schema';
import { currencyCodeOf } from '../src/domain/currency';
import { grantService } from '../src/domain/permissions';
import { distanceMetres, priceByDistance } from '../src/domain/pricing/rules';
import { DEMO_SHIPPING_RATE } from '../src/seed/data';
import { shopPosition } from '../src/seed/shops';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { PAYMENT_SIGNATURE_HEADER, paymentSignature, providerOf, type PaymentCallback } from '@contract/payments';
import { DEMO, TEST_APP_API_KEY, TEST_PAYMENT_WEBHOOK_SECRET, type TestServer } from './helpers';

/**
 * What the order tests share: the demo logins, the demo tenant's ids, and members and bikers of their own (so the
 * seeded order history, whatever its size, never changes what a test counts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface OrderWorld {
  admin: Loose;
  bkk: Loose;
  cnx: Loose;
  market: Loose;
  companyId: number;
  deliveryApp: number;
  marketApp: number;
  bangkok: number;
  chiangMai: number;
  marketBangkok: number;
  /** Shops: two in Bangkok, one in Chiang Mai (Delivery), one in the Marketplace. */
  shops: { bkk: number; bkk2: number; cnx: number; market: number };
  members: { bkk: number; bkk2: number; cnx: number; market: number };
  bikers: { bkk: number; bkk2: number; bkkOffline: number; cnx: number };
  /** An open carrier of the Marketplace's Bangkok area (Marketplace orders ship with one). */
  carriers: { market: number };
  /** Phone of `members.bkk`. */
  phone: string;
}

let serial = 0;
const phoneOf = () => `089${String(process.pid % 10_000).padStart(4, '0')}${String(serial++).padStart(3, '0')}`;

async function idOf(query: Promise<{ id: number }[]>): Promise<number> {
  const [row] = await query;
  if (!row) throw new Error('demo row missing');
  return row.id;
}

/** More orders at once than any suite gives one biker. */
export const UNLIMITED_TASKS = 10_000;

/** Logs in the demo users, gives staff.cnx the Delivery flags (read, write, create) and adds the test's people. */
export async function orderWorld(api: TestServer, tag: string): Promise<OrderWorld> {
  const db = api.deps.db;
  const cnxUser = await idOf(db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.cnx.username)));
  await grantService(db, cnxUser, 'Delivery', { read: true, write: true, create: true, delete: false });
  const [admin, bkk, cnx, market] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx), api.login(DEMO.market)]);
  const companyId = Number(admin.userData.companies);
  const appOf = (type: 'Delivery' | 'Marketplace') =>
    idOf(
      db
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.companyId, companyId), eq(apps.appType, type))),
    );
  const [deliveryApp, marketApp] = await Promise.all([appOf('Delivery'), appOf('Marketplace')]);
  // These suites drive many orders through a few bikers of their own and leave some on their way: the limit of tasks
  // at once (Config/Biker) is lifted for them; `order-flow.test.ts` ("tasks at once") tests the limit itself.
  await db.update(bikerConfigs).set({ maxTasks: UNLIMITED_TASKS }).where(eq(bikerConfigs.appId, deliveryApp));
  const areaOf = (appId: number, name: string) =>
    idOf(
      db
        .select({ id: areas.id })
        .from(areas)
        .where(and(eq(areas.appId, appId), eq(areas.name, name))),
    );
  const [bangkok, chiangMai, marketBangkok] = await Promise.all([
    areaOf(deliveryApp, 'Bangkok'),
    areaOf(deliveryApp, 'Chiang Mai'),
    areaOf(marketApp, 'Bangkok'),
  ]);
  // Shops that take orders at any hour (the seed keeps them: active, public, open around the clock, no TimeShop week),
  // so the suites pass whatever the time of day; opening hours are tested on shops of their own (opening-hours.test.ts).
  const shopIn = (appId: number, areaId: number, offset: number) =>
    idOf(
      db
        .select({ id: shops.id })
        .from(shops)
        .where(
          and(
            eq(shops.appId, appId),
            eq(shops.areaId, areaId),
            eq(shops.status, 'active'),
            eq(shops.public, true),
            eq(shops.openTime, shops.closeTime),
            sql`${shops.deletedAt} IS NULL`,
            sql`NOT EXISTS (SELECT 1 FROM shop_hours h WHERE h.shop_id = ${shops.id} AND h.deleted_at IS NULL)`,
          ),
        )
        .orderBy(shops.id)
        .offset(offset)
        .limit(1),
    );
  const place = (appId: number, areaId: number) => ({ companyId, appId, areaId, createdAt: new Date(), updatedAt: new Date() });
  const member = (appId: number, areaId: number, phone = phoneOf()) =>
    idOf(
      db
        .insert(members)
        .values({ ...place(appId, areaId), name: `${tag} Member ${phone.slice(-3)}`, phone })
        .returning({ id: members.id }),
    );
  const biker = (areaId: number, presence: BikerPresence) =>
    idOf(
      db
        .insert(bikers)
        .values({ ...place(deliveryApp, areaId), name: `${tag} Biker ${serial++}`, phone: phoneOf(), presence })
        .returning({ id: bikers.id }),
    );
  const phone = phoneOf();
  const carrier = await idOf(
    db
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.areaId, marketBangkok), eq(carriers.status, 'active'), sql`${carriers.deletedAt} IS NULL`))
      .orderBy(carriers.id)
      .limit(1),
  );
  return {
    admin,
    bkk,
    cnx,
    market,
    companyId,
    deliveryApp,
    marketApp,
    bangkok,
    chiangMai,
    marketBangkok,
    phone,
    carriers: { market: carrier },
    shops: {
      bkk: await shopIn(deliveryApp, bangkok, 0),
      bkk2: await shopIn(deliveryApp, bangkok, 1),
      cnx: await shopIn(deliveryApp, chiangMai, 0),
      market: await shopIn(marketApp, marketBangkok, 0),
    },
    members: {
      bkk: await member(deliveryApp, bangkok, phone),
      bkk2: await member(deliveryApp, bangkok),
      cnx: await member(deliveryApp, chiangMai),
      market: await member(marketApp, marketBangkok),
    },
    bikers: {
      bkk: await biker(bangkok, 'online'),
      bkk2: await biker(bangkok, 'away'),
      bkkOffline: await biker(bangkok, 'offline'),
      cnx: await biker(chiangMai, 'online'),
    },
  };
}

/** Makes a shop take orders at any hour: active, public, open around the clock, without a TimeShop week. */
export async function openAroundTheClock(api: TestServer, shopId: number): Promise<void> {
  const db = api.deps.db;
  await db.update(shops).set({ status: 'active', public: true, openTime: '00:00', closeTime: '00:00' }).where(eq(shops.id, shopId));
  await db.delete(shopHours).where(eq(shopHours.shopId, shopId));
}

/**
 * Runs `check` while every band of the area's delivery fee tables is free (`freeDelivery`), then puts the bands back.
 */
export async function withFreeDelivery(api: TestServer, areaId: number, check: () => Promise<void>): Promise<void> {
  const db = api.deps.db;
  const tables = await db.select({ id: shippingRates.id, bands: shippingRates.bands }).from(shippingRates).where(eq(shippingRates.areaId, areaId));
  for (const t of tables)
    await db
      .update(shippingRates)
      .set({ bands: t.bands.map((b) => ({ ...b, freeDelivery: true })) })
      .where(eq(shippingRates.id, t.id));
  try {
    await check();
  } finally {
    for (const t of tables) await db.update(shippingRates).set({ bands: t.bands }).where(eq(shippingRates.id, t.id));
  }
}

/** A Bangkok drop-off, about 3.2 km from the Bangkok demo shops (the seeded table's 3–5 km band). */
export const DROPOFF = { address: '99 Sukhumvit Road', lat: '13.7367', lng: '100.5232' };
/** What the seeded Bangkok table charges a food order from the first Bangkok demo shop (`shops.bkk`) to `DROPOFF`. */
export const DROPOFF_FEE = (() => {
  const shop = shopPosition('Bangkok', 1000);
  const metres = distanceMetres({ lat: Number(shop.lat), lng: Number(shop.lng) }, { lat: Number(DROPOFF.lat), lng: Number(DROPOFF.lng) });
  const price = priceByDistance(DEMO_SHIPPING_RATE, metres, 'km');
  if (!price.ok) throw new Error('DROPOFF is past the seeded delivery distance');
  return price.fee;
})();
/** A Chiang Mai drop-off, about 2 km from the Chiang Mai demo shop: a Bangkok one is far past any delivery distance. */
export const CNX_DROPOFF = { address: '1 Nimmanhaemin Road', lat: '18.7960', lng: '98.9680' };
export const PICKUP = { address: '1 Silom Road', lat: '13.7290', lng: '100.5340' };

/** A food order body: two dishes of 60 baht, 30 baht delivery. */
export const foodOrder = (memberId: number, shopId: number, extra: Record<string, unknown> = {}) => ({
  memberId: String(memberId),
  shopId: String(shopId),
  items: [{ name: 'Pad Thai', qty: 2, price: 6000 }],
  deliveryFee: 3000,
  paymentMethod: 'cash',
  dropoff: DROPOFF,
  ...extra,
});

/** A parcel order body: 2.5 kg, 45 baht delivery. */
export const parcelOrder = (memberId: number, extra: Record<string, unknown> = {}) => ({
  memberId: String(memberId),
  deliveryFee: 4500,
  paymentMethod: 'cash',
  pickup: PICKUP,
  dropoff: DROPOFF,
  senderName: 'Sender One',
  senderPhone: '0811111111',
  receiverName: 'Receiver Two',
  receiverPhone: '0822222222',
  weightGram: 2500,
  ...extra,
});

export const listOf = (kind: 'food' | 'parcel') => (kind === 'food' ? '/api/admin/Delivery/Orders' : '/api/admin/Delivery/OrdersMessenger');

/** A call of the member, shop or biker app: the same path on the app channel, with its key. */
export function appPost(api: TestServer, adminPath: string, body: unknown, token: string) {
  return api.request('POST', adminPath.replace('/api/admin/', '/api/app/'), { token, body, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } });
}

/**
 * The body a payment provider sends for an order: the provider behind its method (card for cash, which has none),
 * its total and the app's currency; `change` alters any of it.
 */
export async function callbackFor(api: TestServer, kind: 'food' | 'parcel', id: string, change: Partial<PaymentCallback> = {}): Promise<PaymentCallback> {
  const db = api.deps.db;
  const [order] = await db
    .select({ method: orders.paymentMethod, total: orders.total, appId: orders.appId })
    .from(orders)
    .where(eq(orders.id, Number(id)));
  return {
    orderId: id,
    kind,
    provider: (order && providerOf(order.method)) ?? 'card',
    reference: `PAY-${id}`,
    amount: order?.total ?? 1,
    currency: order ? await currencyCodeOf(db, order.appId) : 'THB',
    status: 'success',
    ...change,
  };
}

/** Sends a callback body signed with the secret (the platform-wide one unless given). */
export async function sendCallback(api: TestServer, body: unknown, secret = TEST_PAYMENT_WEBHOOK_SECRET) {
  const raw = JSON.stringify(body);
  return api.request('POST', '/api/payments/callback', {
    raw,
    headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: await paymentSignature(secret, raw) },
  });
}

/** The payment provider's signed callback for an order. */
export async function payOrder(api: TestServer, kind: 'food' | 'parcel', id: string, secret = TEST_PAYMENT_WEBHOOK_SECRET) {
  return sendCallback(api, await callbackFor(api, kind, id), secret);
}

/** One lifecycle event as its sender sends it: a payment through the provider's callback, the rest on the app channel. */
export async function sendEvent(api: TestServer, token: string, kind: 'food' | 'parcel', id: string, body: { event: string; bikerId?: string; note?: string }) {
  if (body.event !== 'member_create_order_payment_success') return appPost(api, `${listOf(kind)}/${id}/events`, body, token);
  const paid = await payOrder(api, kind, id);
  if (paid.status !== 200) return paid;
  return api.get(`${listOf(kind)}/${id}`, token);
}

/** Creates an order through the API and answers its detail (throws unless 201). */
export async function placeOrder(api: TestServer, token: string, kind: 'food' | 'parcel', body: unknown, service = 'Delivery'): Promise<Loose> {
  const res = await appPost(api, listOf(kind).replace('Delivery', service), body, token);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A food order's whole way to `success` with the biker taking it. */
export const foodToSuccess = (bikerId: number) => [
  'shop_receive_order',
  { event: 'biker_receive_order', bikerId },
  'biker_to_shop',
  'food_otw',
  'biker_to_member',
  'success',
];

/** Sends lifecycle events in turn; throws at the first that is not 200. */
export async function drive(
  api: TestServer,
  token: string,
  kind: 'food' | 'parcel',
  id: string,
  events: (string | { event: string; bikerId?: number })[],
): Promise<Loose> {
  let last: Loose = null;
  for (const step of events) {
    const body = typeof step === 'string' ? { event: step } : { ...step, bikerId: step.bikerId === undefined ? undefined : String(step.bikerId) };
    const res = await sendEvent(api, token, kind, id, body);
    if (res.status !== 200) throw new Error(`${body.event} failed: ${res.status} ${JSON.stringify(res.body)}`);
    last = res.body.data;
  }
  return last;
}
