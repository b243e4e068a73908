import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of System Settings → Service area. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const P = '/api/admin/Delivery/Setting/ServiceArea';
const square = [
  [100.9, 14.1],
  [101, 14.1],
  [101, 14.2],
  [100.9, 14.2],
  [100.9, 14.1],
];
const area = { name: 'North', status: 'AreaReady', province: '', amphure: '', district: '', boundary: { type: 'Polygon', coordinates: [square] } };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', P, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
  fake.on('GET', `${P}/lookup`, (_req, res) => sendJson(res, 200, { status: true, data: { area: null } }));
  fake.on('POST', P, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('PUT', `${P}/7`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
type Flags = Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>;
const withFlags = (changes: Record<string, Flags>) => fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => ({ ...i, ...changes[i.name] })) }));

describe('BFF: service areas', () => {
  it('checks the list, the lookup and the writes against Setting ServiceArea', () => {
    expect(resolveBffRule('GET', `${P}/lookup`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Setting ServiceArea', flag: 'read' });
    expect(resolveBffRule('POST', P, '1')).toMatchObject({ permission: 'Service Delivery Setting ServiceArea', flag: 'create' });
    expect(resolveBffRule('PUT', `${P}/7`, '1')).toMatchObject({ permission: 'Service Delivery Setting ServiceArea', flag: 'write' });
  });

  it('refuses a role without the flag before anything leaves the portal', async () => {
    permissions = withFlags({ 'Service Delivery Setting ServiceArea': { create: false, write: false } });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(P, { method: 'POST', body: area, cookies })).status).toBe(403);
    expect((await bff(`${P}/7`, { method: 'PUT', body: { ...area, version: 1 }, cookies })).status).toBe(403);
    expect((await bff(`${P}/lookup?lat=13.7&lng=100.5`, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${P}/lookup?lat=13.7&lng=100.5`]);
  });

  it('checks the boundary with the contract before forwarding, and never forwards the app channel', async () => {
    const cookies = await sessionCookie(makeSession());
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    const bad = await bff(P, { method: 'POST', body: { ...area, name: '', boundary: { type: 'Polygon', coordinates: [bowTie] } }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ name: ['required'], boundary: ['invalidPolygon'] });
    expect(forwarded()).toHaveLength(0);
    expect((await bff(P, { method: 'POST', body: area, cookies })).status).toBe(201);
    expect((await bff('/api/app/Delivery/Area?lat=13.7&lng=100.5', { cookies })).status).toBe(404);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${P}`]);
  });
});
