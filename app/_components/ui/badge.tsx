import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from './cn';
import { statusDef, type BadgeTone, type StatusKind } from '@/lib/status';

const TONES: Record<BadgeTone, { box: string; dot: string }> = {
  neutral: { box: 'bg-neutral-soft text-neutral-text', dot: 'bg-neutral-text' },
  primary: { box: 'bg-primary-soft text-primary-text', dot: 'bg-primary' },
  success: { box: 'bg-success-soft text-success-text', dot: 'bg-success' },
  danger: { box: 'bg-danger-soft text-danger-text', dot: 'bg-danger' },
  warning: { box: 'bg-warning-soft text-warning-text', dot: 'bg-warning' },
};

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', TONES[tone].box, className)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', TONES[tone].dot)} />
      {children}
    </span>
  );
}

/**
 * A status of the spec's section 4 with its translated label and tone:
 * `<StatusBadge kind="account" value="pending" />`. A value the spec does not list is shown as is, neutral.
 */
export function StatusBadge({ kind, value, className }: { kind: StatusKind; value: string; className?: string }) {
  const t = useTranslations('status');
  const found = statusDef(kind, value);
  if (!found) return <Badge className={className}>{value}</Badge>;
  return (
    <Badge tone={found.tone} className={className}>
      {t(`${kind}.${found.key}`)}
    </Badge>
  );
}
