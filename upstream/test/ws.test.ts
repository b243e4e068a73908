import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, startTestServer, type TestServer } from './helpers';

let api: TestServer;
let admin: string;
let bkk: { token: string; companies: number; appid: number; area: number };
let cnx: string;

beforeAll(async () => {
  api = await startTestServer({ heartbeatMs: 150 });
  admin = (await api.login(DEMO.admin)).accessToken;
  const b = await api.login(DEMO.bkk);
  bkk = { token: b.accessToken, companies: Number(b.userData.companies), appid: Number(b.userData.appid), area: Number(b.userData.area) };
  cnx = (await api.login(DEMO.cnx)).accessToken;
});
afterAll(async () => {
  await api?.close();
});

const wsUrl = () => api.url.replace(/^http/, 'ws') + '/ws';

interface Client {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

function connect(options: { token?: string; query?: string }): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl() + (options.query ?? ''), options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {});
    const messages: Record<string, unknown>[] = [];
    const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      messages.push(message);
      for (const w of waiters.filter((x) => x.type === message.type)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        closed,
        next: (type, timeoutMs = 2000) => {
          const seen = messages.find((m) => m.type === type && !(m as { _taken?: boolean })._taken);
          if (seen) {
            (seen as { _taken?: boolean })._taken = true;
            return Promise.resolve(seen);
          }
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({
              type,
              resolve: (m) => {
                clearTimeout(timer);
                res(m);
              },
            });
          });
        },
      }),
    );
  });
}

describe('/ws', () => {
  it('rejects a missing or bad token before the upgrade', async () => {
    await expect(connect({})).rejects.toThrow('HTTP 401');
    await expect(connect({ token: 'garbage' })).rejects.toThrow('HTTP 401');
    await expect(connect({ query: '?token=garbage' })).rejects.toThrow('HTTP 401');
  });

  it('says hello, then sends heartbeats (bearer header or ?token=)', async () => {
    const client = await connect({ token: bkk.token });
    expect(await client.next('hello')).toMatchObject({ type: 'hello' });
    const beat = await client.next('heartbeat');
    expect(typeof beat.at).toBe('string');
    client.ws.close();
    const viaQuery = await connect({ query: `?token=${encodeURIComponent(admin)}` });
    expect((await viaQuery.next('hello')).type).toBe('hello');
    viaQuery.ws.close();
  });

  it('delivers published events only inside the subscriber scope', async () => {
    const a = await connect({ token: admin });
    const b = await connect({ token: bkk.token });
    const c = await connect({ token: cnx });
    await Promise.all([a.next('hello'), b.next('hello'), c.next('hello')]);
    const delivered = api.bus.publish({ companyId: bkk.companies, appId: bkk.appid, areaId: bkk.area }, { type: 'order.created', orderId: '42' });
    expect(delivered).toBe(2);
    expect(await a.next('order.created')).toMatchObject({ orderId: '42' });
    expect(await b.next('order.created')).toMatchObject({ orderId: '42' });
    await new Promise((r) => setTimeout(r, 200));
    expect(c.messages.some((m) => m.type === 'order.created')).toBe(false);
    for (const x of [a, b, c]) x.ws.close();
  });

  it('keeps the socket (and the process) when the database cannot check the token for a while, and beats again after', async () => {
    const client = await connect({ token: bkk.token });
    await client.next('hello');
    await client.next('heartbeat');
    // The token check failing as it does while PostgreSQL is away (its first step throws here).
    const tokens = api.deps.tokens as unknown as { get: (...args: unknown[]) => unknown };
    const get = tokens.get;
    tokens.get = () => {
      throw new Error('database away');
    };
    try {
      await new Promise((r) => setTimeout(r, 600));
      expect(api.logs.some((line) => line.includes('/ws heartbeat: the token could not be checked: database away'))).toBe(true);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      tokens.get = get;
    }
    client.messages.length = 0;
    await client.next('heartbeat', 2000);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('closes with 4401 once the session ends', async () => {
    const login = await api.login(DEMO.cnx);
    const client = await connect({ token: login.accessToken });
    await client.next('hello');
    await api.post('/api/admin/auth/logout', undefined, login.accessToken);
    expect(await client.closed).toBe(4401);
  });
});
