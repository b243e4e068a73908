import { describe, expect, it } from 'vitest';
import { missingEntries } from '@/lib/permissions';
import { permissionCatalogue } from '@/lib/routes';
import { afterSignIn, completedMenu, homeFor, sessionFromAnswer } from './auth';
import type { AuthAnswer } from './upstream-schemas';
import { authAnswerSchema } from './upstream-schemas';

const answer = (overrides: Record<string, unknown> = {}, user: Record<string, unknown> = {}): AuthAnswer =>
  authAnswerSchema.parse({
    status: true,
    accessToken: 'tok',
    session: 's-1',
    expiresIn: 3600,
    userData: { uid: 5, userRole: 'staff', root: 0, companies: 1, office: 2, appid: 3, AppType: 'Marketplace', area: 4, ...user },
    ...overrides,
  });

describe('sessionFromAnswer', () => {
  it('stores the spec items, ids as strings', () => {
    const session = sessionFromAnswer(answer({}, { displayName: 'Som' }), { remember: true }, 1000);
    expect(session).toMatchObject({
      accessToken: 'tok',
      session: 's-1',
      UserRole: 'staff',
      UserData: { uid: '5', displayName: 'Som', userRole: 'staff' },
      expiresIn: 3600,
      loggedIn: true,
      loggedInTime: 1000,
      companies: '1',
      office: '2',
      appid: '3',
      AppType: 'Marketplace',
      area: '4',
      root: false,
      remember: true,
    });
    expect(session!.sid.length).toBeGreaterThanOrEqual(16);
  });

  it('leaves no session for a false status, a missing token, or no companies or office', () => {
    expect(sessionFromAnswer(answer({ status: false }))).toBeNull();
    expect(sessionFromAnswer(answer({ accessToken: undefined }))).toBeNull();
    expect(sessionFromAnswer(answer({}, { companies: null }))).toBeNull();
    expect(sessionFromAnswer(answer({}, { office: '' }))).toBeNull();
  });

  it('refuses a token too long for the cookie and clips long display fields', () => {
    expect(sessionFromAnswer(answer({ accessToken: 'x'.repeat(5000) }))).toBeNull();
    const session = sessionFromAnswer(answer({}, { displayName: 'n'.repeat(500) }));
    expect(session!.UserData.displayName!.length).toBeLessThanOrEqual(64);
  });
});

describe('where a user lands', () => {
  it('sends a non-admin with an app to its dashboard, everyone else to /', () => {
    expect(homeFor({ UserRole: 'staff', AppType: 'Delivery' })).toBe('/Service/Delivery/Dashboard');
    expect(homeFor({ UserRole: 'staff', AppType: 'Marketplace' })).toBe('/Service/Marketplace/Dashboard');
    expect(homeFor({ UserRole: 'staff', AppType: '' })).toBe('/');
    expect(homeFor({ UserRole: 'admin', AppType: 'Delivery' })).toBe('/');
  });

  it('prefers a safe `to`', () => {
    expect(afterSignIn({ UserRole: 'admin', AppType: '' }, '/Payment')).toBe('/Payment');
    expect(afterSignIn({ UserRole: 'staff', AppType: 'Delivery' }, 'https://evil.example')).toBe('/Service/Delivery/Dashboard');
  });
});

describe('menu catalogue', () => {
  it('completes the list with every missing name, dashboards readable, existing flags kept', () => {
    const existing = [{ services: 'Delivery', data: [{ name: 'Service Delivery Shop', read: true, write: true, create: false, delete: false }] }];
    const menu = completedMenu(existing);
    expect(missingEntries(menu, permissionCatalogue())).toEqual([]);
    const delivery = menu.find((e) => e.services === 'Delivery')!;
    expect(delivery.data.find((i) => i.name === 'Service Delivery Shop')).toEqual(existing[0]!.data[0]);
    expect(delivery.data.find((i) => i.name === 'Service Delivery Dashboard')).toMatchObject({ read: true, write: false });
    expect(delivery.data.find((i) => i.name === 'Service Delivery Orders')).toMatchObject({ read: false, write: false, create: false, delete: false });
    expect(menu.find((e) => e.services === 'Admin')!.data.find((i) => i.name === 'Company Dashboard')).toMatchObject({ read: true });
  });
});
