'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '../ui/badge';
import type { BadgeTone } from '@/lib/status';
import { Spinner } from '../ui/spinner';
import type { LiveStatus } from './use-monitor-live';

const TONES: Record<LiveStatus, BadgeTone> = { connecting: 'neutral', live: 'success', reconnecting: 'warning', ended: 'danger' };

/** Whether live updates flow: announced politely when it changes (role="status"). */
export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  const t = useTranslations('monitor.live');
  return (
    <div role="status" aria-label={t('label')} data-testid="monitor-live-status" data-status={status} className="inline-flex items-center gap-2">
      <Badge tone={TONES[status]}>
        {status === 'reconnecting' || status === 'connecting' ? <Spinner className="size-3" /> : null}
        {t(status)}
      </Badge>
    </div>
  );
}
