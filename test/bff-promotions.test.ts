import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Privileges → Promotion and Popular. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const P = '/api/admin/Delivery/Promotion';
const POP = '/api/admin/Delivery/Popular';
const promotion = {
  title: 'Two shops',
  imageUrl: 'https://cdn.example.com/p.png',
  target: 'shops',
  shopIds: ['4', '9'],
  startsOn: '2026-12-01',
  endsOn: '2026-12-31',
  active: true,
};

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const path of [P, POP]) {
    fake.on('GET', path, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
    fake.on('POST', path, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  }
  fake.on('PUT', `${POP}/Sort`, (_req, res) => sendJson(res, 200, { status: true, data: [] }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
type Flags = Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>;
/** The permission list with some entries' flags changed. */
const withFlags = (changes: Record<string, Flags>) => fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => ({ ...i, ...changes[i.name] })) }));

describe('BFF: promotions and popular shops', () => {
  it('checks each path against the permission the route registry gives it', () => {
    expect(resolveBffRule('GET', P, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Promotion', flag: 'read' });
    expect(resolveBffRule('PUT', `${POP}/Sort`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Popular', flag: 'write' });
    expect(resolveBffRule('POST', '/api/admin/Marketplace/Promotion', '1')).toMatchObject({ permission: 'Service Marketplace Promotion', flag: 'create' });
  });

  it('refuses a role without the flag before anything leaves the portal', async () => {
    permissions = withFlags({ 'Service Delivery Promotion': { read: false, create: false }, 'Service Delivery Popular': { write: false } });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(P, { cookies })).status).toBe(403);
    expect((await bff(P, { method: 'POST', body: promotion, cookies })).status).toBe(403);
    expect((await bff(`${POP}/Sort`, { method: 'PUT', body: { ids: ['2', '1'] }, cookies })).status).toBe(403);
    expect((await bff(POP, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${POP}`]);
  });

  it('checks the target rules with the contract before forwarding, and never forwards the app channel', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(P, { method: 'POST', body: { ...promotion, shopIds: [], endsOn: '2026-11-30' }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ shopIds: ['required'], endsOn: ['endBeforeStart'] });
    expect(forwarded()).toHaveLength(0);
    expect((await bff(P, { method: 'POST', body: promotion, cookies })).status).toBe(201);
    expect((await bff('/api/app/Delivery/Promotion?areaId=1', { cookies })).status).toBe(404);
    expect((await bff('/api/app/Delivery/Popular?areaId=1', { cookies })).status).toBe(404);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${P}`]);
  });
});
