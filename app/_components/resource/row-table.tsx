import type { ReactNode } from 'react';
import type { ListColumn } from '@/lib/resources/kit';
import { cn } from '../ui/cn';
import { cellClass } from './cell-class';
import { CellValue } from './cell-value';

/** A plain table of rows by the module's columns, with an actions column (restore and approval pages). */
export function RowTable({
  caption,
  columns,
  labels,
  rows,
  actions,
  actionsLabel,
}: {
  caption: string;
  columns: readonly ListColumn[];
  labels: Record<string, string>;
  rows: Record<string, unknown>[];
  actions: (row: Record<string, unknown>) => ReactNode;
  actionsLabel: string;
}) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line bg-surface-muted">
            {columns.map((c) => (
              <th key={c.field} scope="col" className="px-4 py-3 text-start text-xs font-semibold tracking-wide text-fg-muted uppercase">
                {labels[c.field]}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-end text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {actionsLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row.id)} className="border-b border-line last:border-b-0">
              {columns.map((c) => (
                <td key={c.field} className={cn('px-4 py-3', cellClass(c))}>
                  <CellValue column={c} value={row[c.field]} />
                </td>
              ))}
              <td className="px-4 py-3 text-end">
                <div className="flex justify-end gap-2">{actions(row)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
