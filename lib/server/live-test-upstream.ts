import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PermissionList } from '@/lib/permissions';

/**
 * A stand-in for the Platform API in the live relay's tests: `/ws` (Bearer token checked at the upgrade, hello on
 * open, events published by the test) and the few HTTP calls the relay makes (permissions, a service area, refresh).
 */
export interface LiveUpstream {
  url: string;
  /** Tokens the upstream accepts; anything else gets 401 at the upgrade and on HTTP calls. */
  valid: Set<string>;
  permissions: PermissionList;
  /** The app id of the service's first area (`Setting/ServiceArea`), null for none. */
  areaAppId: string | null;
  /** Bearer tokens of every `/ws` upgrade, accepted or not. */
  upgrades: string[];
  httpCalls: string[];
  open: Set<WebSocket>;
  publish(event: object): void;
  /** Cuts every socket (an upstream restart); `refuse` keeps new upgrades out until `accept()`. */
  drop(refuse?: boolean): void;
  accept(): void;
  waitForSockets(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const bearer = (req: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startLiveUpstream(): Promise<LiveUpstream> {
  const wss = new WebSocketServer({ noServer: true });
  let refusing = false;
  let rotations = 0;
  const up: LiveUpstream = {
    url: '',
    valid: new Set(),
    permissions: [],
    areaAppId: '7',
    upgrades: [],
    httpCalls: [],
    open: new Set(),
    publish: (event) => up.open.forEach((ws) => ws.send(JSON.stringify(event))),
    drop(refuse = false) {
      refusing = refuse;
      for (const ws of up.open) ws.terminate();
    },
    accept() {
      refusing = false;
    },
    async waitForSockets(count, timeoutMs = 3000) {
      const start = Date.now();
      while (up.open.size < count) {
        if (Date.now() - start > timeoutMs) throw new Error(`expected ${count} upstream sockets, have ${up.open.size}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise((resolve) => {
        up.drop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    up.httpCalls.push(`${req.method} ${req.url}`);
    if (req.method === 'POST' && path === '/api/admin/auth/refresh-token') {
      const fresh = `rotated-${++rotations}`;
      up.valid.add(fresh);
      return json(res, 200, { status: true, accessToken: fresh, expiresIn: 3600 });
    }
    if (!up.valid.has(bearer(req))) return json(res, 401, { status: false, message: 'Unauthorized' });
    if (path === '/api/admin/Permission/getPermission') return json(res, 200, { status: true, data: up.permissions });
    if (/^\/api\/admin\/\w+\/Setting\/ServiceArea$/.test(path))
      return json(res, 200, { status: true, data: up.areaAppId ? [{ id: '1', appid: up.areaAppId }] : [], total: up.areaAppId ? 1 : 0 });
    json(res, 404, { status: false, message: 'NOT_FOUND_DATA' });
  });
  server.on('upgrade', (req, socket, head) => {
    const token = bearer(req);
    up.upgrades.push(token);
    if (refusing) return socket.destroy();
    if (!up.valid.has(token)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      up.open.add(ws);
      ws.on('close', () => up.open.delete(ws));
      ws.send(JSON.stringify({ type: 'hello', uid: '1', at: new Date().toISOString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  up.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return up;
}

/** Reads a text stream as it arrives, waiting for what a test expects. */
export function streamText(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  return {
    get text() {
      return text;
    },
    get done() {
      return done;
    },
    async until(predicate: (text: string) => boolean, timeoutMs = 4000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(text)) {
        if (done) throw new Error(`stream ended before the expected text:\n${text}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for the stream:\n${text}`);
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk) continue;
        pending = null;
        if (chunk.done) done = true;
        else text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    cancel: () => reader.cancel(),
  };
}
