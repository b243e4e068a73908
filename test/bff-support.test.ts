import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the support tickets: staff calls checked against each screen's flag, never the shop app's. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const SHOP = '/api/admin/Delivery/SupportFromShop';
const PORTAL = '/api/admin/Delivery/SupportFromPortal';

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', SHOP, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
  fake.on('POST', `${SHOP}/7/reply`, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('PUT', `${SHOP}/7`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
  fake.on('POST', PORTAL, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('GET', `${SHOP}/7/assignees`, (_req, res) => sendJson(res, 200, { status: true, data: [{ id: '2', name: 'Bangkok Staff' }], more: false }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: support tickets', () => {
  it('checks each call against its screen’s permission, and never forwards the shop app’s', () => {
    expect(resolveBffRule('GET', SHOP, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery SupportFromShop', flag: 'read' });
    expect(resolveBffRule('PUT', `${SHOP}/7`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery SupportFromShop', flag: 'write' });
    expect(resolveBffRule('POST', `${SHOP}/7/reply`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery SupportFromShop', flag: 'create' });
    expect(resolveBffRule('POST', PORTAL, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery SupportFromPortal', flag: 'create' });
    expect(resolveBffRule('POST', '/api/app/Delivery/SupportFromShop', '1')).toMatchObject({ kind: 'reject', status: 404 });
    expect(resolveBffRule('POST', '/api/app/Delivery/SupportFromShop/7/reply', '1')).toMatchObject({ kind: 'reject', status: 404 });
  });

  it('refuses a role without the flag before the call leaves the portal', async () => {
    permissions = withFlags('Service Delivery SupportFromShop', { read: false, write: false, create: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(SHOP, { cookies })).status).toBe(403);
    expect((await bff(`${SHOP}/7/reply`, { method: 'POST', body: { body: 'Hello' }, cookies })).status).toBe(403);
    expect((await bff(`${SHOP}/7`, { method: 'PUT', body: { version: 1, status: 'closed' }, cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('forwards a reply and a change for a role with the flags; checks a new portal ticket with the contract', async () => {
    const cookies = await sessionCookie(makeSession());
    expect((await bff(`${SHOP}/7/reply`, { method: 'POST', body: { body: 'Hello', attachments: [] }, cookies })).status).toBe(201);
    expect((await bff(`${SHOP}/7`, { method: 'PUT', body: { version: 1, status: 'closed' }, cookies })).status).toBe(200);
    const bad = await bff(PORTAL, { method: 'POST', body: { subject: '', category: 'other', body: 'x' }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({ subject: ['required'] });
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${SHOP}/7/reply`, `PUT ${SHOP}/7`]);
  });

  it('lists who a ticket can be assigned to only for a role that may change the ticket (`write`), not for a reader', async () => {
    expect(resolveBffRule('GET', `${SHOP}/7/assignees`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery SupportFromShop', flag: 'write' });
    expect(resolveBffRule('GET', `${PORTAL}/7/assignees`, '1')).toMatchObject({
      kind: 'forward',
      permission: 'Service Delivery SupportFromPortal',
      flag: 'write',
    });
    // Each role signs in anew: the portal keeps a session's permission list for a moment.
    const as = async (flags: { read: boolean; write: boolean }) => {
      permissions = withFlags('Service Delivery SupportFromShop', flags);
      return sessionCookie(staffSession());
    };
    expect((await bff(`${SHOP}/7/assignees`, { cookies: await as({ read: true, write: false }) })).status).toBe(403);
    expect((await bff(`${SHOP}/7/assignees`, { cookies: await as({ read: false, write: false }) })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);

    const allowed = await bff(`${SHOP}/7/assignees?q=bang&limit=20`, { cookies: await as({ read: true, write: true }) });
    expect(allowed.status).toBe(200);
    expect((await allowed.json()).data).toEqual([{ id: '2', name: 'Bangkok Staff' }]);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${SHOP}/7/assignees?q=bang&limit=20`]);
  });
});
