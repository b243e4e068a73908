import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSession, staffSession, useTestSecrets } from '@/test/session-fixtures';
import { joinLiveHub, liveHubCount, type HubSubscriber } from './live-hub';
import type { Relayable } from './live-relay';
import { startLiveUpstream, type LiveUpstream } from './live-test-upstream';
import type { PortalSession } from './session-codec';

let up: LiveUpstream;
const leaves: (() => void)[] = [];

beforeAll(async () => {
  useTestSecrets();
  up = await startLiveUpstream();
});
afterAll(() => up.close());
afterEach(async () => {
  while (leaves.length) leaves.pop()!();
  const start = Date.now();
  while (up.open.size > 0 && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 10));
});

const chat: Relayable = (m) => (m.type === 'chat.message' ? ({ type: 'chat.message', body: m.body } as { type: string }) : null);
const orders: Relayable = (m) => (m.type === 'order.event' ? ({ type: 'order.event', orderId: m.orderId } as { type: string }) : null);

interface Seen {
  text: string;
  writes: number;
  live: number;
  reconnecting: number;
  unauthorized: number;
}

function join(session: PortalSession, relayable: Relayable, appId = '7', batchMs = 15) {
  up.valid.add(session.accessToken);
  const seen: Seen = { text: '', writes: 0, live: 0, reconnecting: 0, unauthorized: 0 };
  const decoder = new TextDecoder();
  const subscriber: HubSubscriber = {
    session,
    relayable,
    onLive: () => (seen.live += 1),
    onReconnecting: () => (seen.reconnecting += 1),
    onFrames: (bytes) => {
      seen.writes += 1;
      seen.text += decoder.decode(bytes);
    },
    onUnauthorized: () => (seen.unauthorized += 1),
  };
  const leave = joinLiveHub(subscriber, { appId, baseUrl: up.url, batchMs });
  leaves.push(leave);
  return { seen, leave };
}

async function until(predicate: () => boolean, timeoutMs = 3000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('live hub: one upstream socket per caller', () => {
  it('shares a socket between sessions of the same caller and gives each channel only its own events', async () => {
    const a = join(makeSession({ accessToken: 'hub-a' }), chat);
    const b = join(makeSession({ accessToken: 'hub-b' }), chat);
    const c = join(makeSession({ accessToken: 'hub-c' }), orders);
    await until(() => a.seen.live === 1 && b.seen.live === 1 && c.seen.live === 1);
    expect(up.open.size).toBe(1);
    expect(liveHubCount()).toBe(1);

    up.publish({ type: 'chat.message', body: 'one' });
    up.publish({ type: 'order.event', orderId: '5' });
    up.publish({ type: 'chat.message', body: 'two' });
    await until(() => count(a.seen.text, 'event: chat.message') === 2 && count(b.seen.text, 'event: chat.message') === 2 && c.seen.text.includes('"5"'));
    expect(a.seen.text).toBe(b.seen.text);
    expect(a.seen.text).not.toContain('order.event');
    expect(c.seen.text).not.toContain('chat.message');
    expect(a.seen.text.indexOf('"one"')).toBeLessThan(a.seen.text.indexOf('"two"'));
  });

  it('writes a burst of events to a stream in a few batched writes', async () => {
    const a = join(makeSession({ accessToken: 'hub-burst' }), chat, '7', 50);
    await until(() => a.seen.live === 1);
    for (let i = 0; i < 100; i += 1) up.publish({ type: 'chat.message', body: `m${i}` });
    await until(() => count(a.seen.text, 'event: chat.message') === 100);
    expect(a.seen.writes).toBeLessThan(10);
  });

  it('gives different callers their own sockets', async () => {
    const admin = join(makeSession({ accessToken: 'hub-admin' }), orders, '7');
    const staff = join(staffSession({ accessToken: 'hub-staff' }), orders, '7');
    const otherApp = join(makeSession({ accessToken: 'hub-admin-9' }), orders, '9');
    await until(() => admin.seen.live === 1 && staff.seen.live === 1 && otherApp.seen.live === 1);
    expect(up.open.size).toBe(3);
    expect(liveHubCount()).toBe(3);
  });

  it('closes the socket when the last subscriber leaves, and a newcomer to a live hub is told at once', async () => {
    const a = join(makeSession({ accessToken: 'hub-first' }), chat);
    await until(() => a.seen.live === 1);
    const b = join(makeSession({ accessToken: 'hub-second' }), chat);
    expect(b.seen.live).toBe(1);
    a.leave();
    expect(up.open.size).toBe(1);
    b.leave();
    await until(() => up.open.size === 0);
    expect(liveHubCount()).toBe(0);
  });

  it('ends only the streams whose token was refused and goes on with another token', async () => {
    const first = makeSession({ accessToken: 'hub-refused' });
    const a = join(first, chat);
    const a2 = join(first, chat);
    const b = join(makeSession({ accessToken: 'hub-kept' }), chat);
    await until(() => a.seen.live === 1 && b.seen.live === 1);
    expect(up.upgrades.at(-1)).toBe('hub-refused');

    up.valid.delete('hub-refused');
    up.drop();
    await until(() => a.seen.unauthorized === 1 && a2.seen.unauthorized === 1 && b.seen.live === 2, 8000);
    expect(b.seen.unauthorized).toBe(0);
    expect(b.seen.reconnecting).toBeGreaterThanOrEqual(1);
    expect(up.upgrades.at(-1)).toBe('hub-kept');
    up.publish({ type: 'chat.message', body: 'after' });
    await until(() => b.seen.text.includes('"after"'));
    expect(a.seen.text).not.toContain('"after"');
  });
});
