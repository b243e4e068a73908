import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import { APP_KEY_HEADER } from '../../contract/app-channel';
import { API_URL, E2E } from '../../playwright.config';
import { bangkokMemberAndShop } from './orders';
import { apiLogin } from './platform-api';
import { USERS } from './users';

/**
 * What the biker and member apps would do, straight on the Platform API (docs/orders.md section 4), to move the
 * Task Monitoring screen while a test watches it.
 */
export interface MonitorBiker {
  id: string;
  name: string;
  phone: string;
  areaName: string;
  presence: string;
  /** How many orders the biker carries now. */
  tasks: number;
}

export interface MonitorApi {
  bikers(): Promise<MonitorBiker[]>;
  setBiker(id: string, change: { presence?: string; lat?: number; lng?: number }): Promise<void>;
  /** A Bangkok parcel order paid by cash: ready for a biker as soon as it is created. */
  readyParcel(label: string): Promise<{ id: string; orderNo: string }>;
  assign(orderId: string, bikerId: string): Promise<void>;
  dispose(): Promise<void>;
}

async function ok(response: APIResponse, status = 200): Promise<unknown> {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

const unwrap = (body: unknown): Record<string, unknown> => {
  const value = body as { data?: unknown };
  return (value && typeof value === 'object' && value.data && typeof value.data === 'object' ? value.data : value) as Record<string, unknown>;
};

export async function monitorApi(): Promise<MonitorApi> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api: APIRequestContext = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  const base = '/api/admin/Delivery';
  return {
    async bikers() {
      const data = unwrap(await ok(await api.get(`${base}/Monitor/Biker`)));
      return (data.bikers as Record<string, unknown>[]).map((b) => ({
        id: String(b.id),
        name: String(b.name),
        phone: String(b.phone ?? ''),
        areaName: String(b.areaName ?? ''),
        presence: String(b.presence),
        tasks: Array.isArray(b.tasks) ? b.tasks.length : 0,
      }));
    },
    async setBiker(id, change) {
      await ok(await api.patch(`/api/app/Delivery/Monitor/Biker/${id}`, { data: change, headers: { [APP_KEY_HEADER]: E2E.appApiKey } }));
    },
    async readyParcel(label) {
      const { memberId } = await bangkokMemberAndShop();
      const created = unwrap(
        await ok(
          await api.post('/api/app/Delivery/OrdersMessenger', {
            headers: { [APP_KEY_HEADER]: E2E.appApiKey },
            data: {
              memberId,
              paymentMethod: 'cash',
              pickup: { address: `E2E pickup ${label}, Silom`, lat: 13.7279, lng: 100.5241 },
              dropoff: { address: `E2E drop-off ${label}, Sathorn`, lat: 13.7188, lng: 100.5291 },
              senderName: `E2E sender ${label}`,
              senderPhone: '0810000001',
              receiverName: `E2E receiver ${label}`,
              receiverPhone: '0810000002',
              weightGram: 1200,
            },
          }),
          201,
        ),
      );
      expect(created.status).toBe('member_create_order');
      return { id: String(created.id), orderNo: String(created.orderNo) };
    },
    async assign(orderId, bikerId) {
      await ok(await api.patch(`${base}/Monitor/Biker/assign`, { data: { orderId, bikerId } }));
    },
    dispose: () => api.dispose(),
  };
}
