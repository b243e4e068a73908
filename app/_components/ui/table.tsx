import type { Key, ReactNode } from 'react';
import { cn } from './cn';
import { EmptyState } from './empty-state';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Visually hidden header (e.g. an actions column); still read by screen readers. */
  hideHeader?: boolean;
  className?: string;
}

export interface TableProps<Row> {
  /** Names the table for assistive technology; shown visually unless `hideCaption`. */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** Label of the horizontally scrollable region on narrow screens. */
  scrollLabel?: string;
  /** A last row below the rows (totals), its cells by column key; the first column's cell is its row header. */
  footer?: Partial<Record<string, ReactNode>>;
}

const ALIGN = { start: 'text-start', end: 'text-end', center: 'text-center' } as const;

export function Table<Row>({ caption, hideCaption = true, columns, rows, rowKey, empty, scrollLabel, footer }: TableProps<Row>) {
  if (rows.length === 0) return typeof empty === 'string' ? <EmptyState title={empty} /> : <>{empty}</>;
  return (
    // A scrollable region must be reachable by keyboard to scroll it.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={scrollLabel}>
      <table className="w-full border-collapse text-sm">
        <caption className={cn('pb-2 text-start font-medium text-fg', hideCaption && 'sr-only')}>{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-surface-muted">
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn('px-4 py-3 text-xs font-semibold tracking-wide text-fg-muted uppercase', ALIGN[c.align ?? 'start'])}>
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-line last:border-b-0 hover:bg-surface-muted/60">
              {columns.map((c) => (
                <td key={c.key} className={cn('px-4 py-3 align-middle text-fg', ALIGN[c.align ?? 'start'], c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t-2 border-line bg-surface-muted font-semibold">
              {columns.map((c, i) => {
                const Cell = i === 0 ? 'th' : 'td';
                return (
                  <Cell key={c.key} scope={i === 0 ? 'row' : undefined} className={cn('px-4 py-3 text-fg', ALIGN[c.align ?? 'start'], c.className)}>
                    {footer[c.key]}
                  </Cell>
                );
              })}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
