'use client';

import { Suspense, useEffect } from 'react';
import { LazyErrorView, RetryOnly } from './_components/ui/error-loading';

/** The error boundary of every page below the root layout. */
export default function ErrorBoundary({ error, reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // `retry` re-fetches the server components and resets; older Next versions only pass `reset`.
  const onRetry = () => (retry ?? reset)();
  return (
    <Suspense fallback={<RetryOnly onRetry={onRetry} />}>
      <LazyErrorView error={error} onRetry={onRetry} />
    </Suspense>
  );
}
