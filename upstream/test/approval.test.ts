import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvalNeeded } from '@contract/access';
import { bikers, permissions, shops } from '../src/db/schema';
import { DEMO, startTestServer, type TestServer } from './helpers';

/**
 * Approval (contract/access/approval.ts): every path by which a shop or a biker can become active needs the approval
 * right (`Service {service} Regis Shop|Biker`, create). Staff who have every other flag get 403 on each, nothing changed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
const D = '/api/admin/Delivery';

const setApproval = async (kind: 'Shop' | 'Biker', on: boolean) => {
  await api.deps.db
    .update(permissions)
    .set({ create: on })
    .where(and(eq(permissions.userId, Number(bkk.userData.uid)), eq(permissions.name, `Service Delivery Regis ${kind}`)));
  api.deps.permissions.clear();
};
const call = (method: string, path: string, body?: unknown) => api.request(method, `${D}${path}`, { token: bkk.accessToken, body });
let seq = 0;
const shopBody = async (status: string) => {
  const pkg = (await api.get(`${D}/ShopPackage?sort=name`, bkk.accessToken)).body.data[0];
  const type = (await api.get(`${D}/TypeShop`, bkk.accessToken)).body.data[0];
  seq++;
  return {
    name: `Approval Shop ${seq}`,
    owner: 'Owner',
    email: `approval${seq}@shops.example`,
    phone: `0891${String(seq).padStart(6, '0')}`,
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
  };
};
const pendingShop = async () => {
  const made = await call('POST', '/Shop', await shopBody('pending'));
  expect([made.status, made.body.data.status]).toEqual([201, 'pending']);
  return made.body.data;
};
const statusOf = async (id: string) =>
  (
    await api.deps.db
      .select({ s: shops.status })
      .from(shops)
      .where(eq(shops.id, Number(id)))
  )[0]!.s;

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk)]);
});
afterEach(async () => {
  await setApproval('Shop', true);
  await setApproval('Biker', true);
});
afterAll(async () => {
  await api?.close();
});

describe('approval of shops', () => {
  it('a shop created active needs the approval right (403 without, pending is open to create)', async () => {
    await setApproval('Shop', false);
    expect((await call('POST', '/Shop', await shopBody('active'))).status).toBe(403);
    await pendingShop();
    await setApproval('Shop', true);
    const active = await call('POST', '/Shop', await shopBody('active'));
    expect([active.status, active.body.data.status]).toEqual([201, 'active']);
  });

  it('PATCH Shop/{id}/status to active is 403 without the right; other moves are not', async () => {
    const shop = await pendingShop();
    await setApproval('Shop', false);
    const refused = await call('PATCH', `/Shop/${shop.id}/status`, { status: 'active', version: shop.version });
    expect(refused.status).toBe(403);
    expect(await statusOf(shop.id)).toBe('pending');
    await setApproval('Shop', true);
    const done = await call('PATCH', `/Shop/${shop.id}/status`, { status: 'active', version: shop.version });
    expect([done.status, done.body.data.status]).toEqual([200, 'active']);
    // Suspending needs no approval; reactivating a suspended shop does.
    await setApproval('Shop', false);
    const suspended = await call('PATCH', `/Shop/${shop.id}/status`, { status: 'suspended', version: done.body.data.version });
    expect(suspended.status).toBe(200);
    expect((await call('PATCH', `/Shop/${shop.id}/status`, { status: 'active', version: suspended.body.data.version })).status).toBe(403);
    expect(await statusOf(shop.id)).toBe('suspended');
  });

  it('the bulk PATCH Shop/status to active is 403 without the right, nothing changed', async () => {
    const [a, b] = [await pendingShop(), await pendingShop()];
    await setApproval('Shop', false);
    expect((await call('PATCH', '/Shop/status', { ids: [a.id, b.id], status: 'active' })).status).toBe(403);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['pending', 'pending']);
    await setApproval('Shop', true);
    const done = await call('PATCH', '/Shop/status', { ids: [a.id, b.id], status: 'active' });
    expect([done.status, done.body.data.changed.length]).toEqual([200, 2]);
  });

  it('restoring a shop deleted while active is 403 without the right; a pending one comes back', async () => {
    const active = (await call('POST', '/Shop', await shopBody('active'))).body.data;
    const pending = await pendingShop();
    for (const shop of [active, pending]) expect((await api.request('DELETE', `${D}/Shop/${shop.id}`, { token: admin.accessToken })).status).toBe(200);
    await setApproval('Shop', false);
    expect((await call('POST', `/Shop/${active.id}/restore`)).status).toBe(403);
    expect((await api.get(`${D}/Shop/${active.id}`, admin.accessToken)).status).toBe(404);
    const back = await call('POST', `/Shop/${pending.id}/restore`);
    expect([back.status, back.body.data.status]).toEqual([200, 'pending']);
    await setApproval('Shop', true);
    const restored = await call('POST', `/Shop/${active.id}/restore`);
    expect([restored.status, restored.body.data.status]).toEqual([200, 'active']);
  });

  it('PUT Shop/{id} never moves the status, whatever the body says', async () => {
    const shop = await pendingShop();
    await setApproval('Shop', false);
    const { id, version } = shop;
    const body = { ...(await shopBody('active')), version };
    const saved = await call('PUT', `/Shop/${id}`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.data.status).toBe('pending');
    expect(await statusOf(id)).toBe('pending');
  });

  it('approving a shop registration is 403 without the right', async () => {
    await setApproval('Shop', false);
    const waiting = (await api.get(`${D}/Regis/Shop?state=waiting`, admin.accessToken)).body.data[0];
    expect(waiting).toBeDefined();
    expect((await call('POST', `/Regis/Shop/${waiting.id}/approve`)).status).toBe(403);
    const after = (await api.get(`${D}/Regis/Shop/${waiting.id}`, admin.accessToken)).body.data;
    expect(after.state).toBe('waiting');
  });
});

describe('approval of bikers', () => {
  it('reactivating a biker (PATCH Member/Biker/{id}/status active) is 403 without the right; suspending is not', async () => {
    const answer = await api.get(`${D}/Member/Biker?status=active&pageSize=10`, bkk.accessToken);
    expect(answer.body).toMatchObject({ status: true });
    const list = answer.body.data;
    const one = list[0];
    await setApproval('Biker', false);
    const suspended = await call('PATCH', `/Member/Biker/${one.id}/status`, { status: 'suspended', reason: 'Late', version: one.version });
    expect(suspended.status).toBe(200);
    const refused = await call('PATCH', `/Member/Biker/${one.id}/status`, { status: 'active', reason: 'Back', version: suspended.body.data.version });
    expect(refused.status).toBe(403);
    const [row] = await api.deps.db
      .select({ s: bikers.status })
      .from(bikers)
      .where(eq(bikers.id, Number(one.id)));
    expect(row!.s).toBe('suspended');
    await setApproval('Biker', true);
    const back = await call('PATCH', `/Member/Biker/${one.id}/status`, { status: 'active', reason: 'Back', version: suspended.body.data.version });
    expect([back.status, back.body.data.status]).toEqual([200, 'active']);
  });

  it('approving a biker registration is 403 without the right', async () => {
    await setApproval('Biker', false);
    const waiting = (await api.get(`${D}/Regis/Biker?state=waiting`, admin.accessToken)).body.data[0];
    expect(waiting).toBeDefined();
    expect((await call('POST', `/Regis/Biker/${waiting.id}/approve`)).status).toBe(403);
    const after = (await api.get(`${D}/Regis/Biker?state=waiting&pageSize=100`, admin.accessToken)).body.data;
    expect(after.some((r: Loose) => r.id === waiting.id)).toBe(true);
  });

  it('running an import of bikers (they start active) is 403 without the right', async () => {
    const csv = `name,phone,area,vehicle,plate,package\r\nImported Rider,0867771234,${bkk.userData.areaName ?? 'Bangkok'},Scooter,1AB-9999,\r\n`;
    const res = await fetch(`${api.url}${D}/Import/Biker?fileName=riders.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bkk.accessToken}`, 'content-type': 'application/octet-stream' },
      body: csv,
    });
    const job = ((await res.json()) as Loose).data;
    expect([res.status, job.readyRows]).toEqual([201, 1]);
    await setApproval('Biker', false);
    expect((await call('POST', `/Import/Biker/${job.id}/run`, { mode: 'valid' })).status).toBe(403);
    expect((await api.get(`${D}/Import/Biker/${job.id}`, bkk.accessToken)).body.data.status).toBe('previewed');
    await setApproval('Biker', true);
    expect((await call('POST', `/Import/Biker/${job.id}/run`, { mode: 'valid' })).status).toBe(202);
  });
});

describe('the calls the BFF asks approval for', () => {
  it('are the activating ones, by path and body', () => {
    expect(approvalNeeded('POST', ['Delivery', 'Shop'], { status: 'active' })).toEqual({ service: 'Delivery', kind: 'shop' });
    expect(approvalNeeded('POST', ['Delivery', 'Shop'], { status: 'pending' })).toBeNull();
    expect(approvalNeeded('PATCH', ['Marketplace', 'Shop', '4', 'status'], { status: 'active' })).toEqual({ service: 'Marketplace', kind: 'shop' });
    expect(approvalNeeded('PATCH', ['Delivery', 'Shop', '4', 'status'], { status: 'suspended' })).toBeNull();
    expect(approvalNeeded('PATCH', ['Delivery', 'Shop', 'status'], { ids: ['1'], status: 'active' })).toEqual({ service: 'Delivery', kind: 'shop' });
    expect(approvalNeeded('PATCH', ['Delivery', 'Member', 'Biker', '9', 'status'], { status: 'active' })).toEqual({ service: 'Delivery', kind: 'biker' });
    expect(approvalNeeded('POST', ['Delivery', 'Regis', 'Shop', '3', 'approve'], undefined)).toEqual({ service: 'Delivery', kind: 'shop' });
    expect(approvalNeeded('POST', ['Delivery', 'Regis', 'Biker', '3', 'approve'], undefined)).toEqual({ service: 'Delivery', kind: 'biker' });
    expect(approvalNeeded('POST', ['Delivery', 'Import', 'Biker', '3', 'run'], { mode: 'all' })).toEqual({ service: 'Delivery', kind: 'biker' });
    expect(approvalNeeded('POST', ['Delivery', 'Import', 'Shop', '3', 'run'], { mode: 'all' })).toBeNull();
    expect(approvalNeeded('POST', ['Company', 'Shop'], { status: 'active' })).toBeNull();
  });
});
