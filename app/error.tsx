'use client';

import { useEffect } from 'react';
import { ErrorView } from './_components/ui/error-view';

/** The error boundary of every page below the root layout. */
export default function ErrorBoundary({ error, reset, retry }: { error: unknown; reset: () => void; retry?: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // `retry` re-fetches the server components and resets; older Next versions only pass `reset`.
  return <ErrorView error={error} onRetry={() => (retry ?? reset)()} />;
}
