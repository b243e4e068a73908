'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, failureKey } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** Soft delete after a confirm dialog; the row can be brought back from its Restore page. */
export function DeleteButton({ path, afterHref }: { path: string; afterHref: string }) {
  const t = useTranslations('resource');
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const mutation = useAction(() => bffJson(path, { method: 'DELETE' }), {
    onSuccess: () => {
      toast.show(t('deleted'), { tone: 'success' });
      setOpen(false);
      // A navigation renders the next page fresh; a refresh beside it would race it (and fall back to a full load).
      router.push(afterHref);
    },
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete')}
      </Button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title={t('deleteTitle')}
        description={t('deleteBody')}
        confirmLabel={t('delete')}
        busy={mutation.isPending}
        error={mutation.isError ? t(failureKey(mutation.error)) : undefined}
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
