import { beforeEach, describe, expect, it } from 'vitest';
import { GET as autologinPortal, POST as confirmPortal } from '@/app/autologinPortal/route';
import { GET as autologinRoot } from '@/app/autologinRoot/route';
import { GET as autologinShop } from '@/app/autologinShop/route';
import { signAutologinToken, verifyAutologinToken } from '@contract/autologin';
import { getRequestSession } from '@/lib/server/session';
import { SESSION_COOKIE, unsealSession } from '@/lib/server/session-codec';
import { becomeAnotherInstance } from './another-instance';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { cookieNamed, portalRequest, sessionCookie } from './next-request';
import { makeSession, TEST_SECRETS } from './session-fixtures';
import { ADMIN_USER, STAFF_USER, fullPermissionList, loginAnswer, scriptPermissions } from './upstream-script';

const fake = withFakeUpstream();
const secret = TEST_SECRETS.AUTOLOGIN_SECRET;

beforeEach(() => {
  scriptPermissions(fake, () => fullPermissionList());
  // The upstream verifies the token again and records its nonce: a second use fails there.
  const used = new Set<string>();
  const answer = (purpose: 'root' | 'portal' | 'shop', extra: object) => async (req: { body: string }, res: Parameters<typeof sendJson>[0]) => {
    const { token } = JSON.parse(req.body) as { token: string };
    const verified = await verifyAutologinToken(secret, purpose, token);
    if (!verified.ok || used.has(verified.payload.nonce)) return sendJson(res, 200, { status: false, message: 'Wrong Email or Password' });
    used.add(verified.payload.nonce);
    sendJson(res, 200, { ...loginAnswer(verified.payload.uid === '2' ? STAFF_USER : ADMIN_USER), ...extra });
  };
  fake.on('POST', '/api/admin/auth/autoLoginRoot', answer('root', { author: 'root-portal' }));
  fake.on('POST', '/api/admin/auth/autoLoginPortal', answer('portal', { author: 'franchise-7' }));
  fake.on('POST', '/api/admin/auth/autologinShop', answer('shop', { shop: '55' }));
});

const link = (path: string, token: string, to?: string) =>
  portalRequest(`${path}?token=${encodeURIComponent(token)}${to ? `&to=${encodeURIComponent(to)}` : ''}`, { sameOrigin: false });

const expectFailure = (response: Response) => {
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/auth/login?error=1');
  expect(cookieNamed(response, SESSION_COOKIE)?.value ?? '').toBe('');
};

