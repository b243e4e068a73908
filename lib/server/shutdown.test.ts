import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '@/lib/routes';
import { makeSession, useTestSecrets } from '@/test/session-fixtures';
import { liveStream } from './live-stream';
import { startLiveUpstream, streamText, type LiveUpstream } from './live-test-upstream';
import { beginShutdown, isShuttingDown, onShutdown } from './shutdown';

/** An instance stopping: its live streams end with `restart` (the browser reconnects elsewhere) so it can finish. */
let up: LiveUpstream;
beforeAll(async () => {
  useTestSecrets();
  up = await startLiveUpstream();
  process.env.UPSTREAM_API_URL = up.url;
});
afterAll(async () => {
  await up.close();
});

describe('shutdown', () => {
  it('ends every open live stream with restart and runs each callback once; later ones run at once', async () => {
    const session = makeSession({ accessToken: 'stopping' });
    up.valid.add(session.accessToken);
    let closed = 0;
    const body = liveStream({
      session,
      route: matchRoute('/Service/Delivery/Monitor/Biker')!.route,
      appId: null,
      signal: new AbortController().signal,
      onClose: () => (closed += 1),
      heartbeatMs: 60_000,
    });
    const stream = streamText(body);
    await stream.until((t) => t.includes('event: live'));
    let calls = 0;
    const unregister = onShutdown(() => (calls += 1));
    const removed = onShutdown(() => (calls += 100));
    removed();
    expect(isShuttingDown()).toBe(false);
    beginShutdown();
    beginShutdown();
    expect(isShuttingDown()).toBe(true);
    await stream.until((t) => t.includes('event: end\ndata: {"reason":"restart"}'));
    expect([closed, calls]).toEqual([1, 1]);
    unregister();
    let late = 0;
    onShutdown(() => (late += 1));
    expect(late).toBe(1);
  });
});
