'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { bffJson } from '@/lib/resources/bff-client';
import { ratingHideSchema as reviewHideSchema } from '@contract/resources/ratings';
import { fieldErrorsOf } from '@/lib/resources/validation';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useFieldError } from '../resource/field-error';
import { useAction } from '../ui/use-action';

/**
 * Hide a review (a dialog asks for the reason, 1–200 characters) or show a hidden one again (after a confirmation):
 * `PATCH {path}/hide` or `{path}/unhide`.
 */
export function ReviewVisibilityButton({ path, hidden, orderNo }: { path: string; hidden: boolean; orderNo: string }) {
  const t = useTranslations('review');
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const mutation = useAction(
    (body: { reason: string } | Record<string, never>) => bffJson(`${path}/${hidden ? 'unhide' : 'hide'}`, { method: 'PATCH', body }),
    {
      onSuccess: () => {
        toast.show(hidden ? t('actions.unhide.done') : t('actions.hide.done'), { tone: 'success' });
        setOpen(false);
        setReason('');
        router.refresh();
      },
    },
  );
  const confirm = () => {
    if (hidden) return mutation.mutate({});
    const parsed = reviewHideSchema.safeParse({ reason });
    if (!parsed.success) return setError(fieldErrorsOf(parsed.error).reason);
    setError(undefined);
    mutation.mutate(parsed.data);
  };
  const key = hidden ? 'unhide' : 'hide';
  return (
    <>
      <Button variant={hidden ? 'secondary' : 'danger'} onClick={() => setOpen(true)}>
        {t(`actions.${key}.button`)}
      </Button>
      <Dialog open={open} onClose={() => !mutation.isPending && setOpen(false)} className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <DialogBackdrop className="fixed inset-0 bg-dark/50" />
        <DialogPanel className="relative w-full max-w-md space-y-4 rounded-lg border border-line bg-surface p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-fg">{t(`actions.${key}.title`, { orderNo })}</DialogTitle>
          <p className="text-sm text-fg-muted">{t(`actions.${key}.body`)}</p>
          {!hidden && (
            <TextField
              label={t('fields.hiddenReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={fieldError(error)}
              required
              maxLength={200}
            />
          )}
          {mutation.isError && <Alert tone="error">{tr('actionFailed')}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={mutation.isPending}>
              {tr('cancel')}
            </Button>
            <Button variant={hidden ? 'primary' : 'danger'} onClick={confirm} busy={mutation.isPending}>
              {t(`actions.${key}.confirm`)}
            </Button>
          </div>
        </DialogPanel>
      </Dialog>
    </>
  );
}
