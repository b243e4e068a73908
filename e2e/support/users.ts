import path from 'node:path';

/** The demo users (ARCHITECTURE.md section 3) and where the setup project keeps each one's signed-in state. */
export const USERS = {
  admin: { username: 'admin', password: 'Admin#2026', home: '/' },
  bkk: { username: 'staff.bkk', password: 'Staff#2026', home: '/Service/Delivery/Dashboard' },
  cnx: { username: 'staff.cnx', password: 'Staff#2026', home: '/Service/Delivery/Dashboard' },
  market: { username: 'staff.market', password: 'Staff#2026', home: '/Service/Marketplace/Dashboard' },
} as const;

export type Role = keyof typeof USERS;
export const ROLES = Object.keys(USERS) as Role[];

/** `e2e/.auth/<portal port>/<role>.json` (gitignored), written by auth.setup.ts; one folder per stack. */
export function stateFile(role: Role): string {
  return path.join(import.meta.dirname, '..', '.auth', String(process.env.E2E_PORTAL_PORT ?? 3100), `${role}.json`);
}

/** An e-mail address no other test uses. */
export function uniqueEmail(label: string): string {
  return `e2e.${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** A JWT-looking string: what an upstream access token is, and what the browser must never receive. */
export const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;

/** The e2e portal runs `next start` (production) without COOKIE_SECURE: Secure cookies with the `__Host-` prefix. */
export const SESSION_COOKIE = '__Host-bo_session';
