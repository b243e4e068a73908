'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ImportJob, ImportMode } from '@contract/imports';
import { bffJson } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * The import's buttons (valid rows only, or all rows only when none is invalid), its confirmation, its progress while
 * it runs (read every second) and its result with the refused rows' file.
 */
export function ImportRun({ api, job: initial, mayCreate }: { api: string; job: ImportJob; mayCreate: boolean }) {
  const t = useTranslations('imports');
  const tv = useTranslations('validation');
  const router = useRouter();
  const [job, setJob] = useState(initial);
  const [asking, setAsking] = useState<ImportMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (job.status !== 'running') return;
    const timer = setInterval(async () => {
      try {
        const next = (await bffJson<{ data: ImportJob }>(`${api}/${job.id}`)).data;
        setJob(next);
        if (next.status !== 'running') router.refresh();
      } catch {
        // a missed read: the next one tries again
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [api, job.id, job.status, router]);

  const run = async (mode: ImportMode) => {
    setBusy(true);
    setError(null);
    try {
      setJob((await bffJson<{ data: ImportJob }>(`${api}/${job.id}/run`, { method: 'POST', body: { mode } })).data);
      setAsking(null);
    } catch (e) {
      const code = (e as { body?: { errors?: { mode?: string[] } } }).body?.errors?.mode?.[0];
      setError(code && tv.has(code) ? tv(code) : t('run.failed'));
    } finally {
      setBusy(false);
    }
  };

  const total = job.doneRows + job.readyRows;
  const percent = total ? Math.round((job.doneRows / total) * 100) : 100;
  const refused = `${api}/${job.id}/refused.csv`;

  return (
    <div className="space-y-3">
      {job.status === 'previewed' && mayCreate && (
        <div className="flex flex-wrap items-start gap-3">
          <Button onClick={() => setAsking('valid')} disabled={job.readyRows === 0}>
            {t('run.valid', { n: job.readyRows })}
          </Button>
          <div>
            <Button
              variant="secondary"
              onClick={() => setAsking('all')}
              disabled={job.invalidRows > 0 || job.readyRows === 0}
              aria-describedby="import-all-reason"
            >
              {t('run.all')}
            </Button>
            {job.invalidRows > 0 && (
              <p id="import-all-reason" className="mt-1 text-xs text-fg-muted">
                {t('run.allDisabled', { n: job.invalidRows })}
              </p>
            )}
          </div>
          {job.readyRows === 0 && <p className="text-sm text-fg-muted">{t('run.nothing')}</p>}
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {job.status === 'running' && (
        <div>
          <p className="mb-1 text-sm" id="import-progress-label">
            {t('run.progress', { done: job.doneRows, total })}
          </p>
          <div
            role="progressbar"
            aria-labelledby="import-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 w-full overflow-hidden rounded-full bg-surface-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {(job.status === 'done' || job.status === 'failed') && (
        <Alert tone={job.status === 'done' ? 'success' : 'error'}>
          <span role="status">
            {job.status === 'done'
              ? t('run.done', { imported: job.importedRows, existing: job.existingRows, refused: job.invalidRows })
              : t('run.failedJob', { error: job.error })}
          </span>
        </Alert>
      )}
      {job.invalidRows > 0 && (
        <p className="text-sm">
          <a href={refused} download className="text-primary-text underline underline-offset-2">
            {t('run.downloadRefused', { n: job.invalidRows })}
          </a>
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('run.confirmTitle')}
        description={asking === 'all' ? t('run.confirmAll', { n: job.readyRows }) : t('run.confirmValid', { n: job.readyRows, refused: job.invalidRows })}
        confirmLabel={t('run.confirm')}
        busy={busy}
        onConfirm={() => asking && void run(asking)}
        onClose={() => !busy && setAsking(null)}
      />
    </div>
  );
}
