import { beforeEach, describe, expect, it } from 'vitest';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of Wallet Monitoring's operator actions: `Wallet Adjust`'s create flag, and the contract's bodies. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const ADJUST = '/api/admin/Delivery/Wallet/Adjust/wallet/12';
const REJECT = '/api/admin/Delivery/Wallet/Adjust/transaction/42/reject';
const posting = { kind: 'bonus', amount: 2_000, reason: 'Songkran', idempotencyKey: 'k-1' };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const path of [ADJUST, REJECT]) fake.on('POST', path, (req, res) => sendJson(res, 201, { status: true, data: JSON.parse(req.body) }));
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const without = (name: string, flag: 'create' | 'read') =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (i.name === name ? { ...i, [flag]: false } : i)) }));

describe('BFF: wallet operator actions', () => {
  it("checks both paths against Wallet Adjust's create flag, not the wallet menus'", () => {
    for (const path of [ADJUST, REJECT]) {
      expect(resolveBffRule('POST', path, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Wallet Adjust', flag: 'create' });
    }
    expect(resolveBffRule('POST', '/api/admin/Marketplace/Wallet/Adjust/wallet/3', '1')).toMatchObject({ permission: 'Service Marketplace Wallet Adjust' });
  });

  it('refuses staff without Wallet Adjust (403) before anything leaves the portal, whatever their wallet flags', async () => {
    permissions = without('Service Delivery Wallet Adjust', 'create');
    const cookies = await sessionCookie(staffSession());
    expect((await bff(ADJUST, { method: 'POST', body: posting, cookies })).status).toBe(403);
    expect((await bff(REJECT, { method: 'POST', body: { reason: 'Wrong account' }, cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('checks the bodies with the contract, then forwards them with the Idempotency-Key header', async () => {
    const cookies = await sessionCookie(makeSession());
    const bad = await bff(ADJUST, { method: 'POST', body: { kind: 'deposit', amount: -5, reason: '' }, cookies });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(['amount', 'reason']);
    expect((await bff(REJECT, { method: 'POST', body: { reason: ' ' }, cookies })).status).toBe(400);
    expect(forwarded()).toHaveLength(0);

    expect((await bff(ADJUST, { method: 'POST', body: posting, cookies, headers: { 'idempotency-key': 'k-1' } })).status).toBe(201);
    expect((await bff(REJECT, { method: 'POST', body: { reason: 'Wrong account' }, cookies })).status).toBe(201);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${ADJUST}`, `POST ${REJECT}`]);
    expect(forwarded()[0]!.headers['idempotency-key']).toBe('k-1');
  });
});
