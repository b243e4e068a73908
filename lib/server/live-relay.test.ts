import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@/lib/monitor/schema';
import { makeSession, useTestSecrets } from '@/test/session-fixtures';
import { refreshOnce, resetRefreshState } from './refresh';
import { liveSocketUrl, startRelay, type Relay } from './live-relay';
import { startLiveUpstream, type LiveUpstream } from './live-test-upstream';

let up: LiveUpstream;
let relay: Relay | null = null;
const FAST = { baseMs: 20, maxMs: 100, factor: 2, jitter: 0 };

beforeAll(async () => {
  useTestSecrets();
  up = await startLiveUpstream();
});
afterAll(() => up.close());
afterEach(() => {
  relay?.close();
  relay = null;
  resetRefreshState();
  up.accept();
});

const waitFor = async (check: () => boolean, timeoutMs = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function run(token: string, appId = '7') {
  up.valid.add(token);
  const log: string[] = [];
  const events: LiveEvent[] = [];
  relay = startRelay({
    session: makeSession({ accessToken: token }),
    appId,
    baseUrl: up.url,
    backoff: FAST,
    onLive: () => log.push('live'),
    onReconnecting: () => log.push('reconnecting'),
    onEvent: (event) => events.push(event as LiveEvent),
    onUnauthorized: () => log.push('unauthorized'),
  });
  return { log, events };
}

const order = (appId: number) => ({
  type: 'order.event',
  orderId: 5,
  orderNo: 'F261122-0000005',
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

describe('live relay (upstream side)', () => {
  it('turns the base URL into the /ws address', () => {
    expect(liveSocketUrl('http://127.0.0.1:4000/')).toBe('ws://127.0.0.1:4000/ws');
    expect(liveSocketUrl('https://api.example')).toBe('wss://api.example/ws');
  });

  it("connects with the session's token and forwards only the service app's events", async () => {
    const { log, events } = run('token-a');
    await waitFor(() => log.includes('live'));
    expect(up.upgrades.at(-1)).toBe('token-a');
    up.publish(order(8));
    up.publish({ type: 'heartbeat', at: 'now' });
    up.publish(order(7));
    await waitFor(() => events.length === 1);
    expect(events[0]).toMatchObject({ type: 'order.event', orderId: '5', bikerId: '2' });
  });

  it('reconnects with backoff after the upstream went away, and says so', async () => {
    const { log, events } = run('token-b');
    await waitFor(() => log.includes('live'));
    up.drop(true);
    await waitFor(() => log.includes('reconnecting'));
    const refused = up.upgrades.length;
    await waitFor(() => up.upgrades.length > refused + 1);
    up.accept();
    await waitFor(() => log.filter((l) => l === 'live').length === 2);
    expect(log).toEqual(['live', 'reconnecting', 'live']);
    up.publish(order(7));
    await waitFor(() => events.length === 1);
  });

  it('stops on a refused token unless the session already has a newer one', async () => {
    const { log } = run('token-c');
    await waitFor(() => log.includes('live'));
    up.valid.delete('token-c');
    await refreshOnce(makeSession().sid, 'token-c', async () => ({ accessToken: 'token-c2' }));
    up.valid.add('token-c2');
    up.drop();
    await waitFor(() => up.upgrades.at(-1) === 'token-c2' && up.open.size === 1);
    expect(log).not.toContain('unauthorized');

    up.valid.delete('token-c2');
    up.drop();
    await waitFor(() => log.includes('unauthorized'));
    const attempts = up.upgrades.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(up.upgrades.length).toBe(attempts);
  });

  it('closes the upstream socket when closed', async () => {
    const { log } = run('token-d');
    await waitFor(() => log.includes('live'));
    await up.waitForSockets(1);
    relay?.close();
    await waitFor(() => up.open.size === 0);
  });
});
