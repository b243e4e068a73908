import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetRefreshState } from '@/lib/server/refresh';
import { useTestSecrets } from './session-fixtures';

/** A tiny stand-in for the Platform API on an ephemeral port: tests script its answers per path. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes as they came (an image upload). */
  bytes: Buffer;
}

export type FakeHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  on(method: string, path: string, handler: FakeHandler): void;
  count(method: string, path: string): number;
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const handlers = new Map<string, FakeHandler>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bytes: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const pathOnly = recorded.path.split('?')[0];
      const handler = handlers.get(`${recorded.method} ${pathOnly}`);
      if (!handler) return sendJson(res, 404, { status: false, message: 'NOT_FOUND_DATA' });
      void Promise.resolve(handler(recorded, res)).catch(() => sendJson(res, 500, { status: false }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    count(method, path) {
      return requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;
    },
    reset() {
      handlers.clear();
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One fake upstream per test file, wired as every suite needs it: test secrets set, started before the file, reset
 * before each test (with the shared refresh state) and made the portal's `UPSTREAM_API_URL`, closed after the file.
 */
export function withFakeUpstream(): FakeUpstream {
  let real: FakeUpstream | undefined;
  const get = (): FakeUpstream => {
    if (!real) throw new Error('The fake upstream is not started yet.');
    return real;
  };
  beforeAll(async () => {
    useTestSecrets();
    real = await startFakeUpstream();
  });
  afterAll(() => real?.close());
  beforeEach(() => {
    get().reset();
    resetRefreshState();
    process.env.UPSTREAM_API_URL = get().url;
  });
  return {
    get url() {
      return get().url;
    },
    get requests() {
      return get().requests;
    },
    on: (method, path, handler) => get().on(method, path, handler),
    count: (method, path) => get().count(method, path),
    reset: () => get().reset(),
    close: () => get().close(),
  };
}
