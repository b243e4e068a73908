'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './ui/button';
import { RefreshIcon } from './ui/icons';

/** Messages of a lazily loaded chunk that is gone (typically after a deploy) or failed to load. */
export const CHUNK_ERROR_PATTERN =
  /Loading chunk|Loading CSS chunk|ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === 'string') return CHUNK_ERROR_PATTERN.test(reason);
  if (reason instanceof Error || (typeof reason === 'object' && reason !== null)) {
    const { name, message } = reason as { name?: unknown; message?: unknown };
    return (typeof name === 'string' && CHUNK_ERROR_PATTERN.test(name)) || (typeof message === 'string' && CHUNK_ERROR_PATTERN.test(message));
  }
  return false;
}

/** A <script> or stylesheet of the build itself that failed to load (the error event does not bubble). */
function isBuildAssetFailure(target: EventTarget | null): boolean {
  if (target instanceof HTMLScriptElement) return target.src.includes('/_next/static/');
  if (target instanceof HTMLLinkElement) return target.rel === 'stylesheet' && target.href.includes('/_next/static/');
  return false;
}

/**
 * Watches for chunks that fail to load and offers a reload instead of leaving a blank or broken page.
 * Mounted once by the root providers.
 */
export function ChunkReloadGuard() {
  const t = useTranslations('chunkReload');
  const [stale, setStale] = useState(false);

  useEffect(() => {
    const onError = (event: Event) => {
      if (event instanceof ErrorEvent ? isChunkLoadError(event.error ?? event.message) : isBuildAssetFailure(event.target)) setStale(true);
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) setStale(true);
    };
    window.addEventListener('error', onError, true);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  if (!stale) return null;
  return <ChunkReloadBanner title={t('title')} body={t('body')} action={t('reload')} />;
}

/** The reload prompt; also used by the error boundary when the error is a chunk failure. */
export function ChunkReloadBanner({ title, body, action }: { title: string; body: string; action: string }) {
  return (
    <div role="alert" className="fixed inset-x-0 top-0 z-[70] flex justify-center p-3">
      <div className="flex w-full max-w-2xl flex-wrap items-center gap-3 rounded-lg border border-warning/50 bg-surface px-4 py-3 shadow-lg">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-fg">{title}</p>
          <p className="text-sm text-fg-muted">{body}</p>
        </div>
        <Button onClick={() => window.location.reload()} icon={<RefreshIcon className="size-4" />}>
          {action}
        </Button>
      </div>
    </div>
  );
}
