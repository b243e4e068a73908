import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { loadConfig } from '../src/config';
import { permissions, walletTransactions } from '../src/db/schema';
import { passwordVerifications } from '../src/domain/passwords';
import { isLoopback } from '../src/routes/auth-otp';
import { signedAddress, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';
import { appPost, foodOrder, listOf, orderWorld, payOrder, placeOrder, type OrderWorld } from './order-support';

/** The Platform API's half of the security hardening: one named test per control. */
let api: TestServer;
let w: OrderWorld;
const FOOD = listOf('food');

beforeAll(async () => {
  api = await startTestServer();
  w = await orderWorld(api, 'sec');
});
afterAll(async () => {
  await api?.close();
});

describe('a default start', () => {
  it('listens on loopback and serves no dev outbox unless asked for by name', () => {
    const saved = { host: process.env.HOST, outbox: process.env.ENABLE_DEV_OUTBOX };
    delete process.env.HOST;
    delete process.env.ENABLE_DEV_OUTBOX;
    try {
      const config = loadConfig({
        jwtSecret: 'x'.repeat(32),
        autologinSecret: 'y'.repeat(32),
        appApiKey: 'k'.repeat(32),
        paymentWebhookSecret: 'p'.repeat(32),
      });
      expect(config.host).toBe('127.0.0.1');
      expect(config.devOutbox).toBe(false);
      process.env.ENABLE_DEV_OUTBOX = '1';
      expect(
        loadConfig({ jwtSecret: 'x'.repeat(32), autologinSecret: 'y'.repeat(32), appApiKey: 'k'.repeat(32), paymentWebhookSecret: 'p'.repeat(32) }).devOutbox,
      ).toBe(true);
    } finally {
      if (saved.host === undefined) delete process.env.HOST;
      else process.env.HOST = saved.host;
      if (saved.outbox === undefined) delete process.env.ENABLE_DEV_OUTBOX;
      else process.env.ENABLE_DEV_OUTBOX = saved.outbox;
    }
  });

  it('answers the dev outbox only to a loopback peer', () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', '1270.0.0.1', '', undefined]) expect(isLoopback(address)).toBe(false);
  });
});

