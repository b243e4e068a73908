'use client';

import { lazy, Suspense, useState } from 'react';
import { useTranslations } from 'next-intl';
import { loadChunk } from '@/lib/chunk-load';
import { Button } from '../ui/button';

const AdjustWalletDialog = lazy(() => loadChunk(() => import('./adjust-wallet-dialog').then((m) => ({ default: m.AdjustWalletDialog }))));

/** A wallet page's "Post to wallet": the dialog's code loads when it is first opened; each opening has its own key. */
export function AdjustWalletButton({ path, owner, platform }: { path: string; owner: string; platform: boolean }) {
  const t = useTranslations('wallet.actions');
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
        {t('post')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AdjustWalletDialog key={opening} path={path} owner={owner} platform={platform} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
