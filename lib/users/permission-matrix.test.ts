import { describe, expect, it } from 'vitest';
import type { PermissionList } from '@/lib/permissions';
import { changedEntries, columnState, diffMatrix, matrixOf, matrixRows, rowState, setColumn, setFlag, setRow } from './permission-matrix';

const rows = matrixRows('Delivery');
const list: PermissionList = [
  { services: 'Admin', data: [{ name: 'Company Dashboard', read: true, write: false, create: false, delete: false }] },
  {
    services: 'Delivery',
    data: [
      { name: 'Service Delivery Dashboard', read: true, write: false, create: false, delete: false },
      { name: 'Service Delivery Orders', read: true, write: true, create: false, delete: false },
    ],
  },
];

describe('permission matrix', () => {
  it('has one row per permission name of the service, in registry order, labelled by its first route', () => {
    const names = rows.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('Service Delivery Dashboard');
    expect(names).toContain('Service Delivery Orders');
    expect(names.every((n) => n.startsWith('Service Delivery '))).toBe(true);
    expect(rows.find((r) => r.name === 'Service Delivery Shop')).toMatchObject({ label: 'shop', group: 'shopManagement' });
    expect(matrixRows('Marketplace').some((r) => r.name === 'Service Marketplace Products')).toBe(true);
    expect(rows.some((r) => r.name === 'Service Marketplace Products')).toBe(false);
  });

  it("reads the service's entries; an entry the list lacks is all off", () => {
    const m = matrixOf(list, 'Delivery', rows);
    expect(m['Service Delivery Orders']).toEqual({ read: true, write: true, create: false, delete: false });
    expect(m['Service Delivery Shop']).toEqual({ read: false, write: false, create: false, delete: false });
    expect(Object.keys(m)).toHaveLength(rows.length);
  });

  it('selects all of a column or a row, and reports mixed states', () => {
    const m = matrixOf(list, 'Delivery', rows);
    expect(columnState(m, 'read')).toBe('some');
    expect(columnState(setColumn(m, 'read', true), 'read')).toBe('all');
    expect(columnState(setColumn(m, 'read', false), 'read')).toBe('none');
    expect(rowState(m['Service Delivery Orders'])).toBe('some');
    expect(rowState(setRow(m, 'Service Delivery Orders', true)['Service Delivery Orders'])).toBe('all');
    expect(rowState(setRow(m, 'Service Delivery Orders', false)['Service Delivery Orders'])).toBe('none');
  });

  it('lists exactly the flags that changed and sends only their entries, with all four flags', () => {
    const before = matrixOf(list, 'Delivery', rows);
    let after = setFlag(before, 'Service Delivery Shop', 'read', true);
    after = setFlag(after, 'Service Delivery Orders', 'write', false);
    after = setFlag(setFlag(after, 'Service Delivery Dashboard', 'create', true), 'Service Delivery Dashboard', 'create', false);
    const changes = diffMatrix(before, after, rows);
    expect(changes).toEqual([
      { name: 'Service Delivery Shop', flag: 'read', from: false, to: true },
      { name: 'Service Delivery Orders', flag: 'write', from: true, to: false },
    ]);
    expect(changedEntries('Delivery', after, changes)).toEqual([
      {
        services: 'Delivery',
        data: [
          { name: 'Service Delivery Shop', read: true, write: false, create: false, delete: false },
          { name: 'Service Delivery Orders', read: true, write: false, create: false, delete: false },
        ],
      },
    ]);
    expect(changedEntries('Delivery', before, diffMatrix(before, before, rows))).toEqual([]);
  });
});
