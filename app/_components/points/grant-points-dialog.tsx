'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { pointGrantSchema, type PointMember } from '@contract/resources/points';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';
import { newIdempotencyKey } from '@/lib/idempotency-key';

interface GrantPointsDialogProps {
  service: string;
  /** The list's API path (`RewardPointHistory`, `TopupMemberPoints`): the grant is `POST` there. */
  api: string;
  topup: boolean;
  onClose: () => void;
}

/**
 * Gives a member points: pick the member (by phone or name), the amount and the reason, then confirm. The key is made
 * once per opening, so a double click or a retry gives the points once; what was typed stays on an error.
 */
export function GrantPointsDialog({ service, api, topup, onClose }: GrantPointsDialogProps) {
  const t = useTranslations('points');
  const tr = useTranslations('resource');
  const tc = useTranslations('common');
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const [key] = useState(newIdempotencyKey);
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<{ q: string; rows: PointMember[] } | null>(null);
  const [member, setMember] = useState<PointMember | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const sent = useRef(false);
  const base = `/api/admin/${service}/${api}`;

  useEffect(() => {
    const q = search.trim();
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      bffJson<{ data: PointMember[] }>(`${base}/members?${new URLSearchParams({ q })}`, { signal: controller.signal })
        .then((answer) => setResults({ q, rows: answer.data }))
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, base]);

  // The results of what is typed now (two characters at least); earlier answers are not shown.
  const found = results && results.q === search.trim() && results.q.length >= 2 ? results.rows : null;
  const body = () => ({ memberId: member?.id ?? '', amount: amount.trim() === '' ? Number.NaN : Number(amount), reason, idempotencyKey: key });
  const grant = useAction(() => bffJson<{ data: { amount: number; balanceAfter: number } }>(base, { method: 'POST', body: pointGrantSchema.parse(body()) }), {
    onSuccess: (answer) => {
      toast.show(t('grant.done', { points: answer.data.amount, member: member?.name ?? '', balance: answer.data.balanceAfter }), { tone: 'success' });
      onClose();
      router.refresh();
    },
    onError: (error) => {
      sent.current = false;
      if (isBffError(error) && error.status === 400) {
        const fields = (error.body as { errors?: FieldErrors } | null)?.errors ?? {};
        setErrors(fields);
        setStep('form');
      }
    },
  });

  const review = () => {
    const result = pointGrantSchema.safeParse(body());
    if (!result.success) {
      setErrors(fieldErrorsOf(result.error));
      return;
    }
    setErrors({});
    grant.reset();
    setStep('confirm');
  };
  const confirm = () => {
    if (sent.current) return;
    sent.current = true;
    grant.mutate();
  };
  const failure = !grant.isError
    ? null
    : isBffError(grant.error) && grant.error.status === 403
      ? tr('notAllowed')
      : isBffError(grant.error) && grant.error.status === 404
        ? t('grant.memberGone')
        : isBffError(grant.error) && grant.error.status === 409
          ? t('grant.keyReused')
          : isBffError(grant.error) && grant.error.status === 400
            ? null
            : tr('actionFailed');
  const title = topup ? t('grant.topupTitle') : t('grant.title');

  return (
    <Dialog open onClose={() => !grant.isPending && onClose()} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-dark/50" />
      <div className="relative w-full max-w-lg">
        <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-fg">{step === 'form' ? title : t('grant.confirmTitle')}</DialogTitle>
          {step === 'form' ? (
            <form
              className="mt-4 space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                review();
              }}
            >
              <FormField label={t('grant.member')} hint={t('grant.memberHint')} error={fieldError(errors.memberId)} required>
                {(control) => (
                  <input
                    {...control}
                    type="search"
                    className={inputClasses(Boolean(errors.memberId))}
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    autoComplete="off"
                  />
                )}
              </FormField>
              {member && (
                <p className="text-sm text-fg" aria-live="polite">
                  {t('grant.chosen', { member: member.name, phone: member.phone, balance: member.balance })}
                </p>
              )}
              {found && (
                <ul className="max-h-48 space-y-1 overflow-auto" aria-label={t('grant.results')}>
                  {found.length === 0 && <li className="text-sm text-fg-muted">{t('grant.noMember')}</li>}
                  {found.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className="w-full rounded-md border border-line px-3 py-2 text-start text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-focus aria-pressed:border-primary"
                        aria-pressed={member?.id === m.id}
                        onClick={() => setMember(m)}
                      >
                        {t('grant.option', { member: m.name, phone: m.phone, area: m.areaName, balance: m.balance })}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <FormField label={t('grant.amount')} error={fieldError(errors.amount)} required>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    className={inputClasses(Boolean(errors.amount))}
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                )}
              </FormField>
              <FormField label={t('grant.reason')} error={fieldError(errors.reason)} required>
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
              {failure && <Alert tone="error">{failure}</Alert>}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={onClose}>
                  {tc('cancel')}
                </Button>
                <Button type="submit">{t('grant.continue')}</Button>
              </div>
            </form>
          ) : (
            <div className="mt-4 space-y-4">
              <p className="text-sm text-fg">
                {t('grant.confirmBody', { points: Number(amount), member: member?.name ?? '', phone: member?.phone ?? '', reason: reason.trim() })}
              </p>
              {failure && (
                <p role="alert" className="text-sm text-danger-text">
                  {failure}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" disabled={grant.isPending} onClick={() => setStep('form')}>
                  {t('grant.back')}
                </Button>
                <Button busy={grant.isPending} onClick={confirm}>
                  {t('grant.confirm')}
                </Button>
              </div>
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
