import type { ColumnDef } from '@/lib/resources/kit';

/** The column as it stands for one row: `kindBy` may give the row's value another kind. */
export function columnFor<C extends ColumnDef>(declared: C, row?: Record<string, unknown>): C {
  const byRow = declared.kindBy && row ? declared.kindBy.kinds[String(row[declared.kindBy.field])] : undefined;
  return byRow ? { ...declared, kind: byRow } : declared;
}

const FIGURE = 'tabular-nums whitespace-nowrap';
const FIGURE_KINDS = new Set<ColumnDef['kind']>(['money', 'date', 'weight', 'transaction', 'points', 'percent']);

/**
 * The classes of a cell's element (`td`, `dd`) for its column: figures line up and stay on one line. The value itself
 * is then plain text in the cell, so a list of plain values adds no element per cell.
 */
export function cellClass(declared: ColumnDef, row?: Record<string, unknown>): string | undefined {
  const column = columnFor(declared, row);
  if (column.of || FIGURE_KINDS.has(column.kind)) return FIGURE;
  if (column.kind === 'count') return 'tabular-nums';
  return undefined;
}