describe('fake payments', () => {
  it('a back-office token gets 403 for the app events and order creation on /api/admin, admin included', async () => {
    const order = await placeOrder(api, w.admin.accessToken, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'promptpay' }));
    const refused = { status: false, message: 'You are not authorized' };
    for (const token of [w.admin.accessToken, w.bkk.accessToken]) {
      for (const event of ['member_create_order_payment_success', 'member_create_order', 'shop_receive_order', 'biker_receive_order']) {
        const answer = await api.post(`${FOOD}/${order.id}/events`, { event }, token);
        expect([answer.status, answer.body]).toEqual([403, refused]);
      }
      const created = await api.post(FOOD, foodOrder(w.members.bkk, w.shops.bkk), token);
      expect([created.status, created.body]).toEqual([403, refused]);
      const parcel = await api.post('/api/admin/Delivery/OrdersMessenger', {}, token);
      expect([parcel.status, parcel.body]).toEqual([403, refused]);
    }
    expect((await api.get(`${FOOD}/${order.id}`, w.admin.accessToken)).body.data).toMatchObject({
      status: 'member_create_order_waiting_payment',
      paymentStatus: 'unpaid',
    });
  });

  it('the app channel needs its key besides a token, and never takes a payment', async () => {
    const order = await placeOrder(api, w.admin.accessToken, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'promptpay' }));
    const path = `/api/app/Delivery/Orders/${order.id}/events`;
    expect((await api.post(path, { event: 'shop_cancel_order' }, w.admin.accessToken)).status).toBe(403);
    expect(
      (await api.request('POST', path, { token: w.admin.accessToken, body: { event: 'shop_cancel_order' }, headers: { [APP_KEY_HEADER]: 'a-guess' } })).status,
    ).toBe(403);
    const payment = await appPost(api, `${FOOD}/${order.id}/events`, { event: 'member_create_order_payment_success' }, w.admin.accessToken);
    expect([payment.status, Object.keys(payment.body.errors ?? {})]).toEqual([400, ['event']]);
    expect(
      (await api.request('POST', path, { token: w.admin.accessToken, body: { event: 'member_cancel_order' }, headers: { [APP_KEY_HEADER]: TEST_APP_API_KEY } }))
        .status,
    ).toBe(200);
  });

  it("a payment is made only by the provider's signed callback, once however often it is sent", async () => {
    const order = await placeOrder(api, w.bkk.accessToken, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'promptpay' }));
    const legs = async () =>
      (
        await api.deps.db
          .select({ n: count() })
          .from(walletTransactions)
          .where(eq(walletTransactions.orderId, Number(order.id)))
      )[0]!.n;
    const before = await legs();

    const forged = await payOrder(api, 'food', order.id, 'not-the-provider-secret-0123456789abcdef');
    expect([forged.status, forged.body.message]).toEqual([401, 'INVALID_SIGNATURE']);
    const unsigned = await api.request('POST', '/api/payments/callback', { body: { orderId: order.id, kind: 'food', reference: 'X', status: 'success' } });
    expect(unsigned.status).toBe(401);
    expect((await api.get(`${FOOD}/${order.id}`, w.bkk.accessToken)).body.data.paymentStatus).toBe('unpaid');
    expect(await legs()).toBe(before);

    const paid = await payOrder(api, 'food', order.id);
    expect(paid.body).toEqual({ status: true, data: { orderId: order.id, status: 'member_create_order_payment_success', paymentStatus: 'paid' } });
    const afterPayment = await legs();
    expect(afterPayment).toBeGreaterThan(before);
    const again = await payOrder(api, 'food', order.id);
    expect(again.body).toEqual(paid.body);
    expect(await legs()).toBe(afterPayment);
    const detail = (await api.get(`${FOOD}/${order.id}`, w.bkk.accessToken)).body.data;
    expect(detail.events.filter((e: { event: string }) => e.event === 'member_create_order_payment_success')).toHaveLength(1);
  });

  it('a callback for a cash order or another kind changes nothing', async () => {
    const cash = await placeOrder(api, w.bkk.accessToken, 'food', foodOrder(w.members.bkk, w.shops.bkk, { paymentMethod: 'cash' }));
    expect((await payOrder(api, 'food', cash.id)).status).toBe(409);
    expect((await payOrder(api, 'parcel', cash.id)).status).toBe(404);
  });
});

describe('the sign-in lockout', () => {
  it('50 parallel wrong logins check at most 10 passwords, and the username and e-mail count as one account', async () => {
    const before = passwordVerifications();
    const attempts = Array.from({ length: 50 }, (_, i) =>
      api.post('/api/admin/auth/login', {
        username: i % 2 ? 'staff.cnx' : 'staff.cnx@demo-company.example',
        password: `wrong-${i}`,
      }),
    );
    const answers = await Promise.all(attempts);
    expect(passwordVerifications() - before).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(40);
    expect(answers.every((a) => a.status === 429 || a.body.status === false)).toBe(true);
    // The right password is refused too while the account is locked, by its username or its e-mail.
    expect((await api.post('/api/admin/auth/login', { username: 'staff.cnx', password: 'Staff#2026' })).status).toBe(429);
    expect((await api.post('/api/admin/auth/login', { username: 'staff.cnx@demo-company.example', password: 'Staff#2026' })).status).toBe(429);
  });
});

