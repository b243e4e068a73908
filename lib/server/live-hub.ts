import 'server-only';
import { relayableEvent } from '@/lib/monitor/events';
import { sseFrame } from '@/lib/monitor/sse';
import { startRelay, type Relay, type Relayable } from './live-relay';
import { processSingleton } from './process-state';
import { currentToken } from './refresh';
import type { PortalSession } from './session-codec';
import { upstreamBaseUrl, upstreamHeaders } from './upstream-exchange';

/**
 * The browser streams' shared upstream sockets. The upstream scopes a `/ws` socket to its caller (user, role, office,
 * area, app), so every stream of the same caller sees the same events: they share one socket per portal process
 * (a hub), opened with the token of one of them. Each upstream message is parsed once, turned into its channel's
 * event once per channel (`relayable`), framed and encoded once, and written to the streams in batches every
 * `LIVE_BATCH_MS` (default 15 ms), so a busy channel costs a few writes a second per stream instead of one per event.
 *
 * A refused token ends the streams that hold it (they reconnect and refresh, see live-relay.ts); the hub goes on with
 * another stream's token. The socket closes with the last stream.
 */
export interface HubSubscriber {
  session: PortalSession;
  /** The channel's events (default the monitor's). */
  relayable?: Relayable;
  onLive(): void;
  onReconnecting(): void;
  /** A batch of SSE frames of this subscriber's channel, the same bytes for every subscriber of the channel. */
  onFrames(bytes: Uint8Array): void;
  /** The upstream refused this subscriber's token; it has left the hub. */
  onUnauthorized(): void;
}

export interface HubOptions {
  appId: string;
  baseUrl?: string;
  batchMs?: number;
}

interface Hub {
  key: string;
  appId: string;
  baseUrl: string;
  batchMs: number;
  /** Subscribers by channel: one `relayable` call and one encoding per channel and message. */
  channels: Map<Relayable, Set<HubSubscriber>>;
  state: 'connecting' | 'live' | 'reconnecting';
  relay: Relay | null;
  pending: Map<Relayable, string>;
  flushTimer: NodeJS.Timeout | undefined;
}

const hubs = () => processSingleton('live-hubs', () => new Map<string, Hub>());
const encoder = new TextEncoder();

/** Who the upstream takes a socket's caller to be: everything it is sent but the token and the session id. */
export function hubKey(session: PortalSession, appId: string, baseUrl: string): string {
  const { authorization: _token, session: _sid, ...scope } = upstreamHeaders(session, '');
  return JSON.stringify([baseUrl, appId, session.UserData.uid, scope]);
}

function subscribers(hub: Hub): HubSubscriber[] {
  return [...hub.channels.values()].flatMap((set) => [...set]);
}

function flush(hub: Hub): void {
  clearTimeout(hub.flushTimer);
  hub.flushTimer = undefined;
  if (hub.pending.size === 0) return;
  const pending = hub.pending;
  hub.pending = new Map();
  for (const [relayable, text] of pending) {
    const bytes = encoder.encode(text);
    for (const subscriber of hub.channels.get(relayable) ?? []) subscriber.onFrames(bytes);
  }
}

function announce(hub: Hub, state: 'live' | 'reconnecting'): void {
  if (hub.state === state) return;
  flush(hub);
  hub.state = state;
  for (const subscriber of subscribers(hub)) {
    if (state === 'live') subscriber.onLive();
    else subscriber.onReconnecting();
  }
}

function onMessage(hub: Hub, message: Record<string, unknown>): void {
  let added = false;
  for (const relayable of hub.channels.keys()) {
    const event = relayable(message, hub.appId);
    if (!event) continue;
    hub.pending.set(relayable, (hub.pending.get(relayable) ?? '') + sseFrame({ event: event.type, data: event }));
    added = true;
  }
  if (added && !hub.flushTimer) hub.flushTimer = setTimeout(() => flush(hub), hub.batchMs);
}

function close(hub: Hub): void {
  clearTimeout(hub.flushTimer);
  hub.relay?.close();
  hub.relay = null;
  if (hubs().get(hub.key) === hub) hubs().delete(hub.key);
}

function connect(hub: Hub): void {
  const first = subscribers(hub)[0];
  if (!first) return close(hub);
  const relay: Relay = startRelay({
    session: first.session,
    appId: hub.appId,
    baseUrl: hub.baseUrl,
    relayable: (message) => message as { type: string },
    onLive: () => announce(hub, 'live'),
    onReconnecting: () => announce(hub, 'reconnecting'),
    onEvent: (message) => onMessage(hub, message as Record<string, unknown>),
    onUnauthorized: () => {
      if (hub.relay !== relay) return;
      hub.relay = null;
      flush(hub);
      const refused = currentToken(first.session.accessToken);
      for (const [relayable, set] of hub.channels) {
        for (const subscriber of set) {
          if (currentToken(subscriber.session.accessToken) !== refused) continue;
          set.delete(subscriber);
          subscriber.onUnauthorized();
        }
        if (set.size === 0) hub.channels.delete(relayable);
      }
      if (hub.channels.size === 0) return close(hub);
      // The others go on over a socket of their own token: what passed meanwhile is read again on `live`.
      announce(hub, 'reconnecting');
      connect(hub);
    },
  });
  hub.relay = relay;
}

/** Joins the caller's hub (opening its socket if it is the first); the returned function leaves it. */
export function joinLiveHub(subscriber: HubSubscriber, options: HubOptions): () => void {
  const baseUrl = options.baseUrl ?? upstreamBaseUrl();
  const key = hubKey(subscriber.session, options.appId, baseUrl);
  const relayable = subscriber.relayable ?? relayableEvent;
  let hub = hubs().get(key);
  const fresh = !hub;
  if (!hub) {
    hub = {
      key,
      appId: options.appId,
      baseUrl,
      batchMs: options.batchMs ?? Number(process.env.LIVE_BATCH_MS ?? 15),
      channels: new Map(),
      state: 'connecting',
      relay: null,
      pending: new Map(),
      flushTimer: undefined,
    };
    hubs().set(key, hub);
  }
  const joined = hub;
  let set = joined.channels.get(relayable);
  if (!set) joined.channels.set(relayable, (set = new Set()));
  set.add(subscriber);
  if (fresh) connect(joined);
  else if (joined.state === 'live') subscriber.onLive();
  else if (joined.state === 'reconnecting') subscriber.onReconnecting();

  let left = false;
  return () => {
    if (left) return;
    left = true;
    const channel = joined.channels.get(relayable);
    if (!channel?.delete(subscriber)) return;
    if (channel.size === 0) {
      joined.channels.delete(relayable);
      joined.pending.delete(relayable);
    }
    if (joined.channels.size === 0) close(joined);
  };
}

/** How many upstream sockets the portal holds for its streams (tests, diagnostics). */
export function liveHubCount(): number {
  return hubs().size;
}
