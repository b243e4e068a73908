'use client';

import { useEffect, useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { StatusBadge } from '../ui/status-badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

type Action = 'send' | 'schedule' | 'cancel';

/** How often the page is read again while the message is being sent. */
const POLL_MS = 1500;

/**
 * A public-relations message's or broadcast's sending: its status, the progress (sent of total) while the job runs,
 * and send now / schedule / cancel while it is a draft or scheduled. The page refreshes itself while sending.
 */
export function AnnouncementPanel({ path, row, canWrite }: { path: string; row: Record<string, unknown>; canWrite: boolean }) {
  const t = useTranslations('announcements');
  const format = useFormatter();
  const router = useRouter();
  const toast = useToast();
  const inputId = useId();
  const status = String(row.status ?? 'draft');
  const sent = Number(row.sentCount ?? 0);
  const total = Number(row.totalCount ?? 0);
  const scheduledAt = typeof row.scheduledAt === 'string' ? row.scheduledAt : null;
  const open = status === 'draft' || status === 'scheduled';
  const [when, setWhen] = useState('');
  const [whenError, setWhenError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Action | null>(null);

  // While the job runs (or is due), read the page again until it is sent.
  useEffect(() => {
    const due = status === 'sending' || (status === 'scheduled' && scheduledAt !== null && Date.parse(scheduledAt) <= Date.now() + POLL_MS);
    if (!due) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, scheduledAt, router]);

  const mutation = useAction(
    (action: Action) =>
      bffJson(`${path}/${action}`, {
        method: 'PATCH',
        body: action === 'schedule' ? { version: row.version, scheduledAt: new Date(when).toISOString() } : { version: row.version },
      }),
    {
      onSettled: () => setConfirming(null),
      onSuccess: (_data, action) => {
        toast.show(t(`done.${action}`), { tone: 'success' });
        setWhen('');
        router.refresh();
      },
      onError: (error) => {
        if (isBffError(error) && error.status === 409) toast.show(t('stale'), { tone: 'error' });
        else if (isBffError(error) && error.status === 403) toast.show(t('notAllowed'), { tone: 'error' });
        else if (isBffError(error) && error.status === 400) toast.show(t('notOpen'), { tone: 'error' });
        else toast.show(t('failed'), { tone: 'error' });
      },
    },
  );

  const schedule = () => {
    const at = when ? new Date(when) : null;
    if (!at || Number.isNaN(at.getTime())) return setWhenError(t('whenRequired'));
    if (at.getTime() <= Date.now()) return setWhenError(t('whenPast'));
    setWhenError(null);
    mutation.mutate('schedule');
  };
  const dateTime = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const percent = total > 0 ? Math.round((sent / total) * 100) : status === 'sent' ? 100 : 0;

  return (
    <Card title={t('title')}>
      <div className="space-y-4 text-sm">
        <div className="flex items-center justify-between gap-2">
          <span className="text-muted">{t('status')}</span>
          <span data-testid="announcement-status">
            <StatusBadge kind="announcement" value={status} />
          </span>
        </div>
        <div className="space-y-1">
          <div className="flex items-center justify-between gap-2">
            <span className="text-muted">{t('progress')}</span>
            <span data-testid="announcement-progress" className="font-medium text-fg tabular-nums">
              {t('sentOf', { sent, total })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={t('progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-neutral-soft"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{t('scheduledAt')}</dt>
          <dd className="text-end text-fg">{dateTime(scheduledAt)}</dd>
          <dt className="text-muted">{t('startedAt')}</dt>
          <dd className="text-end text-fg">{dateTime(typeof row.startedAt === 'string' ? row.startedAt : null)}</dd>
          <dt className="text-muted">{t('finishedAt')}</dt>
          <dd className="text-end text-fg">{dateTime(typeof row.finishedAt === 'string' ? row.finishedAt : null)}</dd>
        </dl>
        {open && canWrite && (
          <div className="space-y-3 border-t border-border pt-3">
            <Button variant="primary" busy={mutation.isPending && confirming === 'send'} onClick={() => setConfirming('send')}>
              {t('sendNow')}
            </Button>
            <div className="space-y-1">
              <label htmlFor={inputId} className="block font-medium text-fg">
                {t('scheduleAt')}
              </label>
              <div className="flex flex-wrap gap-2">
                <input
                  id={inputId}
                  type="datetime-local"
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                  aria-invalid={whenError ? true : undefined}
                  aria-describedby={whenError ? `${inputId}-error` : undefined}
                  className={inputClasses(Boolean(whenError))}
                />
                <Button variant="secondary" busy={mutation.isPending && !confirming} onClick={schedule}>
                  {t('schedule')}
                </Button>
              </div>
              {whenError && (
                <p id={`${inputId}-error`} role="alert" className="text-danger-text">
                  {whenError}
                </p>
              )}
            </div>
            <Button variant="danger" onClick={() => setConfirming('cancel')}>
              {t('cancel')}
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'cancel' ? t('confirmCancelTitle') : t('confirmSendTitle')}
        description={confirming === 'cancel' ? t('confirmCancelBody') : t('confirmSendBody')}
        confirmLabel={confirming === 'cancel' ? t('cancel') : t('sendNow')}
        tone={confirming === 'cancel' ? 'danger' : 'primary'}
        busy={mutation.isPending}
        onConfirm={() => confirming && mutation.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}