describe('attempt counters', () => {
  it("keep only the window's rows of a key: older attempts are deleted as new ones are counted", async () => {
    const { loginFailures } = await import('../src/db/schema');
    const { reserveAttempt } = await import('../src/domain/lockout');
    const db = api.deps.db;
    const policy = { maxFailures: 10, windowMs: 15 * 60_000 };
    const start = new Date('2026-11-20T00:00:00Z');
    for (let i = 0; i < 5; i++) await reserveAttempt(db, 'prune:key', new Date(start.getTime() + i * 1000), policy, null);
    const rows = async () => (await db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.username, 'prune:key')))[0]!.n;
    expect(await rows()).toBe(5);
    expect((await reserveAttempt(db, 'prune:key', new Date(start.getTime() + policy.windowMs + 10_000), policy, null)).ok).toBe(true);
    expect(await rows()).toBe(1);
  });
});

describe('account recovery', () => {
  const FORGOT = '/api/admin/auth/ForgotPassword';
  const INPUT = '/api/admin/auth/InputOTP';
  async function challenge(input: string): Promise<{ ref: string; otp: string | null }> {
    const ref = (await api.post(FORGOT, { input })).body.data.dataUser as string;
    const outbox = await api.get(`/api/dev/outbox?dataUser=${encodeURIComponent(ref)}`);
    return { ref, otp: outbox.status === 200 ? outbox.body.data.otp : null };
  }
  const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  it('a second challenge ends the first: its code no longer works', async () => {
    const first = await challenge('staff.market');
    const second = await challenge('staff.market');
    expect((await api.post(INPUT, { OTP: first.otp, dataUser: first.ref })).body).toEqual({ status: false, message: 'Wrong OTP' });
    expect((await api.post(INPUT, { OTP: second.otp, dataUser: second.ref })).body.status).toBe(true);
  });

  it('keeps a code only as a keyed hash: neither the code nor its plain SHA-256 is stored, and the outbox keeps no code outside development', async () => {
    const { otpChallenges, outbox } = await import('../src/db/schema');
    const { deliverable, requestOtp } = await import('../src/domain/otp');
    const db = api.deps.db;
    const { ref, otp } = await challenge('staff.bkk');
    const [row] = await db.select({ codeHash: otpChallenges.codeHash }).from(otpChallenges).where(eq(otpChallenges.ref, ref));
    expect(row!.codeHash).not.toContain(otp!);
    expect(row!.codeHash).not.toBe(createHash('sha256').update(`${ref}:${otp}`).digest('hex'));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Started without ENABLE_DEV_OUTBOX, the message is queued for the mailer: its body masks the code, and the code is
    // kept only sealed, for whoever delivers it to unseal.
    const quiet = await requestOtp({ ...api.deps, config: { ...api.deps.config, devOutbox: false, logOtp: false } }, 'staff.bkk');
    const [queued] = await db.select({ ref: outbox.ref, otp: outbox.otp, body: outbox.body }).from(outbox).where(eq(outbox.ref, quiet));
    const delivered = deliverable(api.deps.jwtKey, queued!);
    expect(delivered.otp).toMatch(/^\d{6}$/);
    expect(queued!.otp).not.toContain(delivered.otp!);
    expect(queued!.body).not.toContain(delivered.otp!);
  });

  it("20 wrong codes across challenges end the account's recovery for the window, and more challenges send no code", async () => {
    api.advance(16 * 60_000); // a fresh window for this account
    let last: { ref: string; otp: string | null } = { ref: '', otp: null };
    for (let c = 0; c < 4; c++) {
      last = await challenge('admin');
      expect(last.otp).not.toBeNull();
      for (let i = 0; i < 5; i++) await api.post(INPUT, { OTP: wrong(last.otp!), dataUser: last.ref });
    }
    const fifth = await challenge('admin');
    expect(fifth.otp).not.toBeNull();
    // 20 wrong codes spent: even the right code of a new challenge is refused.
    expect((await api.post(INPUT, { OTP: fifth.otp, dataUser: fifth.ref })).body).toEqual({ status: false, message: 'Wrong OTP' });
    // The sixth request in the window sends nothing, yet answers like any other.
    const sixth = await api.post(FORGOT, { input: 'admin' });
    expect(sixth.body).toMatchObject({ status: true, data: { dataUser: expect.any(String) } });
    expect((await api.get(`/api/dev/outbox?dataUser=${encodeURIComponent(sixth.body.data.dataUser)}`)).status).toBe(404);
  });
});

