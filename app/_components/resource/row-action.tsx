'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Button, type ButtonVariant } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** One POST on a row (restore, approve) with a toast, then the list refreshes; with `confirm`, after a question. */
export function RowAction({
  path,
  label,
  done,
  variant = 'secondary',
  name,
  confirm,
}: {
  path: string;
  label: string;
  done: string;
  variant?: ButtonVariant;
  name: string;
  /** The question asked before the call (a biker's approval). */
  confirm?: { title: string; body: string };
}) {
  const t = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const mutation = useAction(() => bffJson(path, { method: 'POST', body: {} }), {
    onMutate: () => setBusy(true),
    onSettled: () => {
      setBusy(false);
      setOpen(false);
    },
    onSuccess: () => {
      toast.show(done, { tone: 'success' });
      router.refresh();
    },
    onError: (error) => toast.show(isBffError(error) && error.status === 409 ? t('alreadyDecided') : t('actionFailed'), { tone: 'error' }),
  });
  return (
    <>
      <Button size="sm" variant={variant} busy={busy} onClick={() => (confirm ? setOpen(true) : mutation.mutate())} aria-label={`${label}: ${name}`}>
        {label}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={open}
          title={confirm.title}
          description={confirm.body}
          confirmLabel={label}
          busy={busy}
          onConfirm={() => mutation.mutate()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
