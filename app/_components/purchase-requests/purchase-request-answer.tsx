'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { PurchaseRequestState } from '@contract/lifecycle';
import { purchaseRequestCloseSchema, purchaseRequestQuoteSchema } from '@contract/resources/purchase-request';
import { bffJson, failureKey, isBffError } from '@/lib/resources/bff-client';
import { inputToSatang } from '@/lib/resources/form-values';
import { fieldErrorsOf, type FieldErrors } from '@/lib/resources/validation';
import { useFieldError } from '../resource/field-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useMoney } from '../ui/currency';
import { FormField, inputClasses, TextField } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

type Move = 'quote' | 'close';

/**
 * Staff's answer to a purchase request: a price and the terms (`PATCH {path}/quote`, an open request) or the reason it
 * is closed (`PATCH {path}/close`), each checked with the contract's schema and sent after a confirmation. A stale
 * version says someone answered first; what was typed is kept on every error.
 */
export function PurchaseRequestAnswer({ path, state, version, title }: { path: string; state: PurchaseRequestState; version: number; title: string }) {
  const t = useTranslations('purchaseRequest');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const money = useMoney();
  const router = useRouter();
  const toast = useToast();
  const [price, setPrice] = useState('');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState<{ move: Move; body: Record<string, unknown> } | null>(null);
  const mutation = useAction((vars: { move: Move; body: Record<string, unknown> }) => bffJson(`${path}/${vars.move}`, { method: 'PATCH', body: vars.body }), {
    onSuccess: (_data, vars) => {
      toast.show(t(`actions.${vars.move}.done`), { tone: 'success' });
      setAsking(null);
      setPrice('');
      setAnswer('');
      router.refresh();
    },
    onError: (error) => {
      // Refused fields go under their inputs (the dialog closes); other failures stay in the dialog.
      if (isBffError(error) && error.status === 400) {
        const body = error.body as { errors?: FieldErrors };
        if (body?.errors) {
          setErrors(body.errors);
          setAsking(null);
        }
      }
    },
  });
  const start = (move: Move) => {
    const body = move === 'quote' ? { quotePrice: inputToSatang(price) ?? (price.trim() === '' ? undefined : price), answer, version } : { answer, version };
    const parsed = (move === 'quote' ? purchaseRequestQuoteSchema : purchaseRequestCloseSchema).safeParse(body);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    mutation.reset();
    setAsking({ move, body: parsed.data });
  };
  const failure = !mutation.isError
    ? null
    : isBffError(mutation.error) && mutation.error.status === 409
      ? t('view.stale')
      : isBffError(mutation.error) && mutation.error.status === 400
        ? t('view.invalidState')
        : tr(failureKey(mutation.error));
  const quotable = state === 'open';
  return (
    <div className="space-y-4 p-5">
      {quotable && (
        <TextField
          label={t('fields.quotePrice')}
          hint={tr('moneyHint')}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={fieldError(errors.quotePrice)}
        />
      )}
      <FormField label={t('fields.answer')} hint={t('view.answerHint')} error={fieldError(errors.answer)} required>
        {(control) => (
          <textarea
            {...control}
            aria-required
            rows={4}
            maxLength={200}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            className={`${inputClasses(Boolean(errors.answer))} h-auto py-2`}
          />
        )}
      </FormField>
      {fieldError(errors.state) && <Alert tone="error">{t('view.invalidState')}</Alert>}
      {failure && !asking && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        {quotable && <Button onClick={() => start('quote')}>{t('actions.quote.button')}</Button>}
        <Button variant="danger" onClick={() => start('close')}>
          {t('actions.close.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`actions.${asking.move}.title`, { title }) : ''}
        description={
          asking?.move === 'quote' ? t('actions.quote.body', { price: money(Number(asking.body.quotePrice)) }) : asking ? t('actions.close.body') : undefined
        }
        confirmLabel={asking ? t(`actions.${asking.move}.confirm`) : undefined}
        tone={asking?.move === 'close' ? 'danger' : 'primary'}
        busy={mutation.isPending}
        error={failure}
        onConfirm={() => asking && mutation.mutate(asking)}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
