'use client';

import { useId, useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { eligibleBikers } from '@/lib/monitor/board';
import { monitorAssignSchema, type MonitorAssignBody, type MonitorBiker } from '@/lib/monitor/schema';
import { orderErrorKey, type OrderErrorKey } from '@/lib/orders/errors';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { statusDef } from '@/lib/status';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** The order being given to a biker: a waiting order, or a task being moved to another biker. */
export interface AssignTarget {
  orderId: string;
  orderNo: string;
  areaId: string | null;
  /** The biker who has it now (a reassignment), else null. */
  currentBikerId: string | null;
}

interface AssignDialogProps {
  service: string;
  target: AssignTarget | null;
  bikers: readonly MonitorBiker[];
  onClose: () => void;
  onAssigned: () => void;
}

/** The failure in the words of this dialog where it has its own, else in those of the order page. */
function failureKey(error: unknown): { own: 'unavailable' | 'refused' | 'failed' } | { order: OrderErrorKey } {
  const key = isBffError(error) ? orderErrorKey(error.status, error.body) : 'unavailable';
  if (key === 'bikerUnavailable') return { own: 'unavailable' };
  if (key === 'transitionRefused' || key === 'conflict') return { own: 'refused' };
  if (key === 'failed') return { own: 'failed' };
  return { order: key };
}

/** Picks a biker of the order's area who is not offline and assigns (or reassigns) the order through the BFF. */
export function AssignDialog({ service, target, bikers, onClose, onAssigned }: AssignDialogProps) {
  const t = useTranslations('monitor.assign');
  const common = useTranslations('common');
  const presence = useTranslations('status.presence');
  const orderErrors = useTranslations('orders.errors');
  const toast = useToast();
  const selectId = useId();
  const [bikerId, setBikerId] = useState('');
  const choices = target ? eligibleBikers(target, bikers, target.currentBikerId) : [];
  const mutation = useAction(
    (body: MonitorAssignBody) =>
      bffJson(`/api/admin/${encodeURIComponent(service)}/Monitor/Biker/assign`, { method: 'PATCH', body: monitorAssignSchema.parse(body) }),
    {
      onSuccess: (_answer, body) => {
        const name = bikers.find((b) => b.id === body.bikerId)?.name ?? body.bikerId;
        toast.show(t('done', { orderNo: target?.orderNo ?? '', name }), { tone: 'success' });
        close();
        onAssigned();
      },
    },
  );
  const close = () => {
    setBikerId('');
    mutation.reset();
    onClose();
  };
  const failureText = (error: unknown) => {
    const key = failureKey(error);
    return 'own' in key ? t(key.own) : orderErrors(key.order);
  };
  const reassign = Boolean(target?.currentBikerId);
  const chosen = choices.some((b) => b.id === bikerId) ? bikerId : '';

  return (
    <Dialog open={target !== null} onClose={() => !mutation.isPending && close()} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-dark/50" />
      <div className="relative w-full max-w-md">
        <DialogPanel className="w-full rounded-lg border border-line bg-surface p-6 shadow-xl">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (target && chosen) mutation.mutate({ orderId: target.orderId, bikerId: chosen });
            }}
          >
            <DialogTitle className="text-lg font-semibold text-fg">{t(reassign ? 'reassignTitle' : 'title', { orderNo: target?.orderNo ?? '' })}</DialogTitle>
            <Description className="mt-2 text-sm text-fg-muted">{t('description')}</Description>
            {choices.length === 0 ? (
              <p className="mt-4 text-sm text-fg">{t('noneAvailable')}</p>
            ) : (
              <div className="mt-4 space-y-1.5">
                <label htmlFor={selectId} className="text-sm font-medium text-fg">
                  {t('biker')}
                </label>
                <select id={selectId} className={inputClasses()} value={chosen} onChange={(e) => setBikerId(e.target.value)} required>
                  <option value="">{t('chooseBiker')}</option>
                  {choices.map((b) => (
                    <option key={b.id} value={b.id}>
                      {t('choice', { name: b.name, presence: presence(statusDef('presence', b.presence)?.key ?? 'offline'), tasks: b.tasks.length })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {mutation.isError && (
              <p role="alert" className="mt-3 text-sm text-danger-text">
                {failureText(mutation.error)}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
                {common('cancel')}
              </Button>
              <Button type="submit" busy={mutation.isPending} disabled={!chosen}>
                {t(reassign ? 'submitReassign' : 'submit')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
