import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '@/lib/resources/kit';
import { cellClass } from './cell-class';

const column = (c: Partial<ColumnDef>): ColumnDef => ({ field: 'x', label: 'fields.x', kind: 'text', ...c }) as ColumnDef;

describe('cellClass', () => {
  it('lines figures up on one line and leaves text cells plain', () => {
    for (const kind of ['money', 'date', 'weight', 'transaction', 'points', 'percent'] as const) {
      expect(cellClass(column({ kind }))).toBe('tabular-nums whitespace-nowrap');
    }
    expect(cellClass(column({ kind: 'count' }))).toBe('tabular-nums');
    expect(cellClass(column({ kind: 'text' }))).toBeUndefined();
    expect(cellClass(column({ kind: 'status' }))).toBeUndefined();
    expect(cellClass(column({ kind: 'text', of: 'limit' }))).toBe('tabular-nums whitespace-nowrap');
  });

  it("follows the kind a row's value takes", () => {
    const c = column({ kind: 'text', kindBy: { field: 'type', kinds: { amount: 'money' } } });
    expect(cellClass(c, { type: 'amount' })).toBe('tabular-nums whitespace-nowrap');
    expect(cellClass(c, { type: 'label' })).toBeUndefined();
    expect(cellClass(c)).toBeUndefined();
  });
});
