'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson } from '@/lib/resources/bff-client';
import { registrationRejectSchema } from '@contract/resources/registration';
import { fieldErrorsOf } from '@/lib/resources/validation';
import { Button } from '../ui/button';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Alert } from '../ui/alert';
import { TextField } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useFieldError } from './field-error';
import { useAction } from '../ui/use-action';

/** Reject a registration (shop or biker, its messages in `namespace`): a dialog asks for the reason (1–200 characters). */
export function RejectButton({ path, name, namespace }: { path: string; name: string; namespace: string }) {
  const t = useTranslations(namespace);
  const tr = useTranslations('resource');
  const fieldError = useFieldError();
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string[] | undefined>();
  const mutation = useAction((body: { reason: string }) => bffJson(path, { method: 'POST', body }), {
    onSuccess: () => {
      toast.show(t('rejected'), { tone: 'success' });
      setOpen(false);
      router.refresh();
    },
  });
  const confirm = () => {
    const parsed = registrationRejectSchema.safeParse({ reason });
    if (!parsed.success) return setError(fieldErrorsOf(parsed.error).reason);
    setError(undefined);
    mutation.mutate(parsed.data);
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`${t('reject')}: ${name}`}>
        {t('reject')}
      </Button>
      <Dialog open={open} onClose={() => !mutation.isPending && setOpen(false)} className="fixed inset-0 z-50 flex items-center justify-center p-4">
        <DialogBackdrop className="fixed inset-0 bg-dark/50" />
        <DialogPanel className="relative w-full max-w-md space-y-4 rounded-lg border border-line bg-surface p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-fg">{t('rejectTitle', { name })}</DialogTitle>
          <TextField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={fieldError(error)} required maxLength={200} />
          {mutation.isError && <Alert tone="error">{tr('actionFailed')}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={mutation.isPending}>
              {tr('cancel')}
            </Button>
            <Button variant="danger" onClick={confirm} busy={mutation.isPending}>
              {t('reject')}
            </Button>
          </div>
        </DialogPanel>
      </Dialog>
    </>
  );
}
