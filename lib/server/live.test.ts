import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionCookie, PORTAL } from '@/test/next-request';
import { makeSession, staffSession, useTestSecrets } from '@/test/session-fixtures';
import { fullPermissionList } from '@/test/upstream-script';
import type { PortalSession } from './session-codec';
import { SESSION_COOKIE, unsealSession } from './session-codec';
import { handleLive } from './live';
import { MAX_STREAMS_PER_SESSION } from './live-access';
import { resetRefreshState } from './refresh';
import { startLiveUpstream, streamText, type LiveUpstream } from './live-test-upstream';

let up: LiveUpstream;
const leaving: AbortController[] = [];

beforeAll(async () => {
  useTestSecrets();
  up = await startLiveUpstream();
  process.env.UPSTREAM_API_URL = up.url;
});
afterAll(() => up.close());
beforeEach(() => {
  up.permissions = fullPermissionList();
  up.areaAppId = '7';
  up.httpCalls.length = 0;
  resetRefreshState();
});
afterEach(() => {
  while (leaving.length) leaving.pop()?.abort();
});

async function open(session: PortalSession, service = 'Delivery', { known = true } = {}) {
  if (known) up.valid.add(session.accessToken);
  const browser = new AbortController();
  leaving.push(browser);
  const cookie = Object.entries(await sessionCookie(session))
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const request = new NextRequest(`${PORTAL}/api/live/${service}`, { headers: { cookie, host: '127.0.0.1:3000' }, signal: browser.signal });
  const response = await handleLive(request, service);
  return {
    response,
    browser,
    stream: response.body && response.headers.get('content-type')?.startsWith('text/event-stream') ? streamText(response.body) : null,
  };
}

const orderOf = (appId: number, orderId = 5) => ({
  type: 'order.event',
  orderId,
  orderNo: `F261122-000000${orderId}`,
  kind: 'food',
  event: 'biker_receive_order',
  status: 'biker_receive_order',
  bikerId: 2,
  previousBikerId: null,
  areaId: 1,
  at: '2026-11-22T03:00:00.000Z',
  waiting: false,
  changeable: true,
  scope: { companyId: 1, appId, areaId: 1 },
});

describe('GET /api/live/{service}', () => {
  it('refuses an unknown service, no session and a user without the read flag', async () => {
    expect((await open(makeSession(), 'Nope')).response.status).toBe(404);
    for (const channel of ['nope', 'constructor', '__proto__']) {
      const request = new NextRequest(`${PORTAL}/api/live/Delivery?channel=${channel}`);
      expect((await handleLive(request, 'Delivery')).status).toBe(404);
    }
    const anonymous = await handleLive(new NextRequest(`${PORTAL}/api/live/Delivery`), 'Delivery');
    expect(anonymous.status).toBe(401);
    up.permissions = fullPermissionList({ read: false, write: false, create: false, delete: false });
    const denied = await open(staffSession({ accessToken: 'staff-no-read' }));
    expect(denied.response.status).toBe(403);
    expect(up.upgrades).not.toContain('staff-no-read');
  });

  it("streams the service app's events to an admin, without the token", async () => {
    const session = makeSession({ accessToken: 'admin-live-token' });
    const { response, stream } = await open(session);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-transform');
    await stream!.until((t) => t.includes('event: live'));
    expect(stream!.text.startsWith('retry: 1000\n')).toBe(true);
    expect(up.httpCalls.some((c) => c.startsWith('GET /api/admin/Delivery/Setting/ServiceArea'))).toBe(true);
    up.publish(orderOf(8, 1));
    up.publish(orderOf(7, 2));
    up.publish({
      type: 'biker.presence',
      bikerId: 2,
      presence: 'offline',
      lat: null,
      lng: null,
      areaId: 1,
      at: 'x',
      scope: { companyId: 1, appId: 7, areaId: 1 },
    });
    const text = await stream!.until((t) => t.includes('event: biker.presence'));
    expect(text).toContain('event: order.event\ndata: {"type":"order.event","orderId":"2"');
    expect(text).not.toContain('"orderId":"1"');
    expect(text).not.toContain('admin-live-token');
    expect(text).not.toContain('scope');
  });

  it("uses a staff member's own app without asking for it", async () => {
    const { stream } = await open(staffSession({ accessToken: 'staff-live-token', appid: '9' }));
    await stream!.until((t) => t.includes('event: live'));
    expect(up.httpCalls.some((c) => c.includes('ServiceArea'))).toBe(false);
    up.publish(orderOf(7, 3));
    up.publish(orderOf(9, 4));
    await stream!.until((t) => t.includes('"orderId":"4"'));
    expect(stream!.text).not.toContain('"orderId":"3"');
  });

  it('says reconnecting while the upstream is away and goes on after it is back', async () => {
    const { stream } = await open(makeSession({ accessToken: 'admin-restart' }));
    await stream!.until((t) => t.includes('event: live'));
    up.drop(true);
    await stream!.until((t) => t.includes('event: reconnecting'));
    up.accept();
    await stream!.until((t) => t.split('event: live').length === 3, 8000);
    up.publish(orderOf(7, 6));
    await stream!.until((t) => t.includes('"orderId":"6"'));
  });

  it('shares one upstream socket between the streams of a caller, closes it when the last leaves, and caps streams per session', async () => {
    const session = makeSession({ accessToken: 'admin-many' });
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await open(session));
    // The streams of one caller share one upstream socket (live-hub.ts).
    await up.waitForSockets(1);
    expect(up.open.size).toBe(1);
    const extra = await open(session);
    expect(extra.response.status).toBe(429);
    for (const s of streams) s.browser.abort();
    const start = Date.now();
    while (up.open.size > 0 && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 10));
    expect(up.open.size).toBe(0);
    expect((await open(session)).response.status).toBe(200);
  });

  it('ends the stream for a refresh when the upstream refuses the token, and the next request writes the new token', async () => {
    const session = makeSession({ accessToken: 'admin-expiring' });
    const { stream } = await open(session);
    await stream!.until((t) => t.includes('event: live'));
    up.valid.delete('admin-expiring');
    up.drop();
    await stream!.until((t) => t.includes('event: end\ndata: {"reason":"reauth"}'));
    expect(stream!.done).toBe(false);
    await stream!.until(() => stream!.done).catch(() => undefined);
    expect(stream!.done).toBe(true);

    // The permission list fetched a moment ago would still answer for 2 s; the browser reconnects after that or retries.
    process.env.PERMISSION_CACHE_MS = '0';
    let again;
    try {
      again = await open(session, 'Delivery', { known: false });
    } finally {
      delete process.env.PERMISSION_CACHE_MS;
    }
    expect(again.response.status).toBe(200);
    const cookie = again.response.cookies.get(SESSION_COOKIE)?.value;
    const renewed = await unsealSession(cookie);
    expect(renewed?.accessToken).toMatch(/^rotated-/);
    await again.stream!.until((t) => t.includes('event: live'));
    expect(up.upgrades.at(-1)).toBe(renewed?.accessToken);
  });
});
