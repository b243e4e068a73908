import { randomBytes } from 'node:crypto';
import type { PortalSession } from '@/lib/server/session-codec';

export const TEST_SECRETS = {
  SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
  AUTOLOGIN_SECRET: 'test-autologin-secret-0123456789-abcdefghijklmn',
};

export function useTestSecrets(): void {
  Object.assign(process.env, TEST_SECRETS);
}

let counter = 0;

export function makeSession(overrides: Partial<PortalSession> = {}): PortalSession {
  counter += 1;
  return {
    // Unique across runs too: a Redis revocation list (REDIS_URL) outlives the test process.
    sid: `sid-${counter}-${randomBytes(12).toString('base64url')}`,
    accessToken: `token-${counter}`,
    session: `upstream-session-${counter}`,
    UserRole: 'admin',
    UserData: { uid: '1', displayName: 'Admin', email: 'admin@example.com', username: 'admin', userRole: 'admin' },
    expiresIn: 3600,
    loggedIn: true,
    loggedInTime: Date.now(),
    appid: 'app-1',
    companies: 'company-1',
    office: 'office-1',
    root: true,
    area: '',
    AppType: 'Delivery',
    ...overrides,
  };
}

export function staffSession(overrides: Partial<PortalSession> = {}): PortalSession {
  return makeSession({
    UserRole: 'staff',
    UserData: { uid: '2', displayName: 'Staff', username: 'staff.bkk', userRole: 'staff' },
    root: false,
    area: 'Bangkok',
    ...overrides,
  });
}
