import type { ReactNode } from 'react';
import { cn } from './cn';

/** Labelled facts of one record (who, when, where…), as a definition list in two columns (four on wider cards). */
export function Facts({ items, wide = false }: { items: readonly (readonly [string, ReactNode])[]; wide?: boolean }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5 text-sm', wide && 'sm:grid-cols-[auto_1fr_auto_1fr]')}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