describe('password storage', () => {
  it('hashes at scrypt N=2^17 by default, and a sign-in replaces an older, cheaper hash with one at the configured cost', async () => {
    const { users } = await import('../src/db/schema');
    const { hashPassword } = await import('../src/domain/passwords');
    const defaults = loadConfig({
      jwtSecret: 'x'.repeat(32),
      autologinSecret: 'y'.repeat(32),
      appApiKey: 'k'.repeat(32),
      paymentWebhookSecret: 'p'.repeat(32),
    });
    expect(defaults.scrypt).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    const db = api.deps.db;
    const id = Number(w.market.userData.uid);
    const cheap = await hashPassword('Staff#2026', { N: 512, r: 8, p: 1, keyLength: 32 });
    await db.update(users).set({ passwordHash: cheap }).where(eq(users.id, id));
    const [before] = await db.select({ version: users.version }).from(users).where(eq(users.id, id));
    await api.login({ username: 'staff.market', password: 'Staff#2026' });
    const [after] = await db.select({ hash: users.passwordHash, version: users.version }).from(users).where(eq(users.id, id));
    expect(after!.hash.startsWith(`scrypt$${api.deps.config.scrypt.N}$8$1$`)).toBe(true);
    expect(after!.version).toBe(before!.version);
    expect((await api.login({ username: 'staff.market', password: 'Staff#2026' })).status).toBe(true);
  });

  it('refuses a new password shorter than 8 characters (register, reset, staff)', async () => {
    const short = await api.post('/api/admin/auth/register', { displayName: 'Short Co', email: 'short@pw.example', password: 'Abc#123' });
    expect([short.status, short.body.errors?.password]).toEqual([400, ['More than 7 characters']]);
    const reset = await api.post('/api/admin/auth/IsOTP', { accessToken: 'x', password: 'Abc#123', Cpassword: 'Abc#123' });
    expect(reset.status).toBe(400);
    expect((await api.post('/api/admin/auth/register', { displayName: 'Long Co', email: 'long@pw.example', password: 'Abc#1234' })).body.status).toBe(true);
  });
});

describe('registration', () => {
  const REGISTER = '/api/admin/auth/register';
  const register = (email: string, from: string) =>
    api.post(REGISTER, { displayName: 'Throttled Co', email, password: 'Throttle#2026' }, undefined, signedAddress(from));

  it('is throttled per e-mail address: a sixth try for one address in the window is 429', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await register('same@throttle.example', `198.51.100.${i + 1}`));
    expect(answers[0]!.body.status).toBe(true);
    expect(answers.slice(1, 5).map((a) => [a.status, a.body.status])).toEqual(Array(4).fill([200, false]));
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body.message).toMatch(/^Too many attempts/);
  });

  it('is throttled per client address: the 31st registration from one address in the window is 429, another address still registers', async () => {
    for (let i = 0; i < 30; i++) expect((await register(`bulk${i}@throttle.example`, '203.0.113.5')).body.status).toBe(true);
    expect((await register('bulk30@throttle.example', '203.0.113.5')).status).toBe(429);
    expect((await register('bulk31@throttle.example', '203.0.113.6')).body.status).toBe(true);
    api.advance(16 * 60_000);
    expect((await register('bulk32@throttle.example', '203.0.113.5')).body.status).toBe(true);
  });
});

