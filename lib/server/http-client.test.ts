import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { httpExchange } from './http-client';

/**
 * A server that answers the first request on each connection and resets the connection on the second, as an
 * upstream does when it closes an idle keep-alive socket just as the portal reuses it.
 */
let server: net.Server;
let url: string;
let connections = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    connections += 1;
    let served = 0;
    socket.on('data', () => {
      served += 1;
      if (served === 1) {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: keep-alive\r\n\r\n{"ok":true}');
      } else {
        socket.resetAndDestroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (method: string) => httpExchange(url, { method, headers: {}, signal: new AbortController().signal });

describe('httpExchange on a reused keep-alive socket', () => {
  it('sends an idempotent request once more on a fresh socket when the reused one is reset', async () => {
    connections = 0;
    expect(await (await call('GET')).text()).toBe('{"ok":true}');
    const second = await call('GET');
    expect(second.status).toBe(200);
    expect(await second.text()).toBe('{"ok":true}');
    expect(connections).toBe(2);
  });

  it('does not resend a POST: the caller sees the error', async () => {
    expect(await (await call('GET')).text()).toBe('{"ok":true}');
    await expect(call('POST')).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
