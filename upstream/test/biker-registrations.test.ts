import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@contract/app-channel';
import { bikerRegistrations, bikers, permissions, users } from '../src/db/schema';
import { approveBikerRegistration } from '../src/domain/biker-registrations';
import type { ServiceScope } from '../src/domain/scope';
import { DEMO, startTestServer, TEST_APP_API_KEY, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const R = '/api/admin/Delivery/Regis/Biker';
const app = (body: unknown, token: string, key = TEST_APP_API_KEY) =>
  api.request('POST', '/api/app/Delivery/Regis/Biker', { token, body, headers: { [APP_KEY_HEADER]: key } });
const docs = [
  { kind: 'id_card', url: 'https://example.com/docs/new/id-card.jpg' },
  { kind: 'driving_licence', url: 'https://example.com/docs/new/licence.pdf' },
];
const setFlags = async (username: string, flags: { read: boolean; create: boolean }) => {
  const [user] = await api.deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await api.deps.db
    .update(permissions)
    .set(flags)
    .where(and(eq(permissions.userId, user!.id), eq(permissions.name, 'Service Delivery Regis Biker')));
  api.deps.permissions.clear();
};
const application = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  phone: '0861234567',
  vehicle: 'Honda Wave 110i',
  plate: '9กข 4321',
  documents: docs,
  areaId: bkk.userData.area,
  ...extra,
});

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
  // Chiang Mai staff may read and decide on the registrations of their own area.
  await setFlags(DEMO.cnx.username, { read: true, create: true });
});
afterAll(async () => {
  await api?.close();
});

