import { describe, expect, it } from 'vitest';
import { STATUSES } from '@/lib/status';
import type { ColumnDef } from './kit';
import { listColumns, listViewOf } from './list-view';
import { RESOURCES } from './index';

describe('listColumns', () => {
  it('resolves a status cell’s badges by its kind, account by default, and leaves other columns as declared', () => {
    const columns: ColumnDef[] = [
      { field: 'name', label: 'name', kind: 'text' },
      { field: 'status', label: 'status', kind: 'status' },
      { field: 'state', label: 'state', kind: 'status', statusKind: 'orderEvent' },
      { field: 'amount', label: 'amount', kind: 'money', kindBy: { field: 'type', kinds: { flag: 'status' } } },
    ];
    const [name, status, state, amount] = listColumns(columns);
    expect(name).toEqual(columns[0]);
    expect(name).not.toHaveProperty('statuses');
    expect(status?.statuses?.pending).toEqual({ key: 'pending', tone: 'warning' });
    expect(state?.statuses).toBe(STATUSES.orderEvent);
    expect(amount?.statuses).toBe(STATUSES.account);
  });

  it('gives every module’s status columns their badges in the list view', () => {
    let checked = 0;
    for (const m of Object.values(RESOURCES)) {
      for (const c of listViewOf(m).columns) {
        if (c.kind !== 'status') continue;
        expect(c.statuses, `${m.key}.${c.field}`).toBe(STATUSES[c.statusKind ?? 'account']);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
