import 'server-only';
import type { RouteDef } from '@/lib/routes';
import { sseComment, sseFrame, SSE_EVENTS, type EndReason } from '@/lib/monitor/sse';
import { onShutdown } from './shutdown';
import { checkLiveAccess } from './live-access';
import { joinLiveHub } from './live-hub';
import type { Relayable } from './live-relay';
import { revocationStore } from './revocation';
import { sessionExpiresAt, type PortalSession } from './session-codec';
import { isUpstreamError, RENEW_BEFORE_MS } from './upstream';

/**
 * The browser half of the live relay: a `text/event-stream` that carries the events of its caller's shared upstream
 * socket (live-hub.ts), says when the upstream is away (`reconnecting`) and back (`live`), and sends a comment every
 * `heartbeatMs` to keep proxies from closing it.
 * On each heartbeat the session is checked (signed out or expired → `end`), and now and then the permission again.
 * When the token is due for renewal the stream ends with `end {reason: 'renew'}`: the browser reconnects, and that
 * request rotates the token and writes the new one to the cookie, which a running stream cannot do.
 */
export interface LiveStreamOptions {
  session: PortalSession;
  route: RouteDef;
  /** Null: the service has no app events to show; the stream only stays open. */
  appId: string | null;
  /** The upstream messages this stream carries (its channel's); default the monitor's. */
  relayable?: Relayable;
  /** The browser went away. */
  signal: AbortSignal;
  /** Called once when the stream ends, whatever the reason. */
  onClose: () => void;
  heartbeatMs?: number;
  /** Every this many heartbeats the permission is checked again. */
  permissionEvery?: number;
  baseUrl?: string;
  /** A browser that stops reading (a stalled connection) is dropped once this many frames wait for it. */
  maxQueued?: number;
}

/** How long the browser waits before reconnecting after the stream ended. */
export const SSE_RETRY_MS = 1000;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: the server's compression must not buffer the stream.
  'cache-control': 'no-cache, no-store, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** When the session's token is due for renewal (renewIfDue's window), in ms epoch. */
export function renewalDueAt(session: PortalSession): number {
  return sessionExpiresAt(session) - Math.min(RENEW_BEFORE_MS, (session.expiresIn * 1000) / 4) + 1000;
}

export function liveStream(options: LiveStreamOptions): ReadableStream<Uint8Array> {
  const { session, route, appId, signal } = options;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const permissionEvery = options.permissionEvery ?? 4;
  const maxQueued = options.maxQueued ?? 1000;
  const encoder = new TextEncoder();
  let leaveHub = () => {};
  let heartbeat: NodeJS.Timeout | undefined;
  let done = false;
  let stop = () => {};
  let unregister = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string | Uint8Array) => {
        if (done) return;
        try {
          controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
        } catch {
          stop();
          return;
        }
        // desiredSize goes below zero by the frames queued beyond one: the browser is not reading. It reconnects
        // and reloads the board when it wakes up, instead of the portal holding an ever longer queue for it.
        if ((controller.desiredSize ?? 0) < -maxQueued) stop();
      };
      stop = () => {
        if (done) return;
        done = true;
        clearInterval(heartbeat);
        unregister();
        leaveHub();
        signal.removeEventListener('abort', stop);
        options.onClose();
        try {
          controller.close();
        } catch {
          // Already closed by the browser leaving.
        }
      };
      const end = (reason: EndReason) => {
        send(sseFrame({ event: SSE_EVENTS.end, data: { reason } }));
        stop();
      };

      send(sseFrame({ retry: SSE_RETRY_MS }) + sseComment('live relay'));
      // The instance stopping: the stream ends cleanly so the server can finish, and the browser reconnects.
      unregister = onShutdown(() => end('restart'));
      if (appId === null) send(sseFrame({ event: SSE_EVENTS.live, data: { at: new Date().toISOString() } }));
      else {
        leaveHub = joinLiveHub(
          {
            session,
            relayable: options.relayable,
            onLive: () => send(sseFrame({ event: SSE_EVENTS.live, data: { at: new Date().toISOString() } })),
            onReconnecting: () => send(sseFrame({ event: SSE_EVENTS.reconnecting, data: { at: new Date().toISOString() } })),
            onFrames: send,
            onUnauthorized: () => end('reauth'),
          },
          { appId, baseUrl: options.baseUrl },
        );
      }

      const renewAt = renewalDueAt(session);
      const canRenew = renewAt > Date.now();
      let beats = 0;
      heartbeat = setInterval(async () => {
        send(sseComment('heartbeat'));
        const now = Date.now();
        if (now >= sessionExpiresAt(session) || (await revocationStore().isRevoked(session.sid))) return end('signed-out');
        if (canRenew && now >= renewAt) return end('renew');
        beats += 1;
        if (beats % permissionEvery !== 0) return;
        try {
          const access = await checkLiveAccess(route, session);
          if (!access.ok) end('forbidden');
        } catch (error) {
          // A dead token is renewed by the next request; an upstream that is away is the relay's business.
          if (isUpstreamError(error) && error.code === 'session-ended') end('reauth');
        }
      }, heartbeatMs);
      heartbeat.unref?.();
      signal.addEventListener('abort', stop, { once: true });
      if (signal.aborted) stop();
    },
    cancel() {
      stop();
    },
  });
}