describe('one permission per data set', () => {
  it('the shop types answer to TypeShop: revoking it closes the Marketplace ShopType door too, revoking ShopType closes that door', async () => {
    const db = api.deps.db;
    const marketUser = Number(w.market.userData.uid);
    const setFlag = async (name: string, on: boolean) => {
      await db
        .update(permissions)
        .set({ read: on, write: on, create: on })
        .where(and(eq(permissions.userId, marketUser), eq(permissions.name, name)));
      api.deps.permissions.clear();
    };
    const get = (path: string) => api.get(`/api/admin/Marketplace/${path}`, w.market.accessToken);
    expect((await get('ShopType')).status).toBe(200);
    expect((await get('TypeShop')).status).toBe(200);
    try {
      await setFlag('Service Marketplace TypeShop', false);
      expect((await get('TypeShop')).status).toBe(403);
      expect((await get('ShopType')).status).toBe(403);
      expect((await get('ShopType/export')).status).toBe(403);
      await setFlag('Service Marketplace TypeShop', true);
      await setFlag('Service Marketplace ShopType', false);
      expect((await get('ShopType')).status).toBe(403);
      expect((await get('TypeShop')).status).toBe(200);
    } finally {
      await setFlag('Service Marketplace TypeShop', true);
      await setFlag('Service Marketplace ShopType', true);
    }
  });
});

describe('shops across areas and tenants', () => {
  it("the availability check answers within the caller's area: a Chiang Mai shop's e-mail and phone tell a Bangkok staff member nothing", async () => {
    const { shops } = await import('../src/db/schema');
    // A value only a Chiang Mai shop holds.
    const [cnx] = await api.deps.db
      .update(shops)
      .set({ email: 'only-in-chiang-mai@shops.example', phone: '0899990001' })
      .where(eq(shops.id, w.shops.cnx))
      .returning({ email: shops.email, phone: shops.phone });
    const ask = (field: string, value: string, token: string, extra = '') =>
      api.get(`/api/admin/Delivery/Shop/available?field=${field}&value=${encodeURIComponent(value)}${extra}`, token);
    expect((await ask('email', cnx!.email, w.bkk.accessToken)).body.data).toEqual({ available: true });
    expect((await ask('phone', cnx!.phone, w.bkk.accessToken)).body.data).toEqual({ available: true });
    // Within its own area the value is taken, for the area's staff and for an admin.
    expect((await ask('email', cnx!.email, w.admin.accessToken)).body.data).toEqual({ available: false });
    const [bkk] = await api.deps.db.select({ email: shops.email, areaId: shops.areaId }).from(shops).where(eq(shops.id, w.shops.bkk));
    expect((await ask('email', bkk!.email, w.bkk.accessToken)).body.data).toEqual({ available: false });
    const [cnxArea] = await api.deps.db.select({ areaId: shops.areaId }).from(shops).where(eq(shops.id, w.shops.cnx));
    expect((await ask('email', bkk!.email, w.admin.accessToken, `&areaId=${cnxArea!.areaId}`)).body.data).toEqual({ available: true });
  });

  it("approving a registration never links another tenant's package or shop type", async () => {
    const { apps, areas, companies, shopPackages, shopRegistrations, shops, shopTypes } = await import('../src/db/schema');
    const db = api.deps.db;
    const [company] = await db.insert(companies).values({ name: 'Elsewhere Co' }).returning();
    const [app] = await db.insert(apps).values({ companyId: company!.id, name: 'Elsewhere Delivery', appType: 'Delivery' }).returning();
    const [area] = await db.insert(areas).values({ companyId: company!.id, appId: app!.id, name: 'Elsewhere' }).returning();
    const place = { companyId: company!.id, appId: app!.id, areaId: area!.id };
    const [foreignPackage] = await db
      .insert(shopPackages)
      .values({ ...place, name: 'Foreign Gold', duration: 30, limitPost: 999, limitProduct: 999 })
      .returning();
    const [foreignType] = await db
      .insert(shopTypes)
      .values({ ...place, name: 'Foreign Type' })
      .returning();
    const waiting = (await api.get('/api/admin/Delivery/Regis/Shop?state=waiting', w.admin.accessToken)).body.data[0];
    await db
      .update(shopRegistrations)
      .set({ packageId: foreignPackage!.id, typeId: foreignType!.id })
      .where(eq(shopRegistrations.id, Number(waiting.id)));
    const approved = await api.post(`/api/admin/Delivery/Regis/Shop/${waiting.id}/approve`, undefined, w.admin.accessToken);
    expect(approved.status).toBe(200);
    const [shop] = await db
      .select({ packageId: shops.packageId, typeId: shops.typeId, limitPost: shops.limitPost })
      .from(shops)
      .where(eq(shops.id, Number(approved.body.data.shopId)));
    expect(shop!.packageId).not.toBe(foreignPackage!.id);
    expect(shop!.typeId).not.toBe(foreignType!.id);
    expect(shop!.limitPost).not.toBe(999);
  });
});

