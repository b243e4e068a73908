import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF asks the approval right (contract/access/approval.ts) of every call that can make a shop or biker active. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const without = (name: string) => fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, create: false } : i)) }));

const activating = [
  ['PATCH', '/api/admin/Delivery/Shop/4/status', { status: 'active', version: 1 }, 'Service Delivery Regis Shop'],
  ['PATCH', '/api/admin/Delivery/Shop/status', { ids: ['4', '5'], status: 'active' }, 'Service Delivery Regis Shop'],
  ['POST', '/api/admin/Delivery/Regis/Shop/3/approve', undefined, 'Service Delivery Regis Shop'],
  ['PATCH', '/api/admin/Delivery/Member/Biker/9/status', { status: 'active', reason: 'Back', version: 1 }, 'Service Delivery Regis Biker'],
  ['POST', '/api/admin/Delivery/Regis/Biker/3/approve', undefined, 'Service Delivery Regis Biker'],
  ['POST', '/api/admin/Delivery/Import/Biker/3/run', { mode: 'valid' }, 'Service Delivery Regis Biker'],
] as const;

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const [method, path] of activating) fake.on(method, path, (_req, res) => sendJson(res, 200, { status: true, data: {} }));
  fake.on('PATCH', '/api/admin/Delivery/Shop/4/status', (_req, res) => sendJson(res, 200, { status: true, data: {} }));
});

describe('BFF approval', () => {
  it('refuses each activating call without the approval right (403, nothing forwarded), and forwards it with the right', async () => {
    const cookies = await sessionCookie(staffSession());
    for (const [method, path, body, name] of activating) {
      permissions = without(name);
      const refused = await bff(path, { method, body, cookies: await sessionCookie(staffSession()) });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ status: false, message: 'You are not authorized' });
    }
    expect(fake.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    permissions = fullPermissionList();
    for (const [method, path, body] of activating) expect((await bff(path, { method, body, cookies })).status, `${method} ${path}`).toBe(200);
  });

  it('lets the moves that do not activate through without the right', async () => {
    permissions = without('Service Delivery Regis Shop');
    const cookies = await sessionCookie(staffSession());
    const suspend = await bff('/api/admin/Delivery/Shop/4/status', { method: 'PATCH', body: { status: 'suspended', version: 1 }, cookies });
    expect(suspend.status).toBe(200);
    expect(fake.count('PATCH', '/api/admin/Delivery/Shop/4/status')).toBe(1);
  });
});
