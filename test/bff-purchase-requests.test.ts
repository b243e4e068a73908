import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Request/Buy: staff answers checked and forwarded, never the member app's own calls. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const R = '/api/admin/Marketplace/Request/Buy';

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('PATCH', `${R}/7/quote`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
  fake.on('GET', R, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
  fake.on('PATCH', `${R}/7/close`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: purchase requests', () => {
  it('checks the answers against the path’s permission, and never forwards the member app’s calls', () => {
    expect(resolveBffRule('PATCH', `${R}/7/quote`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Marketplace Request Buy', flag: 'write' });
    expect(resolveBffRule('GET', R, '1')).toMatchObject({ kind: 'forward', permission: 'Service Marketplace Request Buy', flag: 'read' });
    expect(resolveBffRule('POST', '/api/app/Marketplace/RequestBuy', '1')).toMatchObject({ kind: 'reject', status: 404 });
    expect(resolveBffRule('POST', '/api/admin/Marketplace/RequestBuy', '1')).toMatchObject({ kind: 'reject', status: 403 });
    expect(resolveBffRule('GET', '/api/admin/Marketplace/RequestBuy', '1')).toMatchObject({ kind: 'reject', status: 403 });
  });

  it('refuses a role without write before the call leaves the portal', async () => {
    permissions = withFlags('Service Marketplace Request Buy', { write: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(`${R}/7/close`, { method: 'PATCH', body: { answer: 'No', version: 1 }, cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
    expect((await bff(R, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${R}`]);
  });

  it('checks an answer with the contract’s schema, and forwards a good one', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(`${R}/7/quote`, { method: 'PATCH', body: { quotePrice: 0, answer: '' }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ quotePrice: ['outOfRange'], answer: ['required'], version: ['required'] });
    expect(forwarded()).toHaveLength(0);
    expect((await bff(`${R}/7/quote`, { method: 'PATCH', body: { quotePrice: 150_000, answer: 'In stock next week', version: 2 }, cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${R}/7/quote`]);
  });
});
