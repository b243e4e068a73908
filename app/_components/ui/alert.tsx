import type { ReactNode } from 'react';
import { cn } from './cn';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, string> = {
  error: 'border-danger/40 bg-danger-soft text-danger-text',
  success: 'border-success/40 bg-success-soft text-success-text',
  info: 'border-primary/40 bg-primary-soft text-primary-text',
  warning: 'border-warning/50 bg-warning-soft text-warning-text',
};

/**
 * A message box. Errors use role="alert" (announced at once); other tones role="status".
 * Render it only when there is a message so the announcement fires when it appears.
 */
export function Alert({
  tone = 'error',
  title,
  children,
  className,
  id,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  id?: string;
}) {
  const Icon = tone === 'success' ? CheckIcon : tone === 'error' || tone === 'warning' ? AlertIcon : InfoIcon;
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-md border px-4 py-3 text-sm', TONES[tone], className)}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : undefined}>{children}</div>}
      </div>
    </div>
  );
}
