import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/session-fixtures';
import { checkLiveAccess, liveRouteFor } from './live-access';
import { resolveBffRule } from './bff-rules';

describe('Chat through the BFF', () => {
  it('forwards the admin channel’s Chat calls of each service: personal, no flag (the Platform API keeps staff to their service and area)', () => {
    for (const [method, path] of [
      ['GET', '/api/admin/Delivery/Chat'],
      ['POST', '/api/admin/Delivery/Chat'],
      ['GET', '/api/admin/Delivery/Chat/peers'],
      ['GET', '/api/admin/Delivery/Chat/4/messages'],
      ['POST', '/api/admin/Delivery/Chat/4/messages'],
      ['POST', '/api/admin/Delivery/Chat/4/read'],
    ] as const) {
      expect(resolveBffRule(method, path, '1')).toMatchObject({ kind: 'forward', service: 'Delivery', permission: true });
    }
    expect(resolveBffRule('GET', '/api/admin/Marketplace/Chat', '1')).toMatchObject({ kind: 'forward', service: 'Marketplace', permission: true });
  });

  it('never forwards the peers’ app channel', () => {
    for (const path of ['/api/app/Delivery/Chat/shop/3/messages', '/api/app/Delivery/Chat/shop/3/read', '/api/app/Delivery/Chat/shop/3/ws']) {
      expect(resolveBffRule('POST', path, '1')).toMatchObject({ kind: 'reject', status: 404 });
    }
  });

  it('gives the chat stream to users of the service only: staff of another service are refused', async () => {
    const delivery = liveRouteFor('Delivery', '/Chat')!;
    const marketplace = liveRouteFor('Marketplace', '/Chat')!;
    expect(delivery.permission).toBe(true);
    const staff = makeSession({ UserRole: 'staff', AppType: 'Delivery' });
    expect(await checkLiveAccess(marketplace, staff)).toEqual({ ok: false, status: 403 });
  });
});
