import type { PermissionList } from '@/lib/permissions';
import { permissionCatalogue } from '@/lib/routes';
import { sendJson, type FakeUpstream } from './fake-upstream';

/** Scripted Platform API answers shared by the handler tests. */
export const ADMIN_USER = {
  uid: '1',
  username: 'admin',
  displayName: 'Demo Admin',
  email: 'admin@demo.example',
  userRole: 'admin',
  root: true,
  permission: [],
  companies: '1',
  office: '1',
  appid: '1',
  AppType: 'Delivery',
  area: '',
};

export const STAFF_USER = { ...ADMIN_USER, uid: '2', username: 'staff.bkk', userRole: 'staff', root: false, area: '3' };

export function loginAnswer(user: object, token = 'jwt-token-value') {
  return { status: true, accessToken: token, session: 'sess-1', expiresIn: 3600, userData: user, message: '' };
}

/** Every catalogue name with every flag on. */
export function fullPermissionList(flags = { read: true, write: true, create: true, delete: true }): PermissionList {
  return permissionCatalogue().map(({ services, names }) => ({ services, data: names.map((name) => ({ name, ...flags })) }));
}

export function scriptPermissions(fake: FakeUpstream, list: () => PermissionList): void {
  fake.on('GET', '/api/admin/Permission/getPermission', (req, res) => {
    if (!req.headers.authorization?.startsWith('Bearer ')) return sendJson(res, 401, { status: false });
    sendJson(res, 200, { status: true, data: list() });
  });
  fake.on('POST', '/api/admin/Menu/setMenu', (_req, res) => sendJson(res, 200, { status: true }));
}