describe('auto-login nonces', () => {
  it('are pruned once their links can no longer verify', async () => {
    const { autologinNonces } = await import('../src/db/schema');
    const { consumeNonce } = await import('../src/domain/autologin');
    const db = api.deps.db;
    const start = new Date('2026-11-24T00:00:00Z');
    expect(await consumeNonce(db, 'old-nonce-0001', 'portal', '1', start)).toBe(true);
    expect(await consumeNonce(db, 'old-nonce-0001', 'portal', '1', new Date(start.getTime() + 60_000))).toBe(false);
    await consumeNonce(db, 'new-nonce-0002', 'portal', '1', new Date(start.getTime() + 2 * 3600_000));
    const left = await db.select({ nonce: autologinNonces.nonce }).from(autologinNonces).where(eq(autologinNonces.nonce, 'old-nonce-0001'));
    expect(left).toEqual([]);
  });
});

describe('a new shop', () => {
  it("is created active (skipping approval) only by who may approve registrations; pending is anyone's with create", async () => {
    const db = api.deps.db;
    const bkkUser = Number(w.bkk.userData.uid);
    const pkg = (await api.get('/api/admin/Delivery/ShopPackage?sort=name', w.bkk.accessToken)).body.data[0];
    const type = (await api.get('/api/admin/Delivery/TypeShop', w.bkk.accessToken)).body.data[0];
    const shop = (name: string, status: string) => ({
      name,
      owner: 'Owner',
      email: `${name.toLowerCase().replace(/\s/g, '')}@shops.example`,
      phone: `08${String(Date.now()).slice(-8)}`,
      public: true,
      openTime: '09:00',
      closeTime: '18:00',
      lat: '13.75',
      lng: '100.50',
      packageId: pkg.id,
      typeId: type.id,
      permissionEdit: false,
      orderShowPrice: true,
      showDistanceShopOnHome: true,
      showPersonDetailOnShop: false,
      Limit_post: 0,
      Limit_product: 0,
      status,
    });
    const setApprove = async (on: boolean) => {
      await db
        .update(permissions)
        .set({ create: on })
        .where(and(eq(permissions.userId, bkkUser), eq(permissions.name, 'Service Delivery Regis Shop')));
      api.deps.permissions.clear();
    };
    try {
      await setApprove(false);
      expect((await api.post('/api/admin/Delivery/Shop', shop('No Approve Active', 'active'), w.bkk.accessToken)).status).toBe(403);
      const pending = await api.post('/api/admin/Delivery/Shop', shop('No Approve Pending', 'pending'), w.bkk.accessToken);
      expect([pending.status, pending.body.data?.status]).toEqual([201, 'pending']);
      await setApprove(true);
      const active = await api.post('/api/admin/Delivery/Shop', shop('Approver Active', 'active'), w.bkk.accessToken);
      expect([active.status, active.body.data?.status]).toEqual([201, 'active']);
    } finally {
      await setApprove(true);
    }
  });
});
