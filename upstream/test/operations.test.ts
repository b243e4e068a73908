import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type RequestLogEntry } from '../src/kit/logger';
import { DEMO, startTestServer, type TestServer } from './helpers';

/** Running it in production: request ids, structured logs without secrets, readiness and a graceful shutdown. */
let api: TestServer;
const entries: RequestLogEntry[] = [];

beforeAll(async () => {
  api = await startTestServer({ logRequests: true }, { logRequest: (e) => entries.push(e) });
});
afterAll(async () => {
  await api?.close();
});

describe('request ids and logs', () => {
  it("answers and logs the portal's request id, or a new one, by method, path, status and time only", async () => {
    const given = await api.get('/api/health', undefined, { 'x-request-id': 'portal-123_abc' });
    expect(given.headers.get('x-request-id')).toBe('portal-123_abc');
    const made = await api.get('/api/health', undefined, { 'x-request-id': 'not a valid id; drop table' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const login = await api.login(DEMO.admin);
    await api.get('/api/admin/Delivery/Orders?page=1&q=secret-search', login.accessToken, { 'x-request-id': 'req-orders' });
    const orders = entries.find((e) => e.reqId === 'req-orders')!;
    expect(orders).toMatchObject({ method: 'GET', path: '/api/admin/Delivery/Orders', status: 200 });
    expect(orders.ms).toBeGreaterThan(0);
    expect(entries.find((e) => e.reqId === 'portal-123_abc')?.path).toBe('/api/health');
    // Nothing of the query string, the token or the password reaches a log line.
    const all = JSON.stringify(entries);
    expect(all).not.toContain('secret-search');
    expect(all).not.toContain(login.accessToken);
    expect(all).not.toContain(DEMO.admin.password);
  });

  it('writes one JSON object per line in production, with the request id, and drops secrets from objects', () => {
    const lines: string[] = [];
    const logger = createLogger('json', (line) => lines.push(line));
    logger.request({ reqId: 'r-1', method: 'POST', path: '/api/admin/auth/login', status: 200, ms: 12.345 });
    logger.info('[api] started');
    const [request, info] = lines.map((l) => JSON.parse(l));
    expect(request).toMatchObject({
      level: 30,
      service: 'platform-api',
      reqId: 'r-1',
      method: 'POST',
      path: '/api/admin/auth/login',
      status: 200,
      ms: 12.3,
      msg: 'request',
    });
    expect(typeof request.time).toBe('string');
    expect(info).toMatchObject({ msg: '[api] started' });
    const text: string[] = [];
    createLogger('text', (line) => text.push(line)).request({ reqId: 'r-2', method: 'GET', path: '/api/health', status: 200, ms: 1 });
    expect(text).toEqual(['[api] GET /api/health 200 1.0ms r-2\n']);
  });
});

describe('readiness and shutdown', () => {
  it('is ready while it serves; on close it finishes the export in flight, then refuses new connections', async () => {
    const own = await startTestServer();
    const ready = await own.get('/api/ready');
    expect([ready.status, ready.body]).toEqual([200, { status: true }]);
    const login = await own.login(DEMO.admin);
    const total = (await own.get('/api/admin/Delivery/Orders?pageSize=10', login.accessToken)).body.total as number;
    expect(total).toBeGreaterThan(100);
    const res = await fetch(`${own.url}/api/admin/Delivery/Orders/export`, { headers: { authorization: `Bearer ${login.accessToken}` } });
    expect(res.status).toBe(200);
    // The export has started streaming; the server is asked to stop.
    const closing = own.close(5000);
    expect(own.deps.ready!()).toBe(false);
    const csv = await res.text();
    // Every order, none cut off: the header and one line each.
    expect(csv.trim().split('\r\n').length - 1).toBe(total);
    await closing;
    await expect(fetch(`${own.url}/api/health`)).rejects.toThrow();
  });

  it('is not ready while its database does not answer, though it is alive', async () => {
    const own = await startTestServer();
    await own.db.close();
    const ready = await own.get('/api/ready');
    expect([ready.status, ready.body]).toEqual([503, { status: false, message: 'database unavailable' }]);
    expect((await own.get('/api/health')).status).toBe(200);
    await own.close(100).catch(() => undefined);
  });
});
