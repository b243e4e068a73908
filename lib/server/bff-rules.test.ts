import { describe, expect, it } from 'vitest';
import { flagForMethod } from '@/lib/routes';
import { bffSegments, resolveBffRule } from './bff-rules';

describe('method → flag', () => {
  it.each([
    ['GET', 'read'],
    ['POST', 'create'],
    ['PUT', 'write'],
    ['PATCH', 'write'],
    ['DELETE', 'delete'],
  ])('%s needs %s', (method, flag) => {
    expect(flagForMethod(method)).toBe(flag);
    const decision = resolveBffRule(method, '/api/admin/Delivery/Shop/12', '1');
    expect(decision).toMatchObject({ kind: 'forward', flag, service: 'Delivery', permission: 'Service Delivery Shop' });
  });

  it('refuses other methods', () => {
    expect(resolveBffRule('OPTIONS', '/api/admin/Delivery/Shop', '1')).toMatchObject({ kind: 'reject', status: 405 });
    expect(resolveBffRule('TRACE', '/api/admin/Delivery/Shop', '1')).toMatchObject({ kind: 'reject', status: 405 });
  });
});

describe('allow-list', () => {
  it('gives registry permissions to company and service paths', () => {
    expect(resolveBffRule('GET', '/api/admin/Users/Staff', '1')).toMatchObject({ service: 'Admin', permission: 'Company Users Staff' });
    expect(resolveBffRule('GET', '/api/admin/Delivery/Wallet/Balance/Admin', '1')).toMatchObject({
      service: 'Delivery',
      permission: 'Service Delivery Wallet Balance Admin',
    });
    expect(resolveBffRule('PUT', '/api/admin/Marketplace/Products/4', '1')).toMatchObject({
      service: 'Marketplace',
      permission: 'Service Marketplace Products',
      flag: 'write',
    });
    expect(resolveBffRule('GET', '/api/admin/Dashboard', '1')).toMatchObject({ service: 'Admin', permission: 'Company Dashboard' });
  });

  it('refuses paths the registry does not give', () => {
    expect(resolveBffRule('GET', '/api/admin/Secret/Things', '1')).toEqual({ kind: 'reject', status: 403, code: 'notAuthorized' });
    expect(resolveBffRule('POST', '/api/admin/Menu/setMenu', '1')).toMatchObject({ kind: 'reject', status: 403 });
    expect(resolveBffRule('GET', '/api/admin/Delivery', '1')).toMatchObject({ kind: 'reject', status: 403 });
  });

  it('never forwards the auth calls', () => {
    for (const path of ['/api/admin/auth/login', '/api/admin/auth/refresh-token', '/api/admin/AUTH/login', '/api/admin/auth']) {
      expect(resolveBffRule('POST', path, '1')).toMatchObject({ kind: 'reject', status: 404 });
    }
  });

  it("lets the user's own permission list and own record through with only a session", () => {
    expect(resolveBffRule('GET', '/api/admin/Permission/getPermission', '7')).toMatchObject({ kind: 'forward', permission: true });
    expect(resolveBffRule('GET', '/api/admin/AdminUser/view/7', '7')).toMatchObject({ kind: 'forward', permission: true });
    expect(resolveBffRule('GET', '/api/admin/AdminUser/view/8', '7')).toMatchObject({ kind: 'reject', status: 403 });
    expect(resolveBffRule('POST', '/api/admin/Permission/getPermission', '7')).toMatchObject({ kind: 'reject', status: 403 });
  });

  it('refuses dot segments, empty segments and encoded slashes', () => {
    expect(bffSegments('/api/admin/Delivery/Shop')).toEqual(['Delivery', 'Shop']);
    expect(bffSegments('/api/admin/Delivery/../auth/login')).toBeNull();
    expect(bffSegments('/api/admin/Delivery//Shop')).toBeNull();
    expect(bffSegments('/api/admin/Delivery%2F..%2Fauth')).toBeNull();
    expect(bffSegments('/api/admin/%2e%2e/auth')).toBeNull();
    expect(resolveBffRule('GET', '/api/admin/Delivery/%2e%2e/auth/login', '1')).toMatchObject({ kind: 'reject', status: 404 });
  });
});

describe('app-only calls', () => {
  const refused = { kind: 'reject', status: 403, code: 'notAuthorized' };
  it('refuses the order events, order creation and biker reports on every service, whatever the role', () => {
    for (const service of ['Delivery', 'Marketplace']) {
      expect(resolveBffRule('POST', `/api/admin/${service}/Orders/12/events`, '1')).toEqual(refused);
      expect(resolveBffRule('POST', `/api/admin/${service}/OrdersMessenger/12/events`, '1')).toEqual(refused);
      expect(resolveBffRule('POST', `/api/admin/${service}/Orders`, '1')).toEqual(refused);
      expect(resolveBffRule('POST', `/api/admin/${service}/OrdersMessenger`, '1')).toEqual(refused);
      expect(resolveBffRule('PATCH', `/api/admin/${service}/Monitor/Biker/7`, '1')).toEqual(refused);
      expect(resolveBffRule('POST', `/api/admin/${service}/Regis/Shop`, '1')).toEqual(refused);
      expect(resolveBffRule('POST', `/api/admin/${service}/Wallet/withdraw`, '1')).toEqual(refused);
      // The back-office's own decisions on them still pass.
      expect(resolveBffRule('POST', `/api/admin/${service}/Regis/Shop/3/reject`, '1')).toMatchObject({ kind: 'forward' });
      expect(resolveBffRule('GET', `/api/admin/${service}/Regis/Shop`, '1')).toMatchObject({ kind: 'forward' });
    }
  });

  it('still forwards what a back-office user does: cancel, assign or change the biker', () => {
    expect(resolveBffRule('PATCH', '/api/admin/Delivery/Orders/12/cancel', '1')).toMatchObject({ kind: 'forward', flag: 'write' });
    expect(resolveBffRule('PATCH', '/api/admin/Delivery/Orders/12/biker', '1')).toMatchObject({ kind: 'forward', flag: 'write' });
    expect(resolveBffRule('PATCH', '/api/admin/Delivery/Monitor/Biker/assign', '1')).toMatchObject({ kind: 'forward', flag: 'write' });
  });
});
