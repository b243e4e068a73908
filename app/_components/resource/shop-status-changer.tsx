'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { bffJson, isBffError } from '@/lib/resources/bff-client';
import { allowedTransitions } from '@/lib/resources/shop';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/form-field';
import { useToast } from '../ui/toast';
import { useAction } from '../ui/use-action';

/** Change a shop's status along the allowed transitions, with an optional reason. */
export function ShopStatusChanger({ service, id, status, version }: { service: string; id: string; status: string; version: number }) {
  const t = useTranslations('shop');
  const tr = useTranslations('resource');
  const root = useTranslations();
  const router = useRouter();
  const toast = useToast();
  const next = allowedTransitions(status);
  const [to, setTo] = useState(next[0] ?? '');
  const [reason, setReason] = useState('');
  const mutation = useAction(
    () =>
      bffJson(`/api/admin/${service}/Shop/${encodeURIComponent(id)}/status`, {
        method: 'PATCH',
        body: { status: to, version, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
    {
      onSuccess: () => {
        toast.show(t('statusChanged'), { tone: 'success' });
        setReason('');
        router.refresh();
      },
    },
  );
  if (next.length === 0) return <p className="text-sm text-fg-muted">{t('noTransitions')}</p>;
  const conflict = isBffError(mutation.error) && mutation.error.status === 409;
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor="shop-status-to" className="mb-1 block text-sm font-medium text-fg">
          {t('newStatus')}
        </label>
        <select id="shop-status-to" className={inputClasses()} value={to} onChange={(e) => setTo(e.target.value)}>
          {next.map((s) => (
            <option key={s} value={s}>
              {root(`status.account.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="shop-status-reason" className="mb-1 block text-sm font-medium text-fg">
          {t('reason')}
        </label>
        <input id="shop-status-reason" className={inputClasses()} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </div>
      {mutation.isError && <Alert tone="error">{conflict ? tr('staleStatus') : tr('actionFailed')}</Alert>}
      <Button onClick={() => mutation.mutate()} busy={mutation.isPending} disabled={!to}>
        {t('changeStatus')}
      </Button>
    </div>
  );
}
