import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@contract/resources/app-config';
import { checkResourceBody } from '@/lib/resources/body-check';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of members' points: the history, the top-ups, the grant, and the app's settings. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const H = '/api/admin/Delivery/RewardPointHistory';
const T = '/api/admin/Marketplace/TopupMemberPoints';
const C = '/api/admin/Delivery/Config/App';
/** The app's other setting groups, valid. */
const appSettings = { ...DEFAULT_APP_SETTINGS, supportPhone: '021234567' };
const grant = { memberId: '12', amount: 50, reason: 'Late delivery', idempotencyKey: 'k-1' };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const path of [H, T]) {
    fake.on('GET', path, (_req, res) => sendJson(res, 200, { status: true, data: [], total: 0 }));
    fake.on('POST', path, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
  }
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const withFlags = (name: string, flags: Partial<Record<'read' | 'write' | 'create' | 'delete', boolean>>) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, ...flags } : i)) }));

describe('BFF: points', () => {
  it('checks each path against the permission the route registry gives it', () => {
    expect(resolveBffRule('GET', H, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery RewardPointHistory', flag: 'read' });
    expect(resolveBffRule('POST', H, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery RewardPointHistory', flag: 'create' });
    expect(resolveBffRule('POST', T, '1')).toMatchObject({ kind: 'forward', permission: 'Service Marketplace TopupMemberPoints', flag: 'create' });
    expect(resolveBffRule('PUT', C, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Config App', flag: 'write' });
  });

  it('refuses the list without read and the grant without create, before they leave the portal', async () => {
    permissions = withFlags('Service Delivery RewardPointHistory', { read: false, create: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(H, { cookies })).status).toBe(403);
    expect((await bff(H, { method: 'POST', body: grant, cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('refuses the spends, the referrals and the member lookup without read', async () => {
    permissions = fullPermissionList().map((g) => ({
      ...g,
      data: g.data.map((i) =>
        ['Service Marketplace UsedPoints', 'Service Marketplace RewardInvite', 'Service Delivery RewardPointHistory'].includes(i.name)
          ? { ...i, read: false }
          : i,
      ),
    }));
    const cookies = await sessionCookie(staffSession());
    expect((await bff('/api/admin/Marketplace/UsedPoints', { cookies })).status).toBe(403);
    expect((await bff('/api/admin/Marketplace/RewardInvite', { cookies })).status).toBe(403);
    expect((await bff(`${H}/members?q=0812`, { cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it("refuses Marketplace's top-up without create, and forwards the list", async () => {
    permissions = withFlags('Service Marketplace TopupMemberPoints', { create: false });
    const cookies = await sessionCookie(staffSession());
    expect((await bff(T, { method: 'POST', body: grant, cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
    expect((await bff(T, { cookies })).status).toBe(200);
  });

  it('checks the grant with the contract before forwarding it', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(H, { method: 'POST', body: { ...grant, amount: 0, reason: '' }, cookies });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['amount', 'reason']);
    expect(forwarded()).toHaveLength(0);
    expect((await bff(H, { method: 'POST', body: grant, cookies })).status).toBe(201);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${H}`]);
    expect(
      checkResourceBody('PUT', C, { ...appSettings, pointsPer100Baht: 1, registrationPoints: 0, inviterPoints: 0, inviteePoints: -1, version: 1 }),
    ).toEqual({
      inviteePoints: ['notNegative'],
    });
  });
});
