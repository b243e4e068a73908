import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

export interface Figure {
  key: string;
  label: ReactNode;
  /** The exact value, for machines (`<data value>`): a count or satang. */
  value: number;
  /** The value as people read it. */
  text: string;
  hint?: ReactNode;
}

/** Labelled numbers as a grid of cards (one column on phones, two from `sm`, four from `xl`). */
export function FigureGrid({ figures, size = 'large', testId }: { figures: Figure[]; size?: 'large' | 'small'; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid={testId}>
      {figures.map((f) => (
        <div key={f.key} className="min-w-0 rounded-lg border border-line bg-surface px-5 py-4 shadow-card" data-testid={`figure-${f.key}`}>
          <dt className="text-sm font-medium text-fg-muted">{f.label}</dt>
          <dd className={cn('mt-1 font-semibold break-words text-fg tabular-nums', size === 'large' ? 'text-2xl' : 'text-xl')}>
            <data value={f.value}>{f.text}</data>
          </dd>
          {f.hint && <dd className="mt-1 text-xs text-fg-muted">{f.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
