import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, areas } from '../src/db/schema';
import { decryptSecret } from '../src/domain/payment-settings';
import { DEMO, TEST_SETTINGS_SECRET, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
/** Phuket (closed): the one demo area of the Delivery app whose providers the seed leaves unconfigured. */
let phuket: string;
const B = '/api/admin/Delivery/Setting/Bank';
const SECRET = 'sk_live_51Hx-very-secret-value-9f3a';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
  const [area] = await api.deps.db
    .select({ id: areas.id })
    .from(areas)
    .innerJoin(apps, eq(apps.id, areas.appId))
    .where(and(eq(apps.appType, 'Delivery'), eq(areas.name, 'Phuket')));
  phuket = String(area!.id);
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });
const config = (provider = 'card') => `${B}/${phuket}/Config/${provider}`;
const settings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  merchantId: 'M-001',
  publicKey: 'pk_live_abc',
  Short_Bank_name: 'KBANK',
  Bank_name: 'Kasikorn Bank',
  Bank_account_number: '123-4-56789-0',
  version: 0,
  ...extra,
});

describe('payment bank settings (Setting/Bank)', () => {
  it("lists the app's areas with each provider not yet configured", async () => {
    const res = await api.get(B, admin.accessToken);
    expect(res.status).toBe(200);
    const area = res.body.data.find((a: Loose) => a.areaId === phuket);
    expect(area.providers).toEqual([
      { provider: 'card', enabled: false, configured: false },
      { provider: 'qrcode', enabled: false, configured: false },
      { provider: 'easybank', enabled: false, configured: false },
    ]);
    const one = await api.get(config(), admin.accessToken);
    expect(one.body.data).toMatchObject({ provider: 'card', version: 0, secretKeySet: false, secretKeyLast4: '', enabled: false });
  });

  it('enables a provider only with every setting filled, and checks the account number', async () => {
    const res = await send('PUT', config(), admin.accessToken, settings({ merchantId: '', Bank_name: '', Bank_account_number: '12' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ Bank_account_number: ['invalidAccountNumber'], merchantId: ['incompleteSettings'], Bank_name: ['incompleteSettings'] });
  });

  it('saves the secret encrypted and never answers it: only that it is set and its last four characters', async () => {
    const res = await send('PUT', config(), admin.accessToken, settings({ secretKey: SECRET }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ enabled: true, secretKeySet: true, secretKeyLast4: '9f3a', Bank_account_number: '1234567890', version: 1 });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    for (const path of [B, `${B}/${phuket}`, config(), `${config()}/History`]) {
      expect(JSON.stringify((await api.get(path, admin.accessToken)).body), path).not.toContain('very-secret');
    }
    const stored = (await api.db.db.execute(`SELECT secret_key_enc FROM payment_settings WHERE provider = 'card' AND area_id = ${phuket}`)) as unknown as {
      rows: { secret_key_enc: string }[];
    };
    const sealed = stored.rows[0]!.secret_key_enc;
    expect(sealed).not.toContain('secret');
    expect(decryptSecret(TEST_SETTINGS_SECRET, sealed)).toBe(SECRET);
    expect(() => decryptSecret('another-settings-secret-0123456789abcdefgh', sealed)).toThrow();
    expect((await api.get(B, admin.accessToken)).body.data.find((a: Loose) => a.areaId === phuket).providers[0]).toEqual({
      provider: 'card',
      enabled: true,
      configured: true,
    });
  });

  it('keeps the secret when left out, refuses a stale version, and keeps every change in the history', async () => {
    const stale = await send('PUT', config(), admin.accessToken, settings({ Bank_name: 'Lost', version: 0 }));
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ Bank_name: 'Kasikorn Bank', version: 1 });
    const res = await send('PUT', config(), admin.accessToken, settings({ Bank_name: 'KASIKORNBANK PCL', secretKey: '', version: 1 }));
    expect(res.body.data).toMatchObject({ Bank_name: 'KASIKORNBANK PCL', secretKeyLast4: '9f3a', version: 2 });
    const same = await send('PUT', config(), admin.accessToken, settings({ Bank_name: 'KASIKORNBANK PCL', version: 2 }));
    expect(same.body.data.version).toBe(2);

    const history = (await api.get(`${config()}/History`, admin.accessToken)).body.data;
    expect(history).toHaveLength(2);
    expect(history[0].changes).toEqual([{ field: 'Bank_name', from: 'Kasikorn Bank', to: 'KASIKORNBANK PCL' }]);
    expect(history[0].by.displayName).toBeTruthy();
    expect(history[1].changes).toContainEqual({ field: 'secretKey', secret: true });
    expect(history[1].changes).toContainEqual({ field: 'enabled', from: 'false', to: 'true' });
  });

  it('is for administrators of the company: staff are refused, another company finds nothing', async () => {
    for (const [method, path, body] of [
      ['GET', B],
      ['GET', `${B}/${phuket}`],
      ['GET', config()],
      ['PUT', config(), settings({ version: 2 })],
      ['GET', `${config()}/History`],
    ] as const) {
      expect((await send(method, path, bkk.accessToken, body)).status, `${method} ${path}`).toBe(403);
    }
    await api.post('/api/admin/auth/register', { displayName: 'Bank Other Co', email: 'owner@bank-other.example', password: 'secret12' });
    const other = await api.login({ username: 'owner@bank-other.example', password: 'secret12' });
    expect((await api.get(config(), other.accessToken)).status).toBe(404);
    expect((await api.get(`${B}/999999/Config/card`, admin.accessToken)).status).toBe(404);
    expect((await api.get(`${B}/${phuket}/Config/paypal`, admin.accessToken)).status).toBe(400);
  });
});
