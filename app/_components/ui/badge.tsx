import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { cn } from './cn';
import type { BadgeTone, StatusDef, StatusKind } from '@/lib/status';

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
 * A status badge whose definition the caller already has (a list cell's, resolved on the server), so the status table
 * stays out of the bundle; a value without one is shown as is, neutral. `StatusBadge` looks the definition up.
 */
export function ResolvedStatusBadge({
  kind,
  value,
  def,
  className,
}: {
  kind: StatusKind;
  value: string;
  def: StatusDef | null | undefined;
  className?: string;
}) {
  const t = useTranslations('status');
  if (!def) return <Badge className={className}>{value}</Badge>;
  return (
    <Badge tone={def.tone} className={className}>
      {t(`${kind}.${def.key}`)}
    </Badge>
  );
}
