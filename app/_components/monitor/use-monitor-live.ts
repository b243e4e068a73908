'use client';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { backoffDelay } from '@/lib/monitor/backoff';
import { liveEventSchema, monitorDataSchema, type LiveEvent, type MonitorData } from '@/lib/monitor/schema';
import { monitorReducer, needsRefetch, type MonitorState } from '@/lib/monitor/state';
import { SSE_EVENTS } from '@/lib/monitor/sse';
import { bffJson, isBffError } from '@/lib/resources/bff-client';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';
export type EndedReason = 'signed-out' | 'forbidden';
type ReadResult = 'ok' | EndedReason | 'failed';

/** The browser's own reconnects (the relay refused the stream): 1 s, 2 s, 4 s … up to 10 s. */
const STREAM_BACKOFF = { baseMs: 1000, maxMs: 10_000, factor: 2, jitter: 0.2 };
/** Events often come in bursts (an order and its biker): one re-read for the burst. */
const REFETCH_DELAY_MS = 150;

export interface MonitorLive {
  state: MonitorState;
  status: LiveStatus;
  ended: EndedReason | null;
  /** Reads the data again now (after an assignment). */
  refresh: () => Promise<void>;
}

/**
 * The monitor's data, live: the server's first answer, then the relay's events (`/api/live/{service}`, an
 * EventSource) patch it and trigger a re-read through the BFF. The status says whether events flow; after the
 * upstream or the portal went away it recovers by itself: the relay reconnects upstream, EventSource reconnects to
 * the relay, and a stream the relay refused is opened again with backoff, unless the session or permission is gone.
 */
export function useMonitorLive(service: string, initial: MonitorData): MonitorLive {
  const [state, dispatch] = useReducer(monitorReducer, initial);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [ended, setEnded] = useState<EndedReason | null>(null);
  const stateRef = useRef(state);
  const reading = useRef<{ seq: number; replay: LiveEvent[] | null; controller: AbortController | null; timer: number | undefined }>({
    seq: 0,
    replay: null,
    controller: null,
    timer: undefined,
  });

  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const stop = useCallback((reason: EndedReason) => {
    setEnded(reason);
    setStatus('ended');
  }, []);

  const read = useCallback(async (): Promise<ReadResult> => {
    const r = reading.current;
    r.controller?.abort();
    const controller = new AbortController();
    r.controller = controller;
    const seq = ++r.seq;
    r.replay = [];
    try {
      const data = monitorDataSchema.parse(await bffJson(`/api/admin/${encodeURIComponent(service)}/Monitor/Biker`, { signal: controller.signal }));
      if (seq !== r.seq) return 'ok';
      dispatch({ type: 'snapshot', data, replay: r.replay });
      return 'ok';
    } catch (error) {
      if (seq !== r.seq) return 'failed';
      if (isBffError(error) && error.status === 401) return 'signed-out';
      if (isBffError(error) && error.status === 403) return 'forbidden';
      return 'failed';
    } finally {
      if (seq === r.seq) {
        r.replay = null;
        r.controller = null;
      }
    }
  }, [service]);

  const scheduleRead = useCallback(() => {
    window.clearTimeout(reading.current.timer);
    reading.current.timer = window.setTimeout(() => {
      void read().then((result) => {
        if (result === 'signed-out' || result === 'forbidden') stop(result);
      });
    }, REFETCH_DELAY_MS);
  }, [read, stop]);

  useEffect(() => {
    const r = reading.current;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let attempt = 0;
    let stopped = false;
    let expectingReconnect = false;

    const onLiveEvent = (message: MessageEvent<string>) => {
      let parsed;
      try {
        parsed = liveEventSchema.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const event = parsed.data;
      r.replay?.push(event);
      const again = needsRefetch(stateRef.current, event);
      dispatch({ type: 'event', event });
      if (again) scheduleRead();
    };

    const finish = (reason: EndedReason) => {
      stopped = true;
      source?.close();
      stop(reason);
    };

    // The relay refused the stream (an HTTP error): find out why with a plain read, then try again or stop.
    const reopenLater = () => {
      retryTimer = window.setTimeout(
        async () => {
          const result = await read();
          if (stopped) return;
          if (result === 'signed-out' || result === 'forbidden') return finish(result);
          open();
        },
        backoffDelay(attempt++, STREAM_BACKOFF),
      );
    };

    function open() {
      if (stopped) return;
      const es = new EventSource(`/api/live/${encodeURIComponent(service)}`);
      source = es;
      es.addEventListener(SSE_EVENTS.live, () => {
        attempt = 0;
        expectingReconnect = false;
        setStatus('live');
        // Whatever happened while the stream was away is read again.
        scheduleRead();
      });
      es.addEventListener(SSE_EVENTS.reconnecting, () => setStatus('reconnecting'));
      es.addEventListener('order.event', onLiveEvent);
      es.addEventListener('biker.presence', onLiveEvent);
      es.addEventListener(SSE_EVENTS.end, (message: MessageEvent<string>) => {
        let reason: unknown;
        try {
          reason = (JSON.parse(message.data) as { reason?: unknown }).reason;
        } catch {
          reason = null;
        }
        if (reason === 'signed-out' || reason === 'forbidden') finish(reason);
        // A token renewal (the new request writes the new token) or this portal instance stopping: EventSource reconnects at once.
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
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      window.clearTimeout(r.timer);
      r.controller?.abort();
      source?.close();
    };
  }, [service, read, scheduleRead, stop]);

  const refresh = useCallback(async () => {
    const result = await read();
    if (result === 'signed-out' || result === 'forbidden') stop(result);
  }, [read, stop]);

  return { state, status, ended, refresh };
}
