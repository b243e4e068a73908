'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, failureKey } from '@/lib/resources/bff-client';
import { apiPath, type ListView } from '@/lib/resources/kit';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

interface BulkBarProps {
  view: ListView;
  service: string;
  ids: string[];
  canWrite: boolean;
  canDelete: boolean;
  /** The action finished; `keep` are the ids to leave selected (those refused). */
  onDone: (keep?: string[]) => void;
}

interface BulkStatusAnswer {
  data: { changed: string[]; refused: { id: string; message: string }[] };
}

/** Actions on the selected rows: status change (where the resource has one) and soft delete after a confirm. */
export function BulkBar({ view: res, service, ids, canWrite, canDelete, onDone }: BulkBarProps) {
  const t = useTranslations('resource');
  const root = useTranslations();
  const router = useRouter();
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const base = apiPath(service, res);
  const statuses = res.bulkStatuses ?? [];

  const statusMutation = useAction(() => bffJson<BulkStatusAnswer>(`${base}/status`, { method: 'PATCH', body: { ids, status } }), {
    onSuccess: (answer) => {
      toast.show(t('bulkDone', { changed: answer.data.changed.length, refused: answer.data.refused.length }), {
        tone: answer.data.refused.length ? 'info' : 'success',
      });
      onDone(answer.data.refused.map((r) => String(r.id)));
      router.refresh();
    },
    onError: () => toast.show(t('actionFailed'), { tone: 'error' }),
  });
  const deleteMutation = useAction(
    async () => {
      if (res.bulkDelete)
        return bffJson<{ data: { deleted: number } }>(`${base}?ids=${ids.map(encodeURIComponent).join(',')}`, { method: 'DELETE' }).then((a) => a.data.deleted);
      for (const id of ids) await bffJson(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      return ids.length;
    },
    {
      onSuccess: (deleted) => {
        toast.show(t('deletedCount', { count: deleted }), { tone: 'success' });
        setConfirming(false);
        onDone();
        router.refresh();
      },
    },
  );

  return (
    <div
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-primary/30 bg-primary-soft/40 px-4 py-2"
      role="region"
      aria-label={t('bulkActions')}
    >
      <span className="text-sm font-medium text-fg">{t('selected', { count: ids.length })}</span>
      {canWrite && statuses.length > 0 && (
        <>
          <label htmlFor="bulk-status" className="sr-only">
            {t('bulkStatus')}
          </label>
          <div className="w-44">
            <select id="bulk-status" value={status} onChange={(e) => setStatus(e.target.value)} className={inputClasses()}>
              <option value="">{t('bulkStatus')}</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {root(`status.account.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <Button size="sm" variant="secondary" disabled={!status} busy={statusMutation.isPending} onClick={() => statusMutation.mutate()}>
            {t('apply')}
          </Button>
        </>
      )}
      {canDelete && (
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
          {t('bulkDelete')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={t('bulkDeleteTitle', { count: ids.length })}
        description={t('deleteBody')}
        confirmLabel={t('delete')}
        busy={deleteMutation.isPending}
        error={deleteMutation.isError ? t(failureKey(deleteMutation.error)) : undefined}
        onConfirm={() => deleteMutation.mutate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
