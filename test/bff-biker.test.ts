import { beforeEach, describe, expect, it } from 'vitest';
import { checkResourceBody } from '@/lib/resources/body-check';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the biker packages (`Package/Biker`) and the biker settings (`Config/Biker`). */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const P = '/api/admin/Delivery/Package/Biker';
const C = '/api/admin/Delivery/Config/Biker';
const pkg = { name: 'Rider Basic', fee: 0, commissionRate: 2000, duration: 30, status: 'active' };
const settings = { maxTasks: 2, acceptTimeoutSec: 30, searchRadiusKm: 5, maxOnlineHours: 12, commissionRate: 2000, version: 1 };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', P, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0 }));
  fake.on('POST', P, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('PUT', C, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
/** The permission list with one entry's flags changed. */
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: biker packages and settings', () => {
  it('checks each path against the permission the route registry gives it', () => {
    expect(resolveBffRule('GET', P, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Package Biker', flag: 'read' });
    expect(resolveBffRule('PUT', `${P}/4`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Package Biker', flag: 'write' });
    expect(resolveBffRule('PUT', '/api/admin/Marketplace/Config/Biker', '1')).toMatchObject({
      kind: 'forward',
      permission: 'Service Marketplace Config Biker',
      flag: 'write',
    });
  });

  it('refuses a write without its flag before it leaves the portal', async () => {
    permissions = withFlags('Service Delivery Package Biker', { create: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(P, { cookies })).status).toBe(200);
    const denied = await bff(P, { method: 'POST', body: pkg, cookies });
    expect(denied.status).toBe(403);
    expect(fake.count('POST', P)).toBe(0);
  });

  it('refuses bad fields with the form’s codes before forwarding, and forwards good ones', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(P, { method: 'POST', body: { ...pkg, fee: -1, commissionRate: 10_001 }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ fee: ['notNegative'], commissionRate: ['outOfRange'] });
    const badConfig = await bff(C, { method: 'PUT', body: { ...settings, acceptTimeoutSec: 10, maxOnlineHours: 25 }, cookies });
    expect(badConfig.status).toBe(400);
    expect((await badConfig.json()).errors).toEqual({ acceptTimeoutSec: ['outOfRange'], maxOnlineHours: ['outOfRange'] });
    expect(forwarded()).toHaveLength(0);

    expect((await bff(P, { method: 'POST', body: pkg, cookies })).status).toBe(201);
    expect((await bff(C, { method: 'PUT', body: settings, cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${P}`, `PUT ${C}`]);
  });

  it('checks the settings with the contract’s update at the path itself, and nothing below it', () => {
    expect(checkResourceBody('PUT', C, { ...settings, version: undefined })).toEqual({ version: ['required'] });
    expect(checkResourceBody('PUT', C, settings)).toBeNull();
    expect(checkResourceBody('PUT', `${C}/1`, {})).toBeNull();
    expect(checkResourceBody('PUT', `${P}/3`, pkg)).toEqual({ version: ['required'] });
  });
});
