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
  body?: string;
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

/** One request; rejects with the signal's reason when it is aborted, with the socket error when the upstream is down. */
export function httpExchange(url: string, request: HttpRequest): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(request.signal.reason);
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
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
    req.once('error', (error) => {
      request.signal.removeEventListener('abort', onAbort);
      reject(request.signal.aborted ? request.signal.reason : error);
    });
    req.end(request.body);
  });
}
