import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@contract/resources/app-config';
import { checkResourceBody } from '@/lib/resources/body-check';
import { handleBff } from '@/lib/server/bff';
import { resolveBffRule } from '@/lib/server/bff-rules';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { portalRequest, sessionCookie, type RequestInitLike } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

/** The BFF in front of the settings screens: the app's settings and the company's system settings, with their history. */
const fake = withFakeUpstream();
let permissions = fullPermissionList();
const C = '/api/admin/Delivery/Config/App';
const S = '/api/admin/Delivery/Setting/System';
const appBody = {
  pointsPer100Baht: 1,
  registrationPoints: 0,
  inviterPoints: 0,
  inviteePoints: 0,
  ...DEFAULT_APP_SETTINGS,
  supportPhone: '021234567',
  version: 1,
};
const systemBody = { name: 'Bite', logoUrl: '', timeZone: 'Asia/Bangkok', defaultLanguage: 'en', distanceUnit: 'km', version: 1 };

beforeEach(() => {
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
  for (const path of [C, S, `${C}/History`, `${S}/History`]) {
    fake.on('GET', path, (_req, res) => sendJson(res, 200, { status: true, data: [] }));
    fake.on('PUT', path, (req, res) => sendJson(res, 200, { status: true, data: JSON.parse(req.body) }));
  }
});

const bff = (path: string, init: RequestInitLike = {}) => handleBff(portalRequest(path, init));
const forwarded = () => fake.requests.filter((r) => !r.path.includes('getPermission'));
const without = (...names: string[]) =>
  fullPermissionList().map((g) => ({ ...g, data: g.data.map((i) => (names.includes(i.name) ? { ...i, read: false, write: false, create: false } : i)) }));

describe('BFF: settings', () => {
  it('checks each path, its history and the logo upload against the permission the route registry gives it', () => {
    expect(resolveBffRule('PUT', C, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Config App', flag: 'write' });
    expect(resolveBffRule('GET', `${C}/History`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Config App', flag: 'read' });
    expect(resolveBffRule('PUT', S, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Setting System', flag: 'write' });
    expect(resolveBffRule('GET', `${S}/History`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Setting System', flag: 'read' });
    expect(resolveBffRule('POST', `${S}/Images`, '1')).toMatchObject({ kind: 'forward', permission: 'Service Delivery Setting System' });
    // The frame's brand is read by the portal's server alone: the browser cannot ask for it through the BFF.
    expect(resolveBffRule('GET', '/api/admin/Brand', '1')).toMatchObject({ kind: 'reject', status: 403 });
  });

  it('refuses the settings, their history and a save to a user without the flags, before they leave the portal', async () => {
    permissions = without('Service Delivery Config App', 'Service Delivery Setting System');
    const cookies = await sessionCookie(staffSession());
    for (const path of [C, `${C}/History`, S, `${S}/History`]) expect((await bff(path, { cookies })).status, path).toBe(403);
    expect((await bff(C, { method: 'PUT', body: appBody, cookies })).status).toBe(403);
    expect((await bff(S, { method: 'PUT', body: systemBody, cookies })).status).toBe(403);
    expect((await bff('/api/admin/Brand', { cookies })).status).toBe(403);
    expect(forwarded()).toHaveLength(0);
  });

  it('never forwards the apps’ own read of their settings', async () => {
    const cookies = await sessionCookie(makeSession());
    const res = await bff('/api/admin/../app/Delivery/Config', { cookies });
    expect([403, 404]).toContain(res.status);
    expect(forwarded()).toHaveLength(0);
  });

  it('checks a save with the form’s schema: the spec’s bounds are answered without a call upstream', async () => {
    expect(checkResourceBody('PUT', C, { ...appBody, acceptTimeoutSeconds: 24, paymentWaitHours: 25 })).toEqual({
      acceptTimeoutSeconds: ['gte25'],
      paymentWaitHours: ['thanMore24'],
    });
    expect(checkResourceBody('PUT', C, { ...appBody, supportPhone: '' })).toEqual({
      supportPhone: ['incompleteSettings'],
      supportEmail: ['incompleteSettings'],
      supportLineId: ['incompleteSettings'],
    });
    expect(checkResourceBody('PUT', S, { ...systemBody, distanceUnit: 'Mile' })).toEqual({ distanceUnit: ['required'] });
    const cookies = await sessionCookie(makeSession());
    expect((await bff(C, { method: 'PUT', body: { ...appBody, acceptTimeoutSeconds: 10 }, cookies })).status).toBe(400);
    expect(forwarded()).toHaveLength(0);
    expect((await bff(C, { method: 'PUT', body: appBody, cookies })).status).toBe(200);
    expect((await bff(S, { method: 'PUT', body: systemBody, cookies })).status).toBe(200);
    expect(forwarded().map((r) => `${r.method} ${r.path}`)).toEqual([`PUT ${C}`, `PUT ${S}`]);
  });
});
