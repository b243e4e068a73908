'use client';

import { loadChunk } from '@/lib/chunk-load';
import { lazy } from 'react';

/**
 * The error page's view, loaded when a page fails: the error boundaries are part of every page, so what they show
 * must not weigh on pages that never fail.
 */
export const LazyErrorView = lazy(() => loadChunk(() => import('./error-view').then((m) => ({ default: m.ErrorView }))));

/** Shown while the error view loads, or when neither it nor a dictionary can: a retry button that needs no language. */
export function RetryOnly({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="grid min-h-dvh place-items-center">
      <button type="button" onClick={onRetry} className="rounded-md border border-line px-4 py-2 text-2xl" aria-label="↻">
        ↻
      </button>
    </main>
  );
}
