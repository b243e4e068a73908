import { expect, request, type APIRequestContext } from '@playwright/test';
import { APP_KEY_HEADER } from '../../contract/app-channel';
import { PAYMENT_METHOD_PROVIDER, PAYMENT_SIGNATURE_HEADER, paymentSignature } from '../../contract/payments';
import { DEFAULT_CURRENCY_CODE } from '../../contract/resources/currency';
import { API_URL, E2E } from '../../playwright.config';
import { apiLogin } from './platform-api';
import { USERS, type Role } from './users';

/**
 * Arranging orders straight on the Platform API (docs/orders.md section 4) as the member, shop and biker apps do (the
 * app channel, with its key) and as the payment provider does (its signed callback).
 */

export interface OrderDetail {
  id: string;
  orderNo: string;
  kind: string;
  status: string;
  total: number;
  refundOnCancel: number;
  memberId: string;
  memberName: string;
  shopId: string | null;
  /** Where the biker picks the order up (the shop). */
  pickup: { address: string; lat: string; lng: string };
  deliveryFee: number;
  /** How the Platform API priced the delivery (docs/orders.md section 4, "Delivery pricing"). */
  delivery?: { distanceM: number | null; estimateMinutes: number | null } | null;
}

interface OrderRow {
  id: string;
  orderNo: string;
  memberId: string;
  shopId: string | null;
  areaName: string | null;
}

