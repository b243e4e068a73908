'use client';

import { useEffect, useRef, useState } from 'react';
import { CHAT_EVENT_TYPES, chatEventSchema, type ChatEvent } from '@contract/resources/chat';
import { backoffDelay } from '@/lib/monitor/backoff';
import { SSE_EVENTS } from '@/lib/monitor/sse';

export type ChatLiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

/** The browser's own reconnects when the relay refused the stream: 1 s, 2 s, 4 s … up to 10 s. */
const STREAM_BACKOFF = { baseMs: 1000, maxMs: 10_000, factor: 2, jitter: 0.2 };

/**
 * The Chat screen's live events: `/api/live/{service}?channel=chat` (an EventSource). `onLive` runs each time the
 * stream is (again) connected to the upstream, so the screen reads what it may have missed; `onEvent` gets each
 * `chat.*` event. A stream the relay refused is opened again with backoff; one ended for good (signed out, no
 * access) stays ended.
 */
export function useChatLive(service: string, handlers: { onEvent: (event: ChatEvent) => void; onLive: () => void }): ChatLiveStatus {
  const [status, setStatus] = useState<ChatLiveStatus>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let attempt = 0;
    let stopped = false;
    let expectingReconnect = false;

    const onEvent = (message: MessageEvent<string>) => {
      let parsed;
      try {
        parsed = chatEventSchema.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (parsed.success) latest.current.onEvent(parsed.data);
    };
    const finish = () => {
      stopped = true;
      source?.close();
      setStatus('ended');
    };
    const reopenLater = () => {
      retryTimer = window.setTimeout(open, backoffDelay(attempt++, STREAM_BACKOFF));
    };

    function open() {
      if (stopped) return;
      const es = new EventSource(`/api/live/${encodeURIComponent(service)}?channel=chat`);
      source = es;
      es.addEventListener(SSE_EVENTS.live, () => {
        attempt = 0;
        expectingReconnect = false;
        setStatus('live');
        latest.current.onLive();
      });
      es.addEventListener(SSE_EVENTS.reconnecting, () => setStatus('reconnecting'));
      for (const type of CHAT_EVENT_TYPES) es.addEventListener(type, onEvent);
      es.addEventListener(SSE_EVENTS.end, (message: MessageEvent<string>) => {
        let reason: unknown;
        try {
          reason = (JSON.parse(message.data) as { reason?: unknown }).reason;
        } catch {
          reason = null;
        }
        if (reason === 'signed-out' || reason === 'forbidden') finish();
        else expectingReconnect = reason === 'renew' || reason === 'restart';
      });
      es.onerror = () => {
        if (stopped) return;
        if (!expectingReconnect) setStatus('reconnecting');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          reopenLater();
        }
      };
    }

    open();
    // Offline: a stream that looks open may be dead (nothing tells a quiet socket it lost the network); it is closed,
    // and back online a new one is opened at once (its `live` reads what was missed), rather than after a backoff.
    const offline = () => {
      if (stopped) return;
      window.clearTimeout(retryTimer);
      source?.close();
      source = null;
      setStatus('reconnecting');
    };
    const online = () => {
      if (stopped || source?.readyState === EventSource.OPEN) return;
      window.clearTimeout(retryTimer);
      source?.close();
      attempt = 0;
      open();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [service]);

  return status;
}
