import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { processSingleton } from './process-state';

/**
 * A small HTTP client for the upstream on node:http with keep-alive agents: a fraction of `fetch`'s cost per call,
 * which the BFF pays on every request.
 */
export interface UpstreamResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  bytes(): Promise<Buffer>;
  /** The body as a web stream, to pass on as it arrives. */
  stream(): ReadableStream<Uint8Array>;
  /** Drops the body (the connection is reused). */
  discard(): void;
}

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  /** Text, or bytes as they are (an image upload). */
  body?: string | Uint8Array;
  signal: AbortSignal;
}

const agents = () =>
  processSingleton('upstream-agents', () => ({
    http: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 1000 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 1000 }),
  }));

function wrap(res: http.IncomingMessage, signal: AbortSignal): UpstreamResponse {
  const status = res.statusCode ?? 502;
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    },
    bytes() {
      return new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
        res.once('error', (error) => reject(signal.aborted ? signal.reason : error));
        res.once('aborted', () => reject(signal.aborted ? signal.reason : new Error('aborted')));
      });
    },
    async text() {
      return (await this.bytes()).toString('utf8');
    },
    stream() {
      return Readable.toWeb(res) as ReadableStream<Uint8Array>;
    },
    discard() {
      res.resume();
    },
  };
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE']);

/**
 * One request; rejects with the signal's reason when it is aborted, with the socket error when the upstream is down.
 * An idempotent request whose reused keep-alive socket was closed by the upstream before any answer is sent once
 * more on a fresh socket.
 */
export async function httpExchange(url: string, request: HttpRequest): Promise<UpstreamResponse> {
  try {
    return await exchangeOnce(url, request);
  } catch (error) {
    const stale = error instanceof StaleSocketError;
    if (!stale || request.signal.aborted || !IDEMPOTENT.has(request.method.toUpperCase())) throw stale ? error.cause : error;
    return exchangeOnce(url, request);
  }
}

class StaleSocketError extends Error {
  constructor(readonly cause: unknown) {
    super('stale keep-alive socket');
  }
}

function exchangeOnce(url: string, request: HttpRequest): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = typeof request.body === 'string' ? Buffer.byteLength(request.body) : request.body.byteLength;
    const req = (secure ? https : http).request(target, {
      method: request.method,
      headers,
      agent: secure ? agents().https : agents().http,
    });
    const onAbort = () => req.destroy(request.signal.reason instanceof Error ? request.signal.reason : new Error('aborted'));
    request.signal.addEventListener('abort', onAbort, { once: true });
    req.once('response', (res) => {
      res.once('close', () => request.signal.removeEventListener('abort', onAbort));
      resolve(wrap(res, request.signal));
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      request.signal.removeEventListener('abort', onAbort);
      if (request.signal.aborted) return reject(request.signal.reason);
      reject(req.reusedSocket && STALE_SOCKET_ERRORS.has(error.code ?? '') ? new StaleSocketError(error) : error);
    });
    req.end(request.body);
  });
}
