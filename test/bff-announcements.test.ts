import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Public Relations, Broadcast and Feed. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const PR = '/api/admin/Delivery/PublicRelations';
const B = '/api/admin/Marketplace/Broadcast';
const F = '/api/admin/Marketplace/Feed';
const message = { title: 'Songkran', body: '', audience: 'members', target: 'openUrl', targetUrl: 'https://example.com/songkran' };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const path of [PR, B, F]) {
    fake.on('GET', path, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
    fake.on('POST', path, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  }
  for (const action of ['send', 'schedule', 'cancel']) {
    fake.on('PATCH', `${PR}/7/${action}`, (_req, res) =>
      sendJson(res, 200, { status: true, data: { id: '7', status: 'scheduled', version: 2, scheduledAt: null } }),
    );
  }
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
type Flags = Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>;
const withFlags = (changes: Record<string, Flags>) => fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => ({ ...i, ...changes[i.name] })) }));

describe('BFF: public relations, broadcasts and the feed', () => {
  it('checks each path against the permission the route registry gives it', () => {
    expect(resolveBffRule('GET', PR, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery PublicRelations', flag: 'read' });
    expect(resolveBffRule('PATCH', `${PR}/7/send`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery PublicRelations', flag: 'write' });
    expect(resolveBffRule('PATCH', `${B}/7/cancel`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Marketplace Broadcast', flag: 'write' });
    expect(resolveBffRule('POST', F, '1')).toMatchObject({ kind: 'forward', permission: 'Service Marketplace Feed', flag: 'create' });
  });

  it('refuses a role without the flag before anything leaves the portal', async () => {
    permissions = withFlags({
      'Service Delivery PublicRelations': { write: false, create: false },
      'Service Marketplace Broadcast': { write: false, create: false },
      'Service Marketplace Feed': { write: false, create: false },
    });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(PR, { method: 'POST', body: message, cookies })).status).toBe(403);
    // A picture's upload needs create or write on the screen, as its rows do.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    for (const path of [PR, B, F]) {
      const upload = await bff(`${path}/Images`, { method: 'POST', body: png, headers: { 'content-type': 'image/png' }, cookies });
      expect(upload.status, path).toBe(403);
    }
    expect((await bff(`${PR}/7/send`, { method: 'PATCH', body: { version: 1 }, cookies })).status).toBe(403);
    expect((await bff(`${PR}/7/cancel`, { method: 'PATCH', body: { version: 1 }, cookies })).status).toBe(403);
    expect((await bff(PR, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${PR}`]);
  });

  it('refuses a javascript: or data: address with the contract before forwarding, and never forwards the app channel', async () => {
    const cookies = await sessionCookie(makeSession());
    for (const targetUrl of ['javascript:alert(1)', 'data:text/html,x']) {
      const bad = await bff(PR, { method: 'POST', body: { ...message, targetUrl }, cookies });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toEqual({ targetUrl: ['invalidUrl'] });
    }
    expect(forwarded()).toHaveLength(0);
    expect((await bff(PR, { method: 'POST', body: message, cookies })).status).toBe(201);
    expect((await bff(`${PR}/7/send`, { method: 'PATCH', body: { version: 1 }, cookies })).status).toBe(200);
    expect((await bff('/api/app/Delivery/Inbox?recipientKind=member&recipientId=1', { cookies })).status).toBe(404);
    expect((await bff('/api/app/Marketplace/Feed?areaId=1', { cookies })).status).toBe(404);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${PR}`, `PATCH ${PR}/7/send`]);
  });

  it("forwards a picture's upload to the screen's Images, and refuses a javascript: or data: picture before forwarding", async () => {
    const key = `${'c'.repeat(64)}.png`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    for (const path of [PR, B, F])
      fake.on('POST', `${path}/Images`, (_req, res) => sendJson(res, 201, { status: true, data: { key, width: 1, height: 1, bytes: 11 } }));
    const cookies = await sessionCookie(makeSession());
    for (const path of [PR, B, F]) {
      const res = await bff(`${path}/Images`, { method: 'POST', body: png, headers: { 'content-type': 'image/png' }, cookies });
      expect(res.status, path).toBe(201);
      expect((await res.json()).data.key).toBe(key);
    }
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=']) {
      const bad = await bff(F, { method: 'POST', body: { title: 'Post', imageUrl }, cookies });
      expect((await bad.json()).errors).toEqual({ imageUrl: ['invalidUrl'] });
    }
    expect((await bff(PR, { method: 'POST', body: { ...message, imageUrl: key }, cookies })).status).toBe(201);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${PR}/Images`, `POST ${B}/Images`, `POST ${F}/Images`, `POST ${PR}`]);
  });
});