describe('Regis/Biker', () => {
  it('lists the waiting applications of the staff member’s own area, with their documents', async () => {
    const mine = (await api.get(`${R}?pageSize=100`, bkk.accessToken)).body;
    const theirs = (await api.get(`${R}?pageSize=100`, cnx.accessToken)).body;
    const all = (await api.get(`${R}?pageSize=100`, admin.accessToken)).body;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(theirs.total).toBeGreaterThanOrEqual(3);
    expect(mine.data.every((r: Loose) => r.areaName === 'Bangkok' && r.state === 'waiting')).toBe(true);
    expect(theirs.data.every((r: Loose) => r.areaName === 'Chiang Mai')).toBe(true);
    expect(all.total).toBe(mine.total + theirs.total);
    expect(mine.data[0].documents[0]).toMatchObject({ kind: 'id_card', url: expect.stringMatching(/^https:\/\/example\.com\/docs\//) });
    // Another area's application is not found by staff, nor searchable.
    expect((await api.get(`${R}/${theirs.data[0].id}`, bkk.accessToken)).status).toBe(404);
    expect((await api.get(`${R}/${theirs.data[0].id}`, admin.accessToken)).status).toBe(200);
    const byPlate = (await api.get(`${R}?q=${encodeURIComponent(mine.data[1].plate)}`, bkk.accessToken)).body.data;
    expect(byPlate.map((r: Loose) => r.id)).toContain(mine.data[1].id);
    expect((await api.get(`${R}?state=rejected`, bkk.accessToken)).body.data.map((r: Loose) => r.reason)).toEqual(['Driving licence expired']);
  });

  it('approves into exactly one active, offline biker in the area, even under two approvals at once', async () => {
    const created = await app(application('Double Click Rider'), admin.accessToken);
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const answers = await Promise.all([api.post(`${R}/${id}/approve`, undefined, bkk.accessToken), api.post(`${R}/${id}/approve`, undefined, bkk.accessToken)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.data).toMatchObject({ id, state: 'approved' });
    const made = await api.deps.db.select().from(bikers).where(eq(bikers.name, 'Double Click Rider'));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      phone: '0861234567',
      vehicle: 'Honda Wave 110i',
      plate: '9กข 4321',
      status: 'active',
      presence: 'offline',
      areaId: Number(bkk.userData.area),
    });
    const won = answers.find((a) => a.status === 200)!;
    expect(won.body.data).toEqual({ bikerId: String(made[0]!.id) });
    const after = (await api.get(`${R}/${id}`, bkk.accessToken)).body.data;
    expect(after).toMatchObject({ state: 'approved', bikerId: String(made[0]!.id), version: 2 });
    // A decided application takes no other decision.
    expect((await api.post(`${R}/${id}/reject`, { reason: 'late' }, bkk.accessToken)).status).toBe(409);
  });

  it('claims in one conditional update: two approvals that both saw it waiting still make one biker', async () => {
    const id = Number((await app(application('Race Rider'), admin.accessToken)).body.data.id);
    const [reg] = await api.deps.db.select().from(bikerRegistrations).where(eq(bikerRegistrations.id, id));
    const [staff] = await api.deps.db.select().from(users).where(eq(users.username, DEMO.bkk.username));
    const scope: ServiceScope = {
      companyId: reg!.companyId,
      officeId: staff!.officeId!,
      userId: staff!.id,
      role: 'staff',
      root: false,
      appId: reg!.appId,
      appType: 'Delivery',
      areaId: reg!.areaId,
    };
    // Called side by side, both read the registration as waiting before either claims it.
    const results = await Promise.allSettled([
      approveBikerRegistration(api.deps.db, scope, id, new Date()),
      approveBikerRegistration(api.deps.db, scope, id, new Date()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(lost.reason).toMatchObject({ status: 409 });
    expect(await api.deps.db.select().from(bikers).where(eq(bikers.name, 'Race Rider'))).toHaveLength(1);
  });

  it('rejects with a reason only, and a rejected application cannot be approved', async () => {
    const id = (await app(application('Rejected Rider'), admin.accessToken)).body.data.id;
    const empty = await api.post(`${R}/${id}/reject`, { reason: '  ' }, bkk.accessToken);
    expect([empty.status, empty.body.errors]).toEqual([400, { reason: ['required'] }]);
    expect((await api.post(`${R}/${id}/reject`, {}, bkk.accessToken)).body.errors).toEqual({ reason: ['required'] });
    const rejected = await api.post(`${R}/${id}/reject`, { reason: 'Blurred licence photo' }, bkk.accessToken);
    expect(rejected.body.data).toMatchObject({ state: 'rejected', reason: 'Blurred licence photo', bikerId: '' });
    const approve = await api.post(`${R}/${id}/approve`, undefined, bkk.accessToken);
    expect([approve.status, approve.body.data?.state]).toEqual([409, 'rejected']);
    expect(await api.deps.db.select().from(bikers).where(eq(bikers.name, 'Rejected Rider'))).toHaveLength(0);
    // Chiang Mai staff cannot decide on a Bangkok application.
    const other = (await app(application('Bangkok Only Rider'), admin.accessToken)).body.data.id;
    expect((await api.post(`${R}/${other}/approve`, undefined, cnx.accessToken)).status).toBe(404);
    expect((await api.post(`${R}/${other}/reject`, { reason: 'no' }, cnx.accessToken)).status).toBe(404);
  });

  it('is refused to staff without the permission flag', async () => {
    const id = (await app(application('Flagless Rider'), admin.accessToken)).body.data.id;
    const set = (flags: { read: boolean; create: boolean }) => setFlags(DEMO.bkk.username, flags);
    try {
      await set({ read: true, create: false });
      expect((await api.get(R, bkk.accessToken)).status).toBe(200);
      expect((await api.post(`${R}/${id}/approve`, undefined, bkk.accessToken)).status).toBe(403);
      expect((await api.post(`${R}/${id}/reject`, { reason: 'x' }, bkk.accessToken)).status).toBe(403);
      await set({ read: false, create: false });
      expect((await api.get(R, bkk.accessToken)).status).toBe(403);
      expect((await api.get(`${R}/${id}`, bkk.accessToken)).status).toBe(403);
    } finally {
      await set({ read: true, create: true });
    }
    const [row] = await api.deps.db
      .select({ state: bikerRegistrations.state })
      .from(bikerRegistrations)
      .where(eq(bikerRegistrations.id, Number(id)));
    expect(row!.state).toBe('waiting');
  });
});

describe('a biker applying (the biker app)', () => {
  it('waits for approval with its documents', async () => {
    const res = await app(application('App Rider', { email: '', packageId: undefined }), admin.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'App Rider', state: 'waiting', areaName: 'Bangkok', email: '', documents: docs });
    const found = (await api.get(`${R}?q=App%20Rider`, bkk.accessToken)).body.data;
    expect(found.map((r: Loose) => r.id)).toEqual([res.body.data.id]);
  });

  it('refuses document addresses that are not http(s), unknown kinds, no documents, an unknown area or package', async () => {
    const bad = await app(
      application('Bad Docs', {
        documents: [
          { kind: 'id_card', url: 'javascript:alert(1)' },
          { kind: 'passport', url: 'https://example.com/p.jpg' },
          { kind: 'photo', url: 'data:image/png;base64,AAAA' },
        ],
      }),
      admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ 'documents.0.url': ['invalidUrl'], 'documents.1.kind': ['required'], 'documents.2.url': ['invalidUrl'] });
    expect((await app(application('No Docs', { documents: [] }), admin.accessToken)).body.errors).toEqual({ documents: ['required'] });
    expect((await app(application('Unknown', { areaId: '999999', packageId: '999999' }), admin.accessToken)).body.errors).toEqual({
      areaId: ['unknownReference'],
    });
    expect((await app(application('Unknown Pkg', { packageId: '999999' }), admin.accessToken)).body.errors).toEqual({ packageId: ['unknownReference'] });
    expect((await app(application('Wrong Key'), admin.accessToken, 'wrong-key')).status).toBe(403);
    // The back-office path is not the app's.
    expect((await api.post(R, application('Portal'), admin.accessToken)).status).toBe(403);
    const names = (await api.get(`${R}?pageSize=100`, admin.accessToken)).body.data.map((r: Loose) => r.name);
    expect(names.filter((n: string) => ['Bad Docs', 'No Docs', 'Unknown', 'Unknown Pkg', 'Wrong Key', 'Portal'].includes(n))).toEqual([]);
  });
});
