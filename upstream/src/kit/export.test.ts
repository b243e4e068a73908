import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { csvResponse } from './export';

/** A client that leaves in the middle of an export: the rows stop being read, and the reader is closed. */
describe('a streamed CSV export', () => {
  it('stops reading batches when the client disconnects, and closes the reader', async () => {
    let read = 0;
    let closed = false;
    async function* batches() {
      try {
        for (let i = 0; i < 1_000; i++) {
          read += 1;
          yield [[`row ${i}`, i]];
        }
      } finally {
        closed = true;
      }
    }
    const app = new Hono().get('/export', (c) => csvResponse(c, 'x.csv', ['name', 'n'], batches()));
    const res = await app.request('/export');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('name,n');
    await reader.read();
    // The client goes away.
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    // Only what the stream had pulled before the cancel was read, not the thousand batches.
    expect(read).toBeLessThan(10);
  });

  it('reads every batch for a client that stays', async () => {
    let read = 0;
    async function* batches() {
      for (let i = 0; i < 100; i++) {
        read += 1;
        yield [[i]];
      }
    }
    const app = new Hono().get('/export', (c) => csvResponse(c, 'x.csv', ['n'], batches()));
    const text = await (await app.request('/export')).text();
    expect(read).toBe(100);
    expect(text.trim().split('\r\n')).toHaveLength(101);
  });

  it('reads the first batch before the first byte: a query that fails there is a JSON error, not a 200', async () => {
    async function* batches(): AsyncGenerator<unknown[][]> {
      throw new Error('invalid input syntax for type date');
    }
    const app = new Hono()
      .get('/export', (c) => csvResponse(c, 'x.csv', ['n'], batches()))
      .onError((error, c) => c.json({ status: false, message: error.message }, 500));
    const res = await app.request('/export');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ status: false, message: 'invalid input syntax for type date' });
  });

  it('ends the answer as a failure the client sees when a later batch fails, and logs it with the request id', async () => {
    const logs: string[] = [];
    async function* batches() {
      yield [[1]];
      yield [[2]];
      throw new Error('connection lost');
    }
    const app = new Hono<{ Variables: { reqId: string; log: (m: string) => void } }>().get('/export', (c) => {
      c.set('reqId', 'req-42');
      c.set('log', (m) => logs.push(m));
      return csvResponse(c, 'x.csv', ['n'], batches());
    });
    const res = await app.request('/export');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow('connection lost');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('req-42');
    expect(logs[0]).toContain('GET /export');
  });
});
