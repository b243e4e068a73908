import { Bar } from '@visx/shape';
import { pct, shareOf } from '@/lib/dashboard/scales';
import type { BadgeTone } from '@/lib/status';
import { cn } from '../ui/cn';

/** Bar fills per badge tone: the strong shade on light surfaces, the brand shade on dark ones (both ≥ 3:1). */
export const TONE_FILL: Record<BadgeTone, string> = {
  neutral: 'fill-neutral-text',
  primary: 'fill-primary-strong dark:fill-primary',
  success: 'fill-success-strong dark:fill-success',
  danger: 'fill-danger-strong dark:fill-danger',
  warning: 'fill-warning-strong dark:fill-warning',
};

/** A horizontal SVG bar: `value` against `max`, on a full-width track. Decorative: the number is written beside it. */
export function Meter({ value, max, tone = 'primary', className }: { value: number; max: number; tone?: BadgeTone; className?: string }) {
  const share = shareOf(value, max);
  return (
    <svg width="100%" height={8} aria-hidden="true" className={cn('block', className)}>
      <rect width="100%" height={8} rx={4} className="fill-surface-muted" />
      {share > 0 && <Bar x={0} y={0} width={pct(Math.max(share, 1))} height={8} rx={4} className={TONE_FILL[tone]} />}
    </svg>
  );
}
