'use client';

import { lazy, Suspense, useState } from 'react';
import { useTranslations } from 'next-intl';
import { loadChunk } from '@/lib/chunk-load';
import { Button } from '../ui/button';

const GrantPointsDialog = lazy(() => loadChunk(() => import('./grant-points-dialog').then((m) => ({ default: m.GrantPointsDialog }))));

/** The list header's "Give points" (or "Top up points"): the dialog's code loads when it is first opened. */
export function GrantPointsButton({ service, api, topup = false }: { service: string; api: string; topup?: boolean }) {
  const t = useTranslations('points');
  // Each opening is a new dialog, with its own idempotency key.
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {topup ? t('grant.topupButton') : t('grant.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GrantPointsDialog key={opening} service={service} api={api} topup={topup} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
