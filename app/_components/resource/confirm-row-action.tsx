'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { rowActionBody, type RowActionDef } from '@/lib/resources/kit';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** The row's text and number fields, as message values. */
const valuesOf = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));

/** One call on a row after a confirmation that names what it does (a module's `rowActions`), then the list refreshes. */
export function ConfirmRowAction({ action, namespace, path, row }: { action: RowActionDef; namespace: string; path: string; row: Record<string, unknown> }) {
  const t = useTranslations(`${namespace}.actions.${action.key}`);
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const values = valuesOf(row);
  const call = useAction(() => bffJson(path, { method: action.method, body: action.method === 'DELETE' ? undefined : rowActionBody(action, row) }), {
    onSuccess: () => {
      setOpen(false);
      toast.show(t('done', values), { tone: 'success' });
      router.refresh();
    },
    // Someone changed the row first: the list shows it as it is now, under the message.
    onError: (error) => {
      if (isBffError(error) && error.status === 409) router.refresh();
    },
  });
  return (
    <>
      <Button size="sm" variant={action.tone === 'danger' ? 'danger' : 'secondary'} onClick={() => setOpen(true)} aria-label={t('label', values)}>
        {t('button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('title', values)}
        description={t('body', values)}
        confirmLabel={t('button')}
        tone={action.tone === 'danger' ? 'danger' : 'primary'}
        busy={call.isPending}
        error={call.isError ? (isBffError(call.error) && call.error.status === 409 && t.has('stale') ? t('stale') : t('failed')) : undefined}
        onConfirm={() => call.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
