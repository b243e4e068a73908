import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, areas, paymentSettings } from '../src/db/schema';
import { encryptSecret } from '../src/domain/payment-settings';
import { startTestServer, TEST_PAYMENT_WEBHOOK_SECRET, TEST_SETTINGS_SECRET, type TestServer } from './helpers';
import { callbackFor, listOf, orderWorld, parcelOrder, placeOrder, sendCallback, type OrderWorld } from './order-support';

/**
 * Which secret verifies a payment callback (docs/orders.md): the secret key saved for the named provider in the
 * order's area (System Settings → SettingArea), and then no other; PAYMENT_WEBHOOK_SECRET where none is saved.
 */
let api: TestServer;
let w: OrderWorld;
const BANGKOK_QR = 'qr-secret-of-demo-bangkok-0123456789abcdef';
const OTHER_COMPANY_QR = 'qr-secret-of-another-company-0123456789ab';
const CHIANG_MAI_QR = 'qr-secret-of-demo-chiang-mai-0123456789abc';

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'Secrets');
});
afterAll(async () => {
  await api?.close();
});

/** Saves a provider's secret key through the admin API (Setting/Bank), keeping its other settings. */
async function saveSecret(areaId: number, provider: 'card' | 'qrcode' | 'easybank', secretKey: string): Promise<void> {
  const path = `/api/admin/Delivery/Setting/Bank/${areaId}/Config/${provider}`;
  const { enabled, merchantId, publicKey, Short_Bank_name, Bank_name, Bank_account_number, version } = (await api.get(path, w.admin.accessToken)).body.data;
  const body = { enabled, merchantId, publicKey, Short_Bank_name, Bank_name, Bank_account_number, version, secretKey };
  const res = await api.request('PUT', path, { token: w.admin.accessToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.secretKeySet).toBe(true);
}

/** A company of its own, registered through the API, with an area whose QR-code provider has its own secret saved. */
async function anotherCompanyWithSecret(): Promise<void> {
  const owner = await api.post('/api/admin/auth/register', { displayName: 'Secrets Other Co', email: 'owner@secrets-other.example', password: 'secret12' });
  expect(owner.status).toBe(200);
  const db = api.deps.db;
  const companyId = Number(owner.body.userData.companies);
  const now = new Date();
  const [app] = await db.insert(apps).values({ companyId, name: 'Other Delivery', appType: 'Delivery', createdAt: now, updatedAt: now }).returning();
  const [area] = await db.insert(areas).values({ companyId, appId: app!.id, name: 'Bangkok', createdAt: now, updatedAt: now }).returning();
  await db.insert(paymentSettings).values({
    companyId,
    appId: app!.id,
    areaId: area!.id,
    provider: 'qrcode',
    enabled: true,
    merchantId: 'OTHER-1',
    secretKeyEnc: encryptSecret(TEST_SETTINGS_SECRET, OTHER_COMPANY_QR),
    secretKeyLast4: OTHER_COMPANY_QR.slice(-4),
    shortBankName: 'KTB',
    bankName: 'Krungthai Bank',
    bankAccountNumber: '9876543210',
    createdAt: now,
    updatedAt: now,
  });
}

const order = (memberId: number, paymentMethod: string, token: string) => placeOrder(api, token, 'parcel', parcelOrder(memberId, { paymentMethod }));
const status = async (id: string) => (await api.get(`${listOf('parcel')}/${id}`, w.admin.accessToken)).body.data.paymentStatus;

describe('the secret that verifies a callback', () => {
  it("verifies with the company's own provider secret, and refuses the platform's or another company's with 401", async () => {
    await saveSecret(w.bangkok, 'qrcode', BANGKOK_QR);
    await anotherCompanyWithSecret();
    const bangkok = await order(w.members.bkk, 'promptpay', w.bkk.accessToken);
    const body = await callbackFor(api, 'parcel', bangkok.id);
    for (const [who, secret] of [
      ['the platform', TEST_PAYMENT_WEBHOOK_SECRET],
      ['another company', OTHER_COMPANY_QR],
    ]) {
      const res = await sendCallback(api, body, secret);
      expect([who, res.status, res.body.message]).toEqual([who, 401, 'INVALID_SIGNATURE']);
    }
    expect(await status(bangkok.id)).toBe('unpaid');
    const paid = await sendCallback(api, body, BANGKOK_QR);
    expect([paid.status, paid.body.data?.paymentStatus]).toEqual([200, 'paid']);
  });

  it('keeps the other providers of the area, and other areas, on the platform secret while they have none', async () => {
    const card = await order(w.members.bkk, 'credit_card', w.bkk.accessToken);
    expect((await sendCallback(api, await callbackFor(api, 'parcel', card.id), BANGKOK_QR)).status).toBe(401);
    expect((await sendCallback(api, await callbackFor(api, 'parcel', card.id), TEST_PAYMENT_WEBHOOK_SECRET)).status).toBe(200);
    const chiangMai = await order(w.members.cnx, 'promptpay', w.cnx.accessToken);
    expect((await sendCallback(api, await callbackFor(api, 'parcel', chiangMai.id), BANGKOK_QR)).status).toBe(401);
    expect((await sendCallback(api, await callbackFor(api, 'parcel', chiangMai.id), TEST_PAYMENT_WEBHOOK_SECRET)).status).toBe(200);
  });

  it('verifies a wallet payment with the platform secret whatever the area saved', async () => {
    const wallet = await order(w.members.bkk, 'wallet', w.bkk.accessToken);
    const body = await callbackFor(api, 'parcel', wallet.id);
    expect(body.provider).toBe('wallet');
    expect((await sendCallback(api, body, BANGKOK_QR)).status).toBe(401);
    // Verified: the payment itself is then the ledger's (this member's wallet is empty).
    expect((await sendCallback(api, body, TEST_PAYMENT_WEBHOOK_SECRET)).body.message).toBe('INSUFFICIENT_BALANCE');
  });

  it('answers a bad signature with 401 whether or not the order exists; only a verified callback learns it does not', async () => {
    const missing = await callbackFor(api, 'parcel', '999999999');
    expect((await sendCallback(api, missing, 'a-guess-0123456789abcdef0123456789ab')).status).toBe(401);
    const existing = await order(w.members.bkk, 'promptpay', w.bkk.accessToken);
    const res = await sendCallback(api, await callbackFor(api, 'parcel', existing.id), 'a-guess-0123456789abcdef0123456789ab');
    expect([res.status, res.body]).toEqual([401, { status: false, message: 'INVALID_SIGNATURE' }]);
    const unsigned = await api.request('POST', '/api/payments/callback', { body: missing });
    expect([unsigned.status, unsigned.body]).toEqual([401, { status: false, message: 'INVALID_SIGNATURE' }]);
    expect((await sendCallback(api, missing, TEST_PAYMENT_WEBHOOK_SECRET)).status).toBe(404);
  });

  it('refuses every callback of a provider whose saved secret cannot be read (SETTINGS_SECRET changed) until it is entered again', async () => {
    await api.deps.db
      .update(paymentSettings)
      .set({ secretKeyEnc: encryptSecret('an-older-settings-secret-0123456789abcdef', CHIANG_MAI_QR) })
      .where(and(eq(paymentSettings.areaId, w.chiangMai), eq(paymentSettings.provider, 'qrcode')));
    const chiangMai = await order(w.members.cnx, 'promptpay', w.cnx.accessToken);
    const body = await callbackFor(api, 'parcel', chiangMai.id);
    for (const secret of [CHIANG_MAI_QR, TEST_PAYMENT_WEBHOOK_SECRET]) expect((await sendCallback(api, body, secret)).status).toBe(401);
    await saveSecret(w.chiangMai, 'qrcode', CHIANG_MAI_QR);
    expect((await sendCallback(api, body, CHIANG_MAI_QR)).status).toBe(200);
  });
});
