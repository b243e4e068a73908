import { expect, request, type APIRequestContext } from '@playwright/test';
import { APP_KEY_HEADER } from '../../contract/app-channel';
import { API_URL, E2E } from '../../playwright.config';
import { apiLogin } from './platform-api';
import { USERS } from './users';

/**
 * Arranging wallet money straight on the Platform API: a deposit posted by the administrator (Wallet Adjust) and a
 * withdrawal asked for through the member app's channel, as the app does.
 */
const W = '/api/admin/Delivery/Wallet';

async function asAdmin<T>(run: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const login = await apiLogin(USERS.admin.username, USERS.admin.password);
  const api = await request.newContext({ baseURL: API_URL, extraHTTPHeaders: { authorization: `Bearer ${login.accessToken}` } });
  try {
    return await run(api);
  } finally {
    await api.dispose();
  }
}

export interface MemberWallet {
  id: string;
  ownerId: string;
  balance: number;
  pending: number;
}

/** A Delivery member's wallet, by the member's name. */
export const memberWallet = (owner: string): Promise<MemberWallet> =>
  asAdmin(async (api) => {
    const res = await api.get(`${W}/Balance/Member`, { params: { q: owner } });
    expect(res.status()).toBe(200);
    const rows = ((await res.json()) as { data: MemberWallet[] }).data;
    expect(rows, owner).toHaveLength(1);
    return rows[0]!;
  });

/** Posts a deposit to the wallet (once per key). */
export const depositTo = (walletId: string, amount: number, key: string) =>
  asAdmin(async (api) => {
    const res = await api.post(`${W}/Adjust/wallet/${walletId}`, { data: { kind: 'deposit', amount, reason: 'E2E float', idempotencyKey: key } });
    expect([200, 201]).toContain(res.status());
  });

/** The member asks to withdraw through the app channel: the pending transaction's id. */
export const requestWithdrawal = (ownerId: string, amount: number, key: string): Promise<string> =>
  asAdmin(async (api) => {
    const res = await api.post('/api/app/Delivery/Wallet/withdraw', {
      data: { ownerType: 'member', ownerId, amount, key },
      headers: { [APP_KEY_HEADER]: E2E.appApiKey },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  });

/** Rejects a pending transaction as the administrator (cleaning up what a test arranged). */
export const rejectAsAdmin = (transactionId: string) =>
  asAdmin(async (api) => {
    const res = await api.post(`${W}/Adjust/transaction/${transactionId}/reject`, { data: { reason: 'E2E clean-up' } });
    expect(res.status()).toBe(200);
  });
