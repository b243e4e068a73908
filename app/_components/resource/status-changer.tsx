'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

export interface StatusChangerProps {
  /** The BFF path of the record's status call (`PATCH {url}` with `{status, version, reason}`). */
  url: string;
  version: number;
  /** The statuses the record may move to now (the first is preselected). */
  transitions: readonly string[];
  /** Messages of the screen: `newStatus`, `reason`, `changeStatus`, `statusChanged`, `noTransitions` (and with `confirm`, `confirmTitle`, `confirmBody`). */
  namespace: string;
  /** A reason must be given (people's suspensions); otherwise it is sent only when typed. */
  reasonRequired?: boolean;
  /** Ask before the change, naming the new status. */
  confirm?: boolean;
}

/**
 * Moves a record (a shop, a member, a biker) to another status along the allowed transitions, with a reason: a stale
 * version says someone changed it first, a refused field is shown under it, and the reason typed is kept on an error.
 */
export function StatusChanger({ url, version, transitions, namespace, reasonRequired = false, confirm = false }: StatusChangerProps) {
  const t = useTranslations(namespace);
  const tr = useTranslations('resource');
  const root = useTranslations();
  const router = useRouter();
  const toast = useToast();
  const ids = useId();
  const [to, setTo] = useState(transitions[0] ?? '');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [missing, setMissing] = useState(false);
  const mutation = useAction(() => bffJson(url, { method: 'PATCH', body: { status: to, version, ...(reason.trim() ? { reason: reason.trim() } : {}) } }), {
    onSuccess: () => {
      toast.show(t('statusChanged'), { tone: 'success' });
      setReason('');
      setAsking(false);
      router.refresh();
    },
  });
  if (transitions.length === 0) return <p className="text-sm text-fg-muted">{t('noTransitions')}</p>;
  const conflict = isBffError(mutation.error) && mutation.error.status === 409;
  const failure = mutation.isError ? (conflict ? tr('staleStatus') : tr('actionFailed')) : null;
  const start = () => {
    if (reasonRequired && !reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (confirm) {
      mutation.reset();
      setAsking(true);
    } else mutation.mutate();
  };
  const statusLabel = root(`status.account.${to}`);
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${ids}-to`} className="mb-1 block text-sm font-medium text-fg">
          {t('newStatus')}
        </label>
        <select id={`${ids}-to`} className={inputClasses()} value={to} onChange={(e) => setTo(e.target.value)}>
          {transitions.map((s) => (
            <option key={s} value={s}>
              {root(`status.account.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-reason`} className="mb-1 block text-sm font-medium text-fg">
          {t('reason')}
          {reasonRequired && <span aria-hidden="true"> *</span>}
        </label>
        <input
          id={`${ids}-reason`}
          className={inputClasses()}
          value={reason}
          maxLength={200}
          required={reasonRequired}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${ids}-reason-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {missing && (
          <p id={`${ids}-reason-error`} className="mt-1 text-sm text-danger-text">
            {root('validation.required')}
          </p>
        )}
      </div>
      {failure && !asking && <Alert tone="error">{failure}</Alert>}
      <Button onClick={start} busy={mutation.isPending && !confirm} disabled={!to}>
        {t('changeStatus')}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={t('confirmTitle', { status: statusLabel })}
          description={t('confirmBody', { status: statusLabel, reason: reason.trim() })}
          confirmLabel={t('changeStatus')}
          tone={to === 'suspended' ? 'danger' : 'primary'}
          busy={mutation.isPending}
          error={failure}
          onConfirm={() => mutation.mutate()}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}
