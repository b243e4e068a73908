import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Setting → Language: the admin's calls pass with the flag; the apps' read never goes through it. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const L = '/api/admin/Delivery/Setting/LangInApps';
const NAME = 'Service Delivery Setting LangInApps';
const save = { client: 'member', rows: [{ id: '4', version: 2, th: 'ตะกร้า' }] };
const file = { client: 'shop', format: 'csv', content: 'key,en\r\norder.new,New order\r\n', dryRun: true };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', L, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 50 }));
  fake.on('PUT', L, (_req, res) => sendJson(res, 200, { status: true, data: { rows: [], version: 3 } }));
  fake.on('POST', `${L}/import`, (_req, res) => sendJson(res, 200, { status: true, data: { created: 1, changed: 0, unchanged: 0, applied: false } }));
  fake.on('GET', `${L}/export`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="lang-delivery-member.csv"' });
    res.end('key,en,th,zh,my\r\ncart.title,Your cart,ตะกร้า,,\r\n');
  });
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: language strings', () => {
  it('checks every call against the screen’s permission, and never forwards the apps’ read', () => {
    expect(resolveBffRule('GET', L, '1')).toMatchObject({ kind: 'forward', permission: NAME, flag: 'read' });
    expect(resolveBffRule('PUT', L, '1')).toMatchObject({ kind: 'forward', permission: NAME, flag: 'write' });
    expect(resolveBffRule('POST', `${L}/import`, '1')).toMatchObject({ kind: 'forward', permission: NAME, flag: 'create' });
    expect(resolveBffRule('GET', `${L}/export`, '1')).toMatchObject({ kind: 'forward', permission: NAME, flag: 'read' });
    expect(resolveBffRule('DELETE', `${L}/9`, '1')).toMatchObject({ kind: 'forward', permission: NAME, flag: 'delete' });
    expect(resolveBffRule('GET', '/api/admin/Marketplace/Setting/LangInApps/Summary', '1')).toMatchObject({
      kind: 'forward',
      permission: 'Service Marketplace Setting LangInApps',
    });
    // The apps' endpoint lives on the app channel: not a back-office path, under either prefix.
    expect(resolveBffRule('GET', '/api/app/Delivery/Lang/member', '1')).toMatchObject({ kind: 'reject', status: 404 });
    expect(resolveBffRule('GET', '/api/admin/Delivery/Lang/member', '1')).toMatchObject({ kind: 'reject', status: 403 });
  });

  it('refuses a staff session without the flags before the call leaves the portal', async () => {
    permissions = withFlags(NAME, { read: false, write: false, create: false, delete: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(`${L}?client=member`, { cookies })).status).toBe(403);
    expect((await bff(`${L}/export?client=member&format=csv`, { cookies })).status).toBe(403);
    expect((await bff(L, { method: 'PUT', body: save, cookies })).status).toBe(403);
    expect((await bff(`${L}/import`, { method: 'POST', body: file, cookies })).status).toBe(403);
    expect((await bff(`${L}/4`, { method: 'DELETE', cookies })).status).toBe(403);
    expect((await bff('/api/app/Delivery/Lang/member?lang=th', { cookies })).status).toBe(404);
    expect(forwarded()).toHaveLength(0);
  });

  it('checks the bodies with the contract before forwarding; passes the export through as a download', async () => {
    const cookies = await sessionCookie(makeSession());
    const badKey = await bff(L, { method: 'POST', body: { client: 'member', key: 'Cart Title', en: 'Cart' }, cookies });
    expect(badKey.status).toBe(400);
    expect((await badKey.json()).errors).toEqual({ key: ['invalidLangKey'] });
    const noVersion = await bff(L, { method: 'PUT', body: { client: 'member', rows: [{ id: '4', th: 'x' }] }, cookies });
    expect((await noVersion.json()).errors).toEqual({ 'rows.0.version': ['required'] });
    expect((await bff(`${L}/import`, { method: 'POST', body: { ...file, format: 'xlsx' }, cookies })).status).toBe(400);
    expect((await bff('/api/app/Delivery/Lang/member?lang=th', { cookies })).status).toBe(404);
    expect(forwarded()).toHaveLength(0);

    expect((await bff(L, { method: 'PUT', body: save, cookies })).status).toBe(200);
    expect((await bff(`${L}/import`, { method: 'POST', body: file, cookies })).status).toBe(200);
    const csv = await bff(`${L}/export?client=member&format=csv`, { cookies });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('lang-delivery-member.csv');
    expect(await csv.text()).toContain('cart.title,Your cart,ตะกร้า');
    expect(forwarded().map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([`PUT ${L}`, `POST ${L}/import`, `GET ${L}/export`]);
  });
});
