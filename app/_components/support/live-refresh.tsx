'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { backoffDelay } from '@/lib/monitor/backoff';
import { SSE_EVENTS } from '@/lib/monitor/sse';

/** The browser's own reconnects after the relay refused the stream: 1 s, 2 s, 4 s … up to 30 s. */
const BACKOFF = { baseMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.2 };
/** Events come in bursts (a ticket and its first message): one re-read for the burst. */
const REFRESH_DELAY_MS = 200;
const EVENTS = ['support.ticket', 'support.message'] as const;

/**
 * Keeps a server-rendered list current: opens the live channel (`/api/live/{service}?channel=`) and re-reads the page
 * (`router.refresh()`, the URL's filters, sort and page kept) when it carries an event, and once more after every
 * reconnect for what was missed meanwhile. A stream the relay refused is opened again with backoff; a session that
 * ended or a permission that went away stops it.
 */
export function LiveRefresh({ service, channel }: { service: string; channel: string }) {
  const t = useTranslations('support.live');
  const router = useRouter();
  const [status, setStatus] = useState<'connecting' | 'live' | 'reconnecting' | 'ended'>('connecting');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;
    let attempt = 0;
    let stopped = false;
    let first = true;
    const refresh = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => router.refresh(), REFRESH_DELAY_MS);
    };
    const open = () => {
      if (stopped) return;
      const es = new EventSource(`/api/live/${encodeURIComponent(service)}?channel=${encodeURIComponent(channel)}`);
      source = es;
      es.addEventListener(SSE_EVENTS.live, () => {
        attempt = 0;
        setStatus('live');
        if (!first) refresh();
        first = false;
      });
      es.addEventListener(SSE_EVENTS.reconnecting, () => setStatus('reconnecting'));
      for (const name of EVENTS) es.addEventListener(name, refresh);
      es.addEventListener(SSE_EVENTS.end, (message: MessageEvent<string>) => {
        let reason: unknown = null;
        try {
          reason = (JSON.parse(message.data) as { reason?: unknown }).reason;
        } catch {
          reason = null;
        }
        if (reason === 'signed-out' || reason === 'forbidden') {
          stopped = true;
          es.close();
          setStatus('ended');
        }
      });
      es.onerror = () => {
        if (stopped) return;
        setStatus('reconnecting');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          retry = window.setTimeout(open, backoffDelay(attempt++, BACKOFF));
        }
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearTimeout(timer.current);
      source?.close();
    };
  }, [service, channel, router]);

  return (
    <p role="status" data-testid="live-status" data-status={status} className="mb-2 text-xs text-fg-muted">
      {t(status)}
    </p>
  );
}