describe('auto-login entries', () => {
  it('signs in with author, then 303 to `to` so the token leaves the address bar', async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1', author: 'franchise-7' });
    const response = await autologinPortal(link('/autologinPortal', token, '/Users/Admin'));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/Users/Admin');
    expect(JSON.parse(fake.requests.find((r) => r.path === '/api/admin/auth/autoLoginPortal')!.body)).toEqual({ token });
    const session = await unsealSession(cookieNamed(response, SESSION_COOKIE)!.value);
    expect(session).toMatchObject({ author: 'franchise-7', UserRole: 'admin' });
  });

  it('goes to the default page for an unsafe `to`, and stores the shop for a shop link', async () => {
    const root = await autologinRoot(link('/autologinRoot', await signAutologinToken(secret, 'root', { uid: '2' }), '//evil.example'));
    expect(root.headers.get('location')).toBe('/Service/Delivery/Dashboard');
    const shop = await autologinShop(link('/autologinShop', await signAutologinToken(secret, 'shop', { uid: '1', shop: '55' })));
    expect(await unsealSession(cookieNamed(shop, SESSION_COOKIE)!.value)).toMatchObject({ shop: '55' });
  });

  it('refuses a tampered token without calling the upstream', async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    const [first, signature] = token.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ uid: '2', exp: Math.floor(Date.now() / 1000) + 60, nonce: 'n-forged-1' })).toString('base64url')}.${signature}`;
    expectFailure(await autologinPortal(link('/autologinPortal', forged)));
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expectFailure(await autologinPortal(link('/autologinPortal', `${first}.${flipped}`)));
    expectFailure(await autologinPortal(link('/autologinPortal', 'garbage')));
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses expired, too-far-future and other-purpose tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    expectFailure(await autologinPortal(link('/autologinPortal', await signAutologinToken(secret, 'portal', { uid: '1', exp: now - 1 }))));
    expectFailure(await autologinPortal(link('/autologinPortal', await signAutologinToken(secret, 'portal', { uid: '1', exp: now + 3600 }))));
    expectFailure(await autologinPortal(link('/autologinPortal', await signAutologinToken(secret, 'root', { uid: '1' }))));
    expectFailure(await autologinRoot(link('/autologinRoot', await signAutologinToken(secret, 'shop', { uid: '1' }))));
    expect(fake.requests).toHaveLength(0);
  });

  it('accepts a link once: a replay fails', async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    expect((await autologinPortal(link('/autologinPortal', token))).headers.get('location')).toBe('/');
    expectFailure(await autologinPortal(link('/autologinPortal', token)));
  });

  it('fails to login when the upstream refuses the token or is down', async () => {
    fake.on('POST', '/api/admin/auth/autoLoginPortal', (_req, res) => sendJson(res, 200, { status: false }));
    expectFailure(await autologinPortal(link('/autologinPortal', await signAutologinToken(secret, 'portal', { uid: '1' }))));
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    expectFailure(await autologinPortal(link('/autologinPortal', await signAutologinToken(secret, 'portal', { uid: '1' }))));
  });

  it('a link that does not verify (forged, replayed) leaves the session it finds, so a cross-site link cannot sign anyone out', async () => {
    const signedIn = await sessionCookie(makeSession());
    const withSession = (path: string, token: string) =>
      portalRequest(`${path}?token=${encodeURIComponent(token)}`, { sameOrigin: false, headers: { 'sec-fetch-site': 'cross-site' }, cookies: signedIn });
    const forged = await autologinPortal(withSession('/autologinPortal', 'bad.token'));
    expect([forged.status, forged.headers.get('location')]).toEqual([303, '/auth/login?error=1']);
    expect(cookieNamed(forged, SESSION_COOKIE)).toBeUndefined();
    const session = await getRequestSession(portalRequest('/', { cookies: signedIn }));
    expect(session).not.toBeNull();
  });
});

describe('a used link on another portal instance (no Redis)', () => {
  it("is refused by the Platform API and leaves the victim's session: nobody is signed out", async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    expect((await autologinPortal(link('/autologinPortal', token))).headers.get('location')).toBe('/');
    // The victim, signed in on another instance that never saw the link's nonce, is made to open it again.
    becomeAnotherInstance();
    fake.on('POST', '/api/admin/auth/logout', (_req, res) => sendJson(res, 200, { status: true }));
    const victim = await sessionCookie(makeSession({ accessToken: 'victim-token' }));
    const again = portalRequest(`/autologinPortal?token=${encodeURIComponent(token)}`, { cookies: victim, headers: { 'sec-fetch-site': 'none' } });
    const response = await autologinPortal(again);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth/login?error=1');
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    expect(await getRequestSession(portalRequest('/', { cookies: victim }))).not.toBeNull();
    expect(fake.count('POST', '/api/admin/auth/logout')).toBe(0);
  });

  it('a link that signs in ends the session it replaces at the Platform API too', async () => {
    fake.on('POST', '/api/admin/auth/logout', (_req, res) => sendJson(res, 200, { status: true }));
    const before = await sessionCookie(makeSession({ accessToken: 'replaced-token' }));
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    const response = await autologinPortal(portalRequest(`/autologinPortal?token=${encodeURIComponent(token)}`, { cookies: before }));
    expect(response.headers.get('location')).toBe('/');
    expect(await getRequestSession(portalRequest('/', { cookies: before }))).toBeNull();
    expect(fake.requests.filter((r) => r.path === '/api/admin/auth/logout').map((r) => r.headers.authorization)).toEqual(['Bearer replaced-token']);
  });
});

describe('a link followed from another site (login CSRF)', () => {
  const crossSite = (token: string, to?: string) =>
    portalRequest(`/autologinPortal?token=${encodeURIComponent(token)}${to ? `&to=${encodeURIComponent(to)}` : ''}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
  const confirm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    confirmPortal(
      portalRequest('/autologinPortal', {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
    );

  it('goes to the confirmation page without signing in or calling the upstream', async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    const response = await autologinPortal(crossSite(token, '/Users/Admin'));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://x');
    expect(location.pathname).toBe('/auth/autologin');
    expect(Object.fromEntries(location.searchParams)).toEqual({ purpose: 'portal', token, to: '/Users/Admin' });
    expect(cookieNamed(response, SESSION_COOKIE)).toBeUndefined();
    expect(fake.count('POST', '/api/admin/auth/autoLoginPortal')).toBe(0);
  });

  it('a bad token from another site still goes to login and leaves the session', async () => {
    expectFailure(await autologinPortal(crossSite('forged.token')));
  });

  it("the confirmation page's same-origin post signs in and opens `to`; a post from another site is refused", async () => {
    const token = await signAutologinToken(secret, 'portal', { uid: '1' });
    const refused = await confirm({ token, to: '/Users/Admin' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expectFailure(refused);
    expect(fake.count('POST', '/api/admin/auth/autoLoginPortal')).toBe(0);

    const accepted = await confirm({ token, to: '/Users/Admin' });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe('/Users/Admin');
    expect(await unsealSession(cookieNamed(accepted, SESSION_COOKIE)!.value)).toMatchObject({ UserRole: 'admin' });
  });
});
