'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { bffJson } from '@/lib/resources/bff-client';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/**
 * Sends the person a one-time password-reset code (the forgot-password flow's), after a confirmation that says where
 * it goes and that their sessions end.
 */
export function ResetPassword({ path, email, canReset }: { path: string; email: string; canReset: boolean }) {
  const t = useTranslations('users.reset');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const action = useAction(() => bffJson<{ data: { sentTo: string } }>(path, { method: 'POST', body: {} }), {
    onSuccess: (answer) => {
      setOpen(false);
      toast.show(t('sent', { email: answer.data.sentTo }), { tone: 'success' });
    },
  });
  return (
    <Card title={t('title')}>
      <p className="mb-3 text-sm text-muted">{t('intro')}</p>
      {canReset ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('button')}
        </Button>
      ) : (
        <p className="text-sm text-muted">{t('rootOnly')}</p>
      )}
      <ConfirmDialog
        open={open}
        title={t('confirmTitle')}
        description={t('confirmBody', { email })}
        confirmLabel={t('button')}
        busy={action.isPending}
        error={action.isError ? t('failed') : undefined}
        onConfirm={() => action.mutate()}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
