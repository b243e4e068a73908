'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useMoney } from '../ui/currency';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/**
 * Confirms a Pending deposit or withdrawal after a prompt that names the owner and the amount. The ledger keys the
 * confirmation by the transaction, so a double click or a second person confirming moves the money once.
 */
export function ConfirmPending({ path, row }: { path: string; row: Record<string, unknown> }) {
  const t = useTranslations('wallet.confirm');
  const router = useRouter();
  const toast = useToast();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const owner = String(row.ownerName || t('platform'));
  const amount = money(Math.abs(Number(row.amount)));
  const type = String(row.type);
  const action = useAction(() => bffJson(path, { method: 'PATCH', body: {} }), {
    onSuccess: () => {
      setOpen(false);
      toast.show(t('done', { owner, amount }), { tone: 'success' });
      router.refresh();
    },
  });
  const error = action.error;
  const failure =
    isBffError(error) && error.message === 'INSUFFICIENT_BALANCE'
      ? t('insufficient')
      : isBffError(error) && error.message === 'TRANSACTION_NOT_PENDING'
        ? t('notPending')
        : t('failed');
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={t('buttonFor', { owner, amount })}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t(type === 'withdraw' ? 'titleWithdraw' : 'titleDeposit')}
        description={t(type === 'withdraw' ? 'bodyWithdraw' : 'bodyDeposit', { owner, amount })}
        confirmLabel={t('button')}
        busy={action.isPending}
        error={action.isError ? failure : undefined}
        onConfirm={() => action.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
