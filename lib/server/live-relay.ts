import 'server-only';
import WebSocket from 'ws';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from '@/lib/monitor/backoff';
import { parseFrame, relayableEvent } from '@/lib/monitor/events';
import { currentToken } from './refresh';
import type { PortalSession } from './session-codec';
import { upstreamBaseUrl, upstreamHeaders, upstreamTimeoutMs } from './upstream-exchange';

/**
 * The upstream half of the live relay: a WebSocket to the Platform API's `/ws` with the session's token (held here,
 * never sent to the browser), forwarding the service app's `order.event` and `biker.presence` events. A socket that
 * drops (the upstream restarted) or goes silent is reopened with backoff. A refused token ends the relay with
 * `onUnauthorized`: a refresh must be made where the new token can be written to the cookie (the next request of the
 * stream), unless another request of the session already rotated it, in which case the new token is used at once.
 *
 * The browser streams of one caller share one relay (live-hub.ts); the number of streams per session is capped in
 * live-access.ts (`acquireStreamSlot`).
 */
export const WS_UNAUTHORIZED = 4401;

/** Which upstream messages a stream carries, in which shape (a live channel's, `lib/server/live-channels.ts`); null drops one. */
export type Relayable = (message: Record<string, unknown>, appId: string) => { type: string } | null;

export interface RelayHandlers {
  /** The socket is open and the upstream said hello: events flow from now on. */
  onLive(): void;
  /** The socket went away (or could not be opened); reconnecting with backoff. */
  onReconnecting(): void;
  onEvent(event: { type: string }): void;
  /** The upstream refused the token; the relay has stopped. */
  onUnauthorized(): void;
}

export interface RelayOptions extends RelayHandlers {
  session: PortalSession;
  /** The service's app: events of other apps are dropped. */
  appId: string;
  /** Which upstream messages the browser gets, in which shape (the channel's, `lib/server/live-channels.ts`); default the monitor's. */
  relayable?: Relayable;
  backoff?: BackoffOptions;
  /** A socket silent this long is taken as dead (the upstream sends a heartbeat every 15 s). */
  idleMs?: number;
  /** The upstream base URL (default `UPSTREAM_API_URL`). */
  baseUrl?: string;
}

export interface Relay {
  close(): void;
}

export function liveSocketUrl(baseUrl = upstreamBaseUrl()): string {
  return `${baseUrl.replace(/^http/i, 'ws').replace(/\/+$/, '')}/ws`;
}

export function startRelay(options: RelayOptions): Relay {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const idleMs = options.idleMs ?? 45_000;
  let closed = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let announced: 'connecting' | 'live' | 'reconnecting' = 'connecting';
  let retryTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  const announce = (state: 'live' | 'reconnecting') => {
    if (announced === state || closed) return;
    announced = state;
    if (state === 'live') options.onLive();
    else options.onReconnecting();
  };

  const retry = (delay = backoffDelay(attempt++, backoff)) => {
    if (closed) return;
    announce('reconnecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  };

  function connect(): void {
    if (closed) return;
    const token = currentToken(options.session.accessToken);
    const ws = new WebSocket(liveSocketUrl(options.baseUrl), {
      headers: upstreamHeaders(options.session, token),
      handshakeTimeout: upstreamTimeoutMs(),
      perMessageDeflate: false,
    });
    socket = ws;
    let finished = false;
    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => ws.terminate(), idleMs);
    };
    const finish = (refused: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(idleTimer);
      if (socket === ws) socket = null;
      if (closed) return;
      if (!refused) return retry();
      // Another request of this session may have rotated the token meanwhile: then try the new one at once.
      if (currentToken(options.session.accessToken) !== token) return retry(0);
      closed = true;
      options.onUnauthorized();
    };
    ws.on('unexpected-response', (request, response) => {
      response.resume();
      request.destroy();
      finish(response.statusCode === 401);
    });
    ws.on('open', resetIdle);
    ws.on('message', (data, isBinary) => {
      resetIdle();
      const message = parseFrame(isBinary ? null : data.toString());
      if (!message) return;
      if (message.type === 'hello') {
        attempt = 0;
        announce('live');
        return;
      }
      const event = (options.relayable ?? relayableEvent)(message, options.appId);
      if (event) options.onEvent(event);
    });
    ws.on('close', (code) => finish(code === WS_UNAUTHORIZED));
    ws.on('error', () => finish(false));
  }

  connect();
  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(idleTimer);
      const ws = socket;
      socket = null;
      if (!ws) return;
      if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'The browser left');
      else ws.terminate();
    },
  };
}