async function as<T>(role: Role, run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const { username, password } = USERS[role];
  const login = await apiLogin(username, password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

/** The app channel's path and key for a back-office path. */
const appCall = (api: APIRequestContext, adminPath: string, data: unknown) =>
  api.post(adminPath.replace('/api/admin/', '/api/app/'), { data, headers: { [APP_KEY_HEADER]: E2E.appApiKey } });

/** The QR-code provider's signed callback for a PromptPay food order: its total, in the app's currency (Baht). */
async function providerPays(api: APIRequestContext, order: { id: string; total: number }) {
  const raw = JSON.stringify({
    orderId: order.id,
    kind: 'food',
    provider: PAYMENT_METHOD_PROVIDER.promptpay,
    reference: `E2E-${order.id}`,
    amount: order.total,
    currency: DEFAULT_CURRENCY_CODE,
    status: 'success',
  });
  return api.post('/api/payments/callback', {
    data: raw,
    headers: { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: await paymentSignature(E2E.paymentWebhookSecret, raw) },
  });
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A Bangkok demo shop the seed keeps active, public and open around the clock (README, Shop Management), so an order
 * placed at it is taken at any hour.
 */
export const ALWAYS_OPEN_SHOP = 'Siam Noodle House';

/** A Bangkok member of the Delivery app, read off a Bangkok food order staff.bkk can see, and the always-open shop. */
export async function bangkokMemberAndShop(): Promise<{ memberId: string; shopId: string }> {
  return as('bkk', async (api) => {
    const rows = await json<OrderRow[]>(await api.get('/api/admin/Delivery/Orders', { params: { page: 1, pageSize: 10 } }), 200);
    const row = rows.find((r) => r.shopId && r.areaName === 'Bangkok');
    expect(row, 'a seeded Bangkok food order').toBeTruthy();
    const shops = await json<{ id: string; name: string }[]>(await api.get('/api/admin/Delivery/Shop', { params: { q: ALWAYS_OPEN_SHOP } }), 200);
    const shop = shops.find((s) => s.name === ALWAYS_OPEN_SHOP);
    expect(shop, ALWAYS_OPEN_SHOP).toBeTruthy();
    return { memberId: String(row!.memberId), shopId: String(shop!.id) };
  });
}

/** A cash food order placed as the member app places it (its body's fields over two 60-baht dishes): its detail. */
export async function placeFoodOrder(body: Record<string, unknown>): Promise<OrderDetail> {
  return as('admin', async (api) =>
    json<OrderDetail>(
      await appCall(api, '/api/admin/Delivery/Orders', { items: [{ name: 'E2E Pad Kra Pao', qty: 2, price: 6_000 }], paymentMethod: 'cash', ...body }),
      201,
    ),
  );
}

/** A food order of a Bangkok member at a Bangkok shop, paid by PromptPay: created, then paid through the events call, as admin. */
export async function arrangePaidFoodOrder(): Promise<OrderDetail> {
  const { memberId, shopId } = await bangkokMemberAndShop();
  return as('admin', async (api) => {
    const created = await json<OrderDetail>(
      await appCall(api, '/api/admin/Delivery/Orders', {
        memberId,
        shopId,
        items: [{ name: 'E2E Pad Thai', qty: 2, price: 6_000 }],
        discount: 500,
        paymentMethod: 'promptpay',
        dropoff: { address: 'E2E drop-off, Lumphini', lat: 13.7307, lng: 100.5418 },
        note: 'e2e',
      }),
      201,
    );
    expect(created.status).toBe('member_create_order_waiting_payment');
    expect((await providerPays(api, created)).status()).toBe(200);
    const paid = await json<OrderDetail>(await api.get(`/api/admin/Delivery/Orders/${created.id}`), 200);
    expect(paid.status).toBe('member_create_order_payment_success');
    expect(paid.refundOnCancel).toBe(paid.total);
    return paid;
  });
}

type Presence = 'online' | 'away' | 'dnd' | 'offline';
interface Biker {
  id: string;
  presence: Presence;
}

/** The active Bangkok bikers of the Delivery app (staff.bkk sees only its own area). */
function bangkokBikers(): Promise<Biker[]> {
  return as('bkk', async (api) =>
    json<Biker[]>(await api.get('/api/admin/Delivery/Member/Biker', { params: { page: 1, pageSize: 100, status: 'active' } }), 200),
  );
}

/** A cash food order of a Bangkok member that the shop accepted and an online Bangkok biker took (`biker_receive_order`). */
export async function arrangeOrderWithBiker(): Promise<OrderDetail & { bikerId: string }> {
  const { memberId, shopId } = await bangkokMemberAndShop();
  const biker = (await bangkokBikers()).find((b) => b.presence === 'online');
  expect(biker, 'an online Bangkok biker').toBeTruthy();
  return as('admin', async (api) => {
    const created = await json<OrderDetail>(
      await appCall(api, '/api/admin/Delivery/Orders', {
        memberId,
        shopId,
        items: [{ name: 'E2E Som Tam', qty: 1, price: 8_000 }],
        paymentMethod: 'cash',
        dropoff: { address: 'E2E drop-off, Silom', lat: 13.7251, lng: 100.5296 },
      }),
      201,
    );
    const event = async (body: Record<string, string>) =>
      json<OrderDetail & { bikerId: string }>(await appCall(api, `/api/admin/Delivery/Orders/${created.id}/events`, body), 200);
    await event({ event: 'shop_receive_order' });
    // The biker app reports where the biker is before taking it: at the shop, inside Config/Biker's search radius.
    const { lat, lng } = created.pickup;
    const moved = await api.patch(`/api/app/Delivery/Monitor/Biker/${biker!.id}`, {
      data: { lat: String(lat), lng: String(lng) },
      headers: { [APP_KEY_HEADER]: E2E.appApiKey },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const taken = await event({ event: 'biker_receive_order', bikerId: biker!.id });
    expect(taken.status).toBe('biker_receive_order');
    return taken;
  });
}

/** What the member app does when its member picks a photo: the image bytes on the app channel. Answers the image key. */
export async function setMemberPhoto(memberId: string, bytes: Buffer): Promise<string> {
  return as('admin', async (api) => {
    const member = await json<{ photo: string }>(
      await api.put(`/api/app/Delivery/Members/${memberId}/Photo`, {
        data: bytes,
        headers: { 'content-type': 'application/octet-stream', [APP_KEY_HEADER]: E2E.appApiKey },
      }),
      200,
    );
    return member.photo;
  });
}

/** What the biker app reports: the biker's presence. Answers the presence before the change. */
export async function setBikerPresence(bikerId: string, presence: Presence): Promise<Presence> {
  const before = (await bangkokBikers()).find((b) => b.id === bikerId)?.presence ?? 'online';
  await as('admin', async (api) => {
    const response = await api.patch(`/api/app/Delivery/Monitor/Biker/${bikerId}`, { data: { presence }, headers: { [APP_KEY_HEADER]: E2E.appApiKey } });
    expect(response.status(), await response.text()).toBe(200);
  });
  return before;
}
