'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { walletRejectSchema } from '@contract/resources/wallet-actions';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Button } from '../ui/button';
import { useMoney } from '../ui/currency';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';
import { useActionFailure } from './action-failure';

export interface RejectPendingProps {
  /** `/api/admin/{service}/Wallet/Adjust/transaction/{id}/reject`. */
  path: string;
  row: { ownerName?: unknown; amount?: unknown; type?: unknown };
}

/**
 * Rejects a Pending withdrawal (or deposit request) after a prompt naming the owner and the amount, with a reason.
 * The ledger keys the reject by the transaction, so a double click rejects once; the reason stays on an error.
 */
export function RejectPending({ path, row }: RejectPendingProps) {
  const t = useTranslations('wallet.actions');
  const tc = useTranslations('common');
  const platform = useTranslations('wallet.confirm')('platform');
  const router = useRouter();
  const toast = useToast();
  const money = useMoney();
  const fieldError = useFieldError();
  const failureOf = useActionFailure();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const owner = String(row.ownerName || platform);
  const amount = money(Math.abs(Number(row.amount)));
  const withdraw = row.type === 'withdraw';
  const action = useAction(() => bffJson(path, { method: 'POST', body: walletRejectSchema.parse({ reason }) }), {
    onSuccess: () => {
      setOpen(false);
      setReason('');
      toast.show(t('rejectDone', { owner, amount }), { tone: 'success' });
      router.refresh();
    },
    onError: (error) => {
      if (isBffError(error) && error.status === 400) setErrors((error.body as { errors?: FieldErrors } | null)?.errors ?? {});
    },
  });
  const submit = () => {
    const checked = walletRejectSchema.safeParse({ reason });
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error));
      return;
    }
    setErrors({});
    if (!action.isPending) action.mutate();
  };
  const failure = action.isError ? failureOf(action.error) : null;

  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={t('rejectFor', { owner, amount })}>
        {t('reject')}
      </Button>
      <Dialog open={open} onClose={() => !action.isPending && setOpen(false)} className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <DialogBackdrop className="fixed inset-0 bg-dark/50" />
        <div className="relative w-full max-w-md">
          <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-fg">{t(withdraw ? 'rejectTitleWithdraw' : 'rejectTitleDeposit')}</DialogTitle>
            <Description className="mt-2 text-sm text-fg-muted">{t(withdraw ? 'rejectBodyWithdraw' : 'rejectBodyDeposit', { owner, amount })}</Description>
            <form
              className="mt-4 space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <FormField label={t('reason')} hint={t('reasonHint')} error={fieldError(errors.reason, { limit: 200 })} required>
                {(control) => (
                  <input
                    {...control}
                    className={inputClasses(Boolean(errors.reason))}
                    value={reason}
                    maxLength={200}
                    autoFocus
                    onChange={(e) => setReason(e.target.value)}
                  />
                )}
              </FormField>
              {failure && (
                <p role="alert" className="text-sm text-danger-text">
                  {failure}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setOpen(false)} disabled={action.isPending}>
                  {tc('cancel')}
                </Button>
                <Button type="submit" variant="danger" busy={action.isPending}>
                  {t('rejectConfirm', { amount })}
                </Button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
