import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionList } from '@/lib/permissions';
import { SESSION_COOKIE } from '@/lib/server/session-codec';
import { sendJson, withFakeUpstream } from './fake-upstream';
import { sessionCookie } from './next-request';
import { makeSession, staffSession } from './session-fixtures';
import { fullPermissionList, scriptPermissions } from './upstream-script';

// Pages run the same checks as proxy.ts through lib/server: here without proxy.ts at all.
const jar = new Map<string, string>();
class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) }),
}));
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Redirected(url);
  },
}));

const { requirePage, redirectIfSignedIn, getShellUser } = await import('@/lib/server/guard');
const { fetchForPage } = await import('@/lib/server/page-fetch');

const fake = withFakeUpstream();
let permissions: PermissionList = fullPermissionList();

beforeEach(() => {
  jar.clear();
  permissions = fullPermissionList();
  scriptPermissions(fake, () => permissions);
});

async function signIn(session = makeSession()) {
  jar.set(SESSION_COOKIE, (await sessionCookie(session))[SESSION_COOKIE]!);
  return session;
}

async function redirectOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Redirected) return error.url;
    throw error;
  }
  throw new Error('expected a redirect');
}

describe('requirePage', () => {
  it('gives the session, permissions, route and params to an allowed page', async () => {
    const session = await signIn();
    const page = await requirePage('/Users/Staff/View/7');
    expect(page.session.sid).toBe(session.sid);
    expect(page.route.permission).toBe('Company Users Staff');
    expect(page.params).toEqual({ id: '7' });
    expect(page.permissions.length).toBeGreaterThan(0);
  });

  it('redirects unknown paths, visitors, and the wrong role', async () => {
    expect(await redirectOf(requirePage('/nope'))).toBe('/pages/error-404');
    expect(await redirectOf(requirePage('/Users/Staff'))).toBe('/auth/login?to=%2FUsers%2FStaff');
    await signIn(staffSession());
    expect(await redirectOf(requirePage('/Users/Staff'))).toBe('/not-authorized');
  });

  it('logs out a user without the read flag and one whose permissions cannot be fetched', async () => {
    await signIn(staffSession());
    permissions = [];
    expect(await redirectOf(requirePage('/Service/Delivery/Shop'))).toBe('/clearcookies?reason=not-authorized&to=%2FService%2FDelivery%2FShop');
    fake.on('GET', '/api/admin/Permission/getPermission', (_req, res) => sendJson(res, 401, { status: false }));
    await signIn(staffSession());
    expect(await redirectOf(requirePage('/Service/Delivery/Shop'))).toBe('/clearcookies?to=%2FService%2FDelivery%2FShop');
  });

  it('throws a clear upstream error (no redirect, session kept) when the Platform API is down', async () => {
    await signIn();
    process.env.UPSTREAM_API_URL = 'http://127.0.0.1:9';
    await expect(requirePage('/Users/Staff')).rejects.toMatchObject({ status: 502, digest: 'UPSTREAM_UNREACHABLE' });
  });
});

describe('auth pages and shell', () => {
  it('sends signed-in users home and lets visitors stay', async () => {
    await expect(redirectIfSignedIn()).resolves.toBeUndefined();
    await signIn(staffSession());
    expect(await redirectOf(redirectIfSignedIn())).toBe('/Service/Delivery/Dashboard');
  });

  it('gives the navbar the user without any token', async () => {
    expect(await getShellUser()).toBeNull();
    await signIn();
    const user = await getShellUser();
    expect(user).toMatchObject({ uid: '1', displayName: 'Admin', role: 'admin', root: true });
    expect(JSON.stringify(user)).not.toContain('token');
  });

  it('fetchForPage sends a 401 to sign in again', async () => {
    await signIn();
    fake.on('GET', '/api/admin/Delivery/Shop', (_req, res) => sendJson(res, 401, { status: false }));
    const { z } = await import('zod');
    expect(await redirectOf(fetchForPage('/api/admin/Delivery/Shop', { schema: z.object({}), returnTo: '/Service/Delivery/Shop' }))).toBe(
      '/clearcookies?reason=expired&to=%2FService%2FDelivery%2FShop',
    );
  });
});
