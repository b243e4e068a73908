'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useMoney } from '../ui/currency';
import { orderCancelSchema } from '@/lib/resources/orders-schemas';
import { useFieldError } from '../resource/field-error';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FormField, inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { ActionFailure } from './action-failure';
import { useOrderAction } from './use-order-action';

interface OrderCancelProps {
  path: string;
  orderNo: string;
  /** What a cancel now refunds to the member (satang). */
  refundOnCancel: number;
}

/** Admin cancel: a required reason, then a confirmation that states the refund; the reason stays on an error. */
export function OrderCancel({ path, orderNo, refundOnCancel }: OrderCancelProps) {
  const t = useTranslations('orders.cancel');
  const money = useMoney();
  const toast = useToast();
  const fieldError = useFieldError();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(false);
  const action = useOrderAction(path, orderCancelSchema);

  const ask = () => {
    action.clearFailure();
    if (action.check({ reason })) setOpen(true);
  };
  const confirm = async () => {
    if (await action.run({ reason })) {
      setOpen(false);
      setReason('');
      toast.show(t('done'), { tone: 'success' });
    }
  };
  const amount = money(refundOnCancel);
  const reasonError = fieldError(action.fieldErrors.reason);
  return (
    <div className="space-y-3">
      <FormField label={t('reason')} hint={t('reasonHint')} error={reasonError} required id="order-cancel-reason">
        {(control) => (
          <textarea
            {...control}
            aria-required
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={`${inputClasses(Boolean(reasonError))} h-auto py-2`}
          />
        )}
      </FormField>
      {action.failure && !open && <ActionFailure failure={action.failure} onReload={action.reload} />}
      <Button variant="danger" onClick={ask}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title={t('confirmTitle', { orderNo })}
        description={refundOnCancel > 0 ? t('confirmRefund', { amount }) : t('confirmNoRefund')}
        confirmLabel={t('confirm')}
        busy={action.pending}
        error={action.failure?.message}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
