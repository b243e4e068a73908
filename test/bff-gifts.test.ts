import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Gift Voucher and Gift Reward: the gifts, their redemptions, and never the member app's redeem call. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const GV = '/api/admin/Delivery/GiftVoucher';
const GR = '/api/admin/Delivery/GiftReward';

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const base of [GV, GR]) {
    fake.on('GET', `${base}/Redemptions`, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0, page: 1, pageSize: 25 }));
    fake.on('PATCH', `${base}/Redemptions/7`, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
    fake.on('POST', base, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  }
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: gift vouchers and rewards', () => {
  it('checks the redemptions against the screen’s permission: read to list, write to settle', () => {
    expect(resolveBffRule('GET', `${GV}/Redemptions`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery GiftVoucher', flag: 'read' });
    expect(resolveBffRule('PATCH', `${GR}/Redemptions/7`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery GiftReward', flag: 'write' });
    // The member app's call is not the back-office's: it never goes through the portal.
    expect(resolveBffRule('POST', '/api/app/Delivery/Gift/3/redeem', '1')).toMatchObject({ kind: 'reject', status: 404 });
  });

  it('refuses a role without the flag before the call leaves the portal', async () => {
    permissions = withFlags('Service Delivery GiftReward', { read: false, write: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(`${GR}/Redemptions`, { cookies })).status).toBe(403);
    expect((await bff(`${GR}/Redemptions/7`, { method: 'PATCH', body: { state: 'delivered', version: 1 }, cookies })).status).toBe(403);
    expect((await bff(`${GV}/Redemptions`, { cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${GV}/Redemptions`]);
  });

  it('checks a settle body with the contract’s schema, and forwards a good one', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(`${GV}/Redemptions/7`, { method: 'PATCH', body: { state: 'redeemed' }, cookies });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ state: ['required'], version: ['required'] });
    const badGift = await bff(GV, { method: 'POST', body: { title: 'Voucher', pointsCost: 0, stock: 1, active: true }, cookies });
    expect((await badGift.json()).errors).toEqual({ pointsCost: ['outOfRange'], value: ['required'] });
    expect(forwarded()).toHaveLength(0);
    expect((await bff(`${GV}/Redemptions/7`, { method: 'PATCH', body: { state: 'cancelled', version: 3 }, cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH ${GV}/Redemptions/7`]);
  });
});
