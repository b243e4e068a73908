import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the catalogue's screens: each call checks its screen's flag before it leaves the portal. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const FOOD = '/api/admin/Delivery/Food';
const PRODUCTS = '/api/admin/Marketplace/Products';
const CARRIER = '/api/admin/Marketplace/Carrier';
const CATEGORY = '/api/admin/Marketplace/Product/Category';

/** The calls, with the permission and flag each needs. */
const CALLS = [
  { method: 'PATCH', path: `${FOOD}/7/availability`, body: { availability: 'sold_out', version: 1 }, permission: 'Service Delivery Food', flag: 'write' },
  { method: 'DELETE', path: `${FOOD}/7`, permission: 'Service Delivery Food', flag: 'delete' },
  { method: 'GET', path: PRODUCTS, permission: 'Service Marketplace Products', flag: 'read' },
  { method: 'DELETE', path: `${PRODUCTS}/7`, permission: 'Service Marketplace Products', flag: 'delete' },
  { method: 'GET', path: CARRIER, permission: 'Service Marketplace Carrier', flag: 'read' },
  { method: 'PUT', path: `${CATEGORY}/Sort`, body: { ids: ['1', '2'] }, permission: 'Service Marketplace Product Category', flag: 'write' },
] as const;

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const call of CALLS) fake.on(call.method, call.path, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const without = (name: string, flag: string) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, [flag]: false } : i)) }));

describe('BFF: the catalogue', () => {
  it("checks each call against its screen's permission and the method's flag", () => {
    for (const call of CALLS)
      expect(resolveBffRule(call.method, call.path, '1'), call.path).toMatchObject({ kind: 'forward', permission: call.permission, flag: call.flag });
  });

  it('refuses a role without the flag before the call leaves the portal, and forwards it with the flag', async () => {
    for (const call of CALLS) {
      const body = 'body' in call ? { body: call.body } : {};
      // A session each: the portal keeps a session's permission list for a moment.
      permissions = without(call.permission, call.flag);
      expect((await bff(call.path, { method: call.method, cookies: await sessionCookie(staffSession()), ...body })).status, `${call.method} ${call.path}`).toBe(
        403,
      );
      expect(forwarded(), `${call.method} ${call.path}`).toHaveLength(0);
      permissions = fullPermissionList();
      expect((await bff(call.path, { method: call.method, cookies: await sessionCookie(staffSession()), ...body })).status, `${call.method} ${call.path}`).toBe(
        200,
      );
      expect(forwarded().map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([`${call.method} ${call.path}`]);
      fake.requests.length = 0;
    }
  });
});
