'use client';

import { useTimeZone, useTranslations } from 'next-intl';
import { formatDateTime } from '@/lib/format';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import type { Conflict } from './use-resource-save';

/** A stale save: who saved first and when, with the two ways out; the form keeps the user's input meanwhile. */
export function ConflictNotice({
  conflict,
  onReload,
  onOverwrite,
  busy,
}: {
  conflict: Conflict;
  onReload: () => void;
  onOverwrite: () => void;
  busy?: boolean;
}) {
  const t = useTranslations('resource');
  const zone = useTimeZone();
  const at = conflict.at ? formatDateTime(conflict.at, zone) : '';
  return (
    <Alert tone="warning" title={t('conflictTitle')} className="mb-4">
      <p>{t('conflictBody', { name: conflict.by || t('someoneElse'), at })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onReload} disabled={busy}>
          {t('reloadTheirs')}
        </Button>
        <Button size="sm" variant="danger" onClick={onOverwrite} busy={busy}>
          {t('overwrite')}
        </Button>
      </div>
    </Alert>
  );
}
