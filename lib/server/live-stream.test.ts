import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '@/lib/routes';
import { makeSession, useTestSecrets } from '@/test/session-fixtures';
import { fullPermissionList } from '@/test/upstream-script';
import { liveStream, renewalDueAt } from './live-stream';
import { startLiveUpstream, streamText, type LiveUpstream } from './live-test-upstream';
import { revokeSession } from './session';
import type { PortalSession } from './session-codec';

let up: LiveUpstream;
const route = matchRoute('/Service/Delivery/Monitor/Biker')!.route;

beforeAll(async () => {
  useTestSecrets();
  up = await startLiveUpstream();
  process.env.UPSTREAM_API_URL = up.url;
  process.env.PERMISSION_CACHE_MS = '0';
});
afterAll(async () => {
  delete process.env.PERMISSION_CACHE_MS;
  await up.close();
});
beforeEach(() => {
  up.permissions = fullPermissionList();
});

function start(session: PortalSession, extra: { heartbeatMs?: number; maxQueued?: number } = {}) {
  up.valid.add(session.accessToken);
  let closed = 0;
  const browser = new AbortController();
  const body = liveStream({ session, route, appId: null, signal: browser.signal, onClose: () => (closed += 1), heartbeatMs: 20, permissionEvery: 1, ...extra });
  return { stream: streamText(body), browser, closed: () => closed };
}

describe('live stream (browser side)', () => {
  it('sends the retry time, live, and heartbeat comments', async () => {
    const { stream, browser, closed } = start(makeSession({ accessToken: 'beat' }));
    const text = await stream.until((t) => t.split(': heartbeat').length > 2);
    expect(text.startsWith('retry: 1000\n')).toBe(true);
    expect(text).toContain('event: live');
    browser.abort();
    expect(closed()).toBe(1);
  });

  it('ends for a renewal when the token is due, so the next request can write the new one', async () => {
    const session = makeSession({ accessToken: 'renew', expiresIn: 3600, loggedInTime: Date.now() - (3600 - 200) * 1000 });
    expect(renewalDueAt(session)).toBeLessThan(Date.now());
    const due = makeSession({ accessToken: 'renew-2', expiresIn: 3600, loggedInTime: Date.now() - (3600 - 301) * 1000 });
    const { stream, closed } = start(due);
    await stream.until((t) => t.includes('event: end\ndata: {"reason":"renew"}'), 4000);
    expect(closed()).toBe(1);
  });

  it('ends when the session is signed out elsewhere', async () => {
    const session = makeSession({ accessToken: 'revoked' });
    const { stream } = start(session);
    await stream.until((t) => t.includes('heartbeat'));
    await revokeSession(session);
    await stream.until((t) => t.includes('"reason":"signed-out"'));
  });

  it('ends when the read permission is taken away', async () => {
    const { stream } = start(makeSession({ UserRole: 'staff', accessToken: 'perm' }));
    await stream.until((t) => t.includes('heartbeat'));
    up.permissions = fullPermissionList({ read: false, write: false, create: false, delete: false });
    await stream.until((t) => t.includes('"reason":"forbidden"'));
  });

  it('drops a browser that stops reading instead of queueing frames for it without end', async () => {
    const { closed } = start(makeSession({ accessToken: 'stalled' }), { heartbeatMs: 5, maxQueued: 10 });
    // Nothing reads the stream: its queue grows by a heartbeat every 5 ms until the limit ends it.
    const until = Date.now() + 5000;
    while (closed() === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed()).toBe(1);
  });
});
