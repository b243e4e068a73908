'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Button, type ButtonVariant } from '../ui/button';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** One POST on a row (restore, approve) with a toast, then the list refreshes. */
export function RowAction({
  path,
  label,
  done,
  variant = 'secondary',
  name,
}: {
  path: string;
  label: string;
  done: string;
  variant?: ButtonVariant;
  name: string;
}) {
  const t = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const mutation = useAction(() => bffJson(path, { method: 'POST', body: {} }), {
    onMutate: () => setBusy(true),
    onSettled: () => setBusy(false),
    onSuccess: () => {
      toast.show(done, { tone: 'success' });
      router.refresh();
    },
    onError: (error) => toast.show(isBffError(error) && error.status === 409 ? t('alreadyDecided') : t('actionFailed'), { tone: 'error' }),
  });
  return (
    <Button size="sm" variant={variant} busy={busy} onClick={() => mutation.mutate()} aria-label={`${label}: ${name}`}>
      {label}
    </Button>
  );
}
