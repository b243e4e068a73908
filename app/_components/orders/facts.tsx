import type { ReactNode } from 'react';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** Shown only when true (default shown). */
  when?: boolean;
}

/** Label / value pairs of a detail card; an empty value shows a dash. */
export function Facts({ items, columns = 2 }: { items: Fact[]; columns?: 1 | 2 }) {
  return (
    <dl className={columns === 2 ? 'grid gap-x-6 gap-y-3 sm:grid-cols-2' : 'grid gap-y-3'}>
      {items
        .filter((item) => item.when !== false)
        .map((item, index) => (
          <div key={index} className="min-w-0">
            <dt className="text-xs font-medium text-fg-muted">{item.label}</dt>
            <dd className="mt-0.5 text-sm break-words text-fg">
              {item.value === null || item.value === undefined || item.value === '' ? <span className="text-fg-muted">–</span> : item.value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
