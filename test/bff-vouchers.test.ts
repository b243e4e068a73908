import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the vouchers (`Voucher`) and a voucher's uses. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const V = '/api/admin/Delivery/Voucher';
const voucher = { code: 'rain50', title: 'Rainy season', amountKind: 'fixed', amount: 5_000, expireDate: '2030-01-31', limitMax: 10, perUser: 1 };
const uses = { status: true, data: [], summary: { uses: 0, totalDiscount: 0, paidByApp: 0, paidByShops: 0 }, total: 0, page: 1, pageSize: 10 };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  fake.on('GET', `${V}/4/uses`, (_req, res) => sendJson(res, 200, uses));
  fake.on('POST', V, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  fake.on('PUT', `${V}/4`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
  fake.on('DELETE', `${V}/4`, (_req, res) => sendJson(res, 200, { status: true }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: vouchers', () => {
  it('checks the list, a voucher and its uses against the Voucher permission', () => {
    expect(resolveBffRule('GET', `${V}/4/uses`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Voucher', flag: 'read' });
    expect(resolveBffRule('POST', V, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Voucher', flag: 'create' });
    expect(resolveBffRule('DELETE', `/api/admin/Marketplace/Voucher/4`, '1')).toMatchObject({
      kind: 'forward',
      permission: 'Service Marketplace Voucher',
      flag: 'delete',
    });
  });

  it('refuses each call without its flag before it leaves the portal', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Delivery Voucher', { read: false, create: false, write: false, delete: false });
    expect((await bff(`${V}/4/uses`, { cookies })).status).toBe(403);
    expect((await bff(V, { method: 'POST', body: voucher, cookies })).status).toBe(403);
    expect((await bff(`${V}/4`, { method: 'PUT', body: { ...voucher, version: 1 }, cookies })).status).toBe(403);
    expect((await bff(`${V}/4`, { method: 'DELETE', cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('forwards the uses with the read flag alone', async () => {
    const cookies = await sessionCookie(staffSession());
    permissions = withFlags('Service Delivery Voucher', { create: false, write: false, delete: false });
    expect((await bff(V, { method: 'POST', body: voucher, cookies })).status).toBe(403);
    expect((await bff(`${V}/4/uses`, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${V}/4/uses`]);
  });

  it('refuses bad fields with the form’s codes before forwarding, and forwards good ones', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(V, { method: 'POST', body: { ...voucher, code: 'no spaces', amountKind: 'percent', amount: 20_000, perUser: 11 }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ code: ['invalidVoucherCode'], amount: ['outOfRange'], perUser: ['outOfRange'] });
    const shopPaid = await bff(V, { method: 'POST', body: { ...voucher, source: 'shop' }, cookies });
    expect((await shopPaid.json()).errors).toEqual({ shopId: ['required'] });
    expect(forwarded()).toHaveLength(0);
    expect((await bff(V, { method: 'POST', body: voucher, cookies })).status).toBe(201);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${V}`]);
  });
});
