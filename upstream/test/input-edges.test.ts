import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from './helpers';

/**
 * Inputs at the edges of what the storage holds (issue 40): each is refused with 400 and a field code before any query,
 * never answered with 500.
 */
let api: TestServer;
let admin: string;
let bkk: string;
const D = '/api/admin/Delivery';
const TOO_BIG = 2_147_483_648;

beforeAll(async () => {
  api = await startTestServer();
  const [a, b] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
  admin = a.accessToken;
  bkk = b.accessToken;
});
afterAll(async () => {
  await api?.close();
});

const send = (method: string, path: string, token: string, body?: unknown) => api.request(method, path, { token, body });

describe('impossible calendar dates', () => {
  const lists = [
    'RewardPointHistory',
    'UsedPoints',
    'TopupMemberPoints',
    'RewardInvite',
    'GiftVoucher/Redemptions',
    'GiftReward/Redemptions',
    'Wallet/Balance/wallet/1/transactions',
    'Wallet/Member',
    'Orders',
  ];

  it.each(lists)('%s answers 2026-02-31 and 2026-13-01 with 400 invalidDate', async (list) => {
    for (const [name, day] of [
      ['from', '2026-02-31'],
      ['to', '2026-13-01'],
    ] as const) {
      const res = await api.get(`${D}/${list}?${name}=${day}`, admin);
      expect(res.status, `${list} ${name}=${day}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors[name]).toEqual(['invalidDate']);
    }
    expect((await api.get(`${D}/${list}?from=2026-02-28&to=2026-03-01`, admin)).status).toBe(200);
  });

  it('a date-time off the clock (25:61) or off the calendar is refused', async () => {
    for (const scheduledAt of ['2027-01-01T25:61', '2027-02-31T10:00:00Z', '2027-13-01T10:00']) {
      const res = await send('PATCH', '/api/admin/Marketplace/Broadcast/1/schedule', admin, { version: 1, scheduledAt });
      expect(res.status, scheduledAt).toBe(400);
      expect(res.body.errors.scheduledAt).toEqual(['invalidDate']);
    }
  });
});

describe('integers within the column', () => {
  it('a chat cursor past the id range (after, before, upTo) is 400, not 500', async () => {
    const conversation = (await api.get(`${D}/Chat?pageSize=10`, bkk)).body.data[0].id;
    for (const cursor of ['after', 'before']) {
      const res = await api.get(`${D}/Chat/${conversation}/messages?${cursor}=${TOO_BIG}`, bkk);
      expect(res.status, cursor).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([cursor]);
    }
    const mark = await api.post(`${D}/Chat/${conversation}/read`, { upTo: String(TOO_BIG) }, bkk);
    expect(mark.status).toBe(400);
    expect(Object.keys(mark.body.errors)).toEqual(['upTo']);
    expect((await api.get(`${D}/Chat/${conversation}/messages?after=2147483647`, bkk)).status).toBe(200);
  });

  it('fee, price, version and areaId past 2147483647 are 400 with their field', async () => {
    const P = `${D}/Package/Biker`;
    const pkg = { name: 'Edge Rider', fee: 1000, commissionRate: 1000, duration: 30, status: 'active' };
    const fee = await api.post(P, { ...pkg, fee: TOO_BIG, areaId: '1' }, admin);
    expect(fee.status).toBe(400);
    expect(fee.body.errors).toEqual({ fee: ['outOfRange'] });
    const area = await api.post(P, { ...pkg, areaId: String(TOO_BIG) }, admin);
    expect(area.status).toBe(400);
    expect(area.body.errors).toEqual({ areaId: ['unknownReference'] });
    const price = await api.post(`${D}/ShopPackage`, { name: 'Edge', price: TOO_BIG, duration: 30, status: 'active', Limit_post: 1, Limit_product: 1 }, bkk);
    expect(price.status).toBe(400);
    expect(price.body.errors.price).toEqual(['outOfRange']);

    const created = await api.post(P, pkg, bkk);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const version = await send('PUT', `${P}/${created.body.data.id}`, bkk, { ...pkg, version: TOO_BIG });
    expect(version.status).toBe(400);
    expect(version.body.errors).toEqual({ version: ['outOfRange'] });
    expect((await api.get(`${D}/Orders?areaId=${TOO_BIG}`, admin)).status).toBe(400);
    expect((await api.get(`${D}/GiftReward/Redemptions?areaId=${TOO_BIG}`, admin)).status).toBe(400);
  });

  it('a sort order at its maximum does not make the next create in that area fail', async () => {
    const T = '/api/admin/Marketplace/ShopType';
    const market = (await api.login(DEMO.market)).accessToken as string;
    const over = await api.post(T, { name: 'Past the end', status: 'active', sortOrder: 2_147_483_647 }, market);
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ sortOrder: ['outOfRange'] });
    const last = await api.post(T, { name: 'At the end', status: 'active', sortOrder: 100_000 }, market);
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    for (const name of ['After the end', 'After that']) {
      const next = await api.post(T, { name, status: 'active' }, market);
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      expect(next.body.data.sortOrder).toBe(100_000);
    }
  });
});

describe('strings without NUL', () => {
  it('a NUL in a name, a menu entry, a staff permission, an unknown field or a query is 400 invalidCharacter, and nothing is stored', async () => {
    const P = `${D}/Package/Biker`;
    const named = await api.post(P, { name: 'Nul\u0000Rider', fee: 1000, commissionRate: 1000, duration: 30, status: 'active' }, bkk);
    expect(named.status).toBe(400);
    expect(named.body.errors).toEqual({ name: ['invalidCharacter'] });
    expect((await api.get(`${P}?q=Nul`, bkk)).body.total).toBe(0);

    const menu = {
      menuName: [{ services: 'Delivery', data: [{ name: 'Service Delivery \u0000Brand', read: true, write: true, create: true, delete: true }] }],
    };
    const set = await api.post('/api/admin/Menu/setMenu', menu, admin);
    expect(set.status).toBe(400);
    expect(set.body.errors).toEqual({ 'menuName.0.data.0.name': ['invalidCharacter'] });

    const cnx = await api.login(DEMO.cnx);
    const change = [{ services: 'Delivery', data: [{ name: 'Service Delivery\u0000Setting', read: true, write: false, create: false, delete: false }] }];
    const put = await send('PUT', `/api/admin/Users/Staff/${cnx.userData.uid}/permission`, admin, change);
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual({ '0.data.0.name': ['invalidCharacter'] });

    const extra = await api.post(P, { name: 'Clean', fee: 1000, commissionRate: 1000, duration: 30, status: 'active', note: 'a\u0000b' }, bkk);
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ note: ['invalidCharacter'] });
    const query = await api.get(`${P}?q=a%00b`, bkk);
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ q: ['invalidCharacter'] });
    // The text `\u0000` (a backslash escaped) is no NUL and goes through.
    const text = await api.post(P, { name: 'Back\\u0000slash', fee: 1000, commissionRate: 1000, duration: 30, status: 'active' }, bkk);
    expect(text.status, JSON.stringify(text.body)).toBe(201);
  });
});

describe('the audit row goes with the change it records', () => {
  const P = `${D}/Package/Biker`;
  const pkg = { name: 'Audited Rider', fee: 1000, commissionRate: 1000, duration: 30, status: 'active' };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rows = async (text: string): Promise<any[]> => ((await api.deps.db.execute(sql.raw(text))) as unknown as { rows: any[] }).rows;
  const failAudit = async (on: boolean) => {
    const statements = on
      ? [
          `CREATE OR REPLACE FUNCTION audit_refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused for the test'; END $$`,
          'CREATE TRIGGER audit_refuse_for_test BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refuse_for_test()',
        ]
      : ['DROP TRIGGER audit_refuse_for_test ON audit_log'];
    for (const statement of statements) await api.deps.db.execute(sql.raw(statement));
  };

  it('a create, an update, a delete and a restore whose audit insert fails do not commit', async () => {
    const kept = await api.post(P, { ...pkg, name: 'Kept Rider' }, bkk);
    expect(kept.status).toBe(201);
    const id = kept.body.data.id;
    await failAudit(true);
    try {
      expect((await api.post(P, pkg, bkk)).status).toBe(500);
      expect((await send('PUT', `${P}/${id}`, bkk, { ...pkg, name: 'Renamed Rider', version: 1 })).status).toBe(500);
      expect((await send('DELETE', `${P}/${id}`, admin)).status).toBe(500);
    } finally {
      await failAudit(false);
    }
    expect(await rows(`SELECT id FROM biker_packages WHERE name = 'Audited Rider'`)).toEqual([]);
    expect((await api.get(`${P}/${id}`, bkk)).body.data).toMatchObject({ name: 'Kept Rider', version: 1, deletedAt: null });
    expect((await send('DELETE', `${P}/${id}`, admin)).status).toBe(200);
    await failAudit(true);
    try {
      expect((await api.post(`${P}/${id}/restore`, undefined, admin)).status).toBe(500);
    } finally {
      await failAudit(false);
    }
    expect((await api.get(`${P}/${id}`, bkk)).status).toBe(404);
    expect((await api.post(`${P}/${id}/restore`, undefined, admin)).status).toBe(200);

    const renamed = await send('PUT', `${P}/${id}`, bkk, { ...pkg, name: 'Renamed Rider', version: 3 });
    expect(renamed.status).toBe(200);
    const [entry] = await rows(`SELECT status, changes FROM audit_log WHERE method = 'PUT' AND path = '${P}/${id}' ORDER BY id DESC LIMIT 1`);
    expect(entry).toMatchObject({ status: 200, changes: { diff: { name: { before: 'Kept Rider', after: 'Renamed Rider' } } } });
  });
});

describe('exports check everything before the first byte', () => {
  const exports = [
    ['UsedPoints', 'from=2026-13-01'],
    ['TopupMemberPoints', 'to=2026-02-31'],
    ['RewardPointHistory', 'from=2026-02-31'],
    ['RewardInvite', 'to=2026-13-01'],
    ['Wallet/Member', 'from=2026-02-30'],
    ['Orders', 'areaId=2147483648'],
    ['Package/Biker', 'areaId=2147483648'],
  ] as const;
  it.each(exports)('%s/export answers %s with 400 JSON, not a 200 cut short', async (list, bad) => {
    const res = await api.get(`${D}/${list}/export?${bad}`, admin);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(Object.keys(res.body.errors)).toEqual([bad.split('=')[0]]);
    const ok = await api.get(`${D}/${list}/export`, admin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/csv');
  });
});

describe('methods and the order of refusals', () => {
  it('an unsupported method on a known path is 405 with Allow; an unknown path stays 404', async () => {
    const list = await api.request('PATCH', `${D}/Package/Biker`, { token: admin, body: {} });
    expect(list.status).toBe(405);
    expect(list.body).toEqual({ status: false, message: 'METHOD_NOT_ALLOWED' });
    expect(list.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['DELETE', 'GET', 'HEAD', 'POST']));
    const one = await api.request('POST', `${D}/Package/Biker/1`, { token: admin, body: {} });
    expect(one.status).toBe(405);
    expect(one.headers.get('allow')?.split(', ')).toEqual(expect.arrayContaining(['DELETE', 'GET', 'PUT']));
    const health = await api.request('DELETE', '/api/health');
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET, HEAD');
    expect((await api.request('PUT', '/api/admin/NoSuchThing/At/All', { token: admin, body: {} })).status).toBe(404);
  });

  it('without a token a protected route is 401 before any 404, a service the route does not serve included', async () => {
    for (const path of ['/api/admin/Delivery/Carrier', '/api/admin/Delivery/Carrier/1', '/api/app/Delivery/Feed', '/api/admin/Nowhere/Package/Biker']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(401);
    }
    expect((await api.get('/api/admin/Delivery/Carrier', admin)).status).toBe(404);
    expect((await api.get('/api/admin/Marketplace/Carrier', admin)).status).toBe(200);
  });
});
