import { describe, expect, it } from 'vitest';
// The API's schemas first: they extend zod with `.openapi` before the contract builds its own.
import { orderQuerySchema } from './order-schemas';
import { orderContract } from '@contract/resources/orders';

/** The orders' list query of the contract (the portal's screens check their filters against it) is the API's. */
describe('the orders list query', () => {
  const contract = orderContract.schemas.query;

  it('takes the same parameters on both sides', () => {
    expect(Object.keys(contract.shape).sort()).toEqual(Object.keys(orderQuerySchema.shape).sort());
  });

  it('reads and refuses the same queries', () => {
    const queries: Record<string, string>[] = [
      {},
      { sort: 'total', order: 'asc', page: '2', pageSize: '50' },
      { status: 'success', paymentMethod: 'cash', from: '2026-01-01', to: '2026-01-31', member: '0812', areaId: '3', orderNo: 'F1' },
      { sort: 'memberName' },
      { pageSize: '20' },
      { from: '2026-02-01', to: '2026-01-01' },
      { from: '2026-02-30' },
      { to: '1-2-2026' },
      { deleted: '1' },
      { kind: 'food' },
      { shopId: 'x' },
    ];
    for (const query of queries) {
      const a = contract.safeParse(query);
      const b = orderQuerySchema.safeParse(query);
      expect([query, a.success]).toEqual([query, b.success]);
      if (a.success && b.success) expect(a.data).toEqual(b.data);
    }
  });
});
