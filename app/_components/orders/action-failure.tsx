'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import type { OrderActionFailure } from './use-order-action';

/** A failed order action in the user's language; when the order moved on meanwhile, a way to see it as it is now. */
export function ActionFailure({ failure, onReload }: { failure: OrderActionFailure; onReload: () => void }) {
  const t = useTranslations('orders.errors');
  const stale =
    failure.key === 'transitionRefused' ||
    failure.key === 'conflict' ||
    failure.key === 'bikerUnavailable' ||
    failure.key === 'bikerBusy' ||
    failure.key === 'bikerPackageExpired';
  return (
    <Alert tone="error">
      <p>{failure.message}</p>
      {stale && (
        <Button size="sm" variant="secondary" className="mt-2" onClick={onReload}>
          {t('reload')}
        </Button>
      )}
    </Alert>
  );
}
