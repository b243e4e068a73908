import { describe, expect, it } from 'vitest';
import { rowActionApplies, rowActionBody, rowActionPath } from './kit';

describe('row actions', () => {
  it("fills the path with the row's values, encoded", () => {
    expect(rowActionPath('/api/admin/DeviceSession', { path: '{id}' }, { id: 'a b/c' })).toBe('/api/admin/DeviceSession/a%20b%2Fc');
    expect(rowActionPath('/api/admin/DeviceSession', { path: 'user/{uid}/revoke' }, { uid: 7 })).toBe('/api/admin/DeviceSession/user/7/revoke');
  });

  it('applies to the rows that match `when`, or to every row', () => {
    expect(rowActionApplies({ when: { field: 'live', equals: true } }, { live: true })).toBe(true);
    expect(rowActionApplies({ when: { field: 'live', equals: true } }, { live: false })).toBe(false);
    expect(rowActionApplies({}, {})).toBe(true);
  });

  it("sends its fixed values and the row's values it names, or an empty body", () => {
    const row = { id: '9', version: 4, state: 'redeemed' };
    expect(rowActionBody({ body: { state: 'delivered', version: { field: 'version' } } }, row)).toEqual({ state: 'delivered', version: 4 });
    expect(rowActionBody({}, row)).toEqual({});
  });
});
