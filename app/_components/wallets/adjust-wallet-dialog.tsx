'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { WALLET_ADJUSTMENT_KINDS, walletAdjustmentSchema, type WalletActionResult, type WalletAdjustmentKind } from '@contract/resources/wallet-actions';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { parseActionAmount } from '@/lib/wallets/amount';
import { useFieldError } from '../resource/field-error';
import { Button } from '../ui/button';
import { useMoney } from '../ui/currency';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';
import { useActionFailure } from './action-failure';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export interface AdjustWalletDialogProps {
  /** `/api/admin/{service}/Wallet/Adjust/wallet/{ref}`. */
  path: string;
  owner: string;
  /** The platform's own wallet takes no bonus (a bonus comes out of it). */
  platform: boolean;
  onClose: () => void;
}

/**
 * Posts a deposit, bonus or correction: the type, the amount and the reason, then a confirmation naming the amount in
 * the company's money. The key is made once per opening, so a double click or a retry posts once; what was typed
 * stays on an error (a refused field sends the form back with its message beside the field).
 */
export function AdjustWalletDialog({ path, owner, platform, onClose }: AdjustWalletDialogProps) {
  const t = useTranslations('wallet.actions');
  const tc = useTranslations('common');
  const fieldError = useFieldError();
  const failureOf = useActionFailure();
  const router = useRouter();
  const toast = useToast();
  const money = useMoney();
  const [key] = useState(newIdempotencyKey);
  const kinds = WALLET_ADJUSTMENT_KINDS.filter((k) => !(platform && k === 'bonus'));
  const [kind, setKind] = useState<WalletAdjustmentKind>('deposit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const sent = useRef(false);
  // The confirmation's button takes the focus when it replaces the form, so the keyboard carries on from there.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);
  const signed = kind === 'correction';
  const amount = parseActionAmount(amountText, signed);
  const body = () => ({ kind, amount: amount ?? Number.NaN, reason, idempotencyKey: key });
  const post = useAction(() => bffJson<{ data: WalletActionResult }>(path, { method: 'POST', body: walletAdjustmentSchema.parse(body()) }), {
    onSuccess: (answer) => {
      toast.show(t('postDone', { amount: money(Math.abs(answer.data.transaction.amount)), owner, balance: money(answer.data.wallet.balance) }), {
        tone: 'success',
      });
      onClose();
      router.refresh();
    },
    onError: (error) => {
      sent.current = false;
      if (isBffError(error) && error.status === 400) {
        setErrors((error.body as { errors?: FieldErrors } | null)?.errors ?? {});
        setStep('form');
      }
    },
  });

  const review = () => {
    const next: FieldErrors = amount === null ? { amount: [t(signed ? 'amountInvalidCorrection' : 'amountInvalid')] } : {};
    const checked = walletAdjustmentSchema.safeParse(body());
    if (!checked.success) for (const [field, messages] of Object.entries(fieldErrorsOf(checked.error))) next[field] ??= messages;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    post.reset();
    setStep('confirm');
  };
  const confirm = () => {
    if (sent.current) return;
    sent.current = true;
    post.mutate();
  };
  const failure = post.isError ? failureOf(post.error, kind === 'bonus') : null;
  const shown = money(Math.abs(amount ?? 0));
  const summary =
    kind === 'deposit'
      ? t('confirmDeposit', { amount: shown, owner })
      : kind === 'bonus'
        ? t('confirmBonus', { amount: shown, owner })
        : t((amount ?? 0) < 0 ? 'confirmCorrectionMinus' : 'confirmCorrectionPlus', { amount: shown, owner });

  return (
    <Dialog open onClose={() => !post.isPending && onClose()} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-dark/50" />
      <div className="relative w-full max-w-lg">
        <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-fg">{step === 'form' ? t('postTitle', { owner }) : t('confirmTitle')}</DialogTitle>
          {step === 'form' ? (
            <form
              className="mt-4 space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                review();
              }}
            >
              <FormField label={t('kind')} error={fieldError(errors.kind)} required>
                {(control) => (
                  <select
                    {...control}
                    className={inputClasses(Boolean(errors.kind))}
                    value={kind}
                    onChange={(e) => setKind(e.target.value as WalletAdjustmentKind)}
                  >
                    {kinds.map((k) => (
                      <option key={k} value={k}>
                        {t(`kinds.${k}`)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField label={t('amount')} hint={t(signed ? 'amountHintCorrection' : 'amountHint')} error={fieldError(errors.amount)} required>
                {(control) => (
                  <input
                    {...control}
                    inputMode="decimal"
                    autoComplete="off"
                    className={inputClasses(Boolean(errors.amount))}
                    value={amountText}
                    onChange={(e) => setAmountText(e.target.value)}
                  />
                )}
              </FormField>
              <FormField label={t('reason')} hint={t('reasonHint')} error={fieldError(errors.reason, { limit: 200 })} required>
                {(control) => (
                  <input
                    {...control}
                    className={inputClasses(Boolean(errors.reason))}
                    value={reason}
                    maxLength={200}
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
                <Button variant="secondary" onClick={onClose}>
                  {tc('cancel')}
                </Button>
                <Button type="submit">{t('continue')}</Button>
              </div>
            </form>
          ) : (
            <div className="mt-4 space-y-4">
              <p className="text-sm text-fg">{summary}</p>
              <p className="text-sm text-fg-muted">{t('confirmReason', { reason: reason.trim() })}</p>
              {failure && (
                <p role="alert" className="text-sm text-danger-text">
                  {failure}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" disabled={post.isPending} onClick={() => setStep('form')}>
                  {t('back')}
                </Button>
                <Button ref={confirmRef} busy={post.isPending} onClick={confirm}>
                  {t('confirm', { amount: shown })}
                </Button>
              </div>
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
