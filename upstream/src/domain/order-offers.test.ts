import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@contract/lifecycle';
import { acceptsOffer, offeredAtAfter, waitingStatusOf } from './order-offers';
import { canApply, ORDER_KINDS, waitingStatuses } from './order-lifecycle';

describe('offers', () => {
  const now = new Date('2026-11-21T10:30:00Z');

  it('offers an order an operator or the system leaves with a biker before the pickup; the biker app taking it has accepted it', () => {
    expect(offeredAtAfter({ event: 'biker_receive_order', by: 'operator' }, 'biker_receive_order', now)).toBe(now);
    expect(offeredAtAfter({ event: 'biker_change', by: 'operator' }, 'biker_receive_order', now)).toBe(now);
    expect(offeredAtAfter({ event: 'biker_receive_order', by: 'app' }, 'biker_receive_order', now)).toBeNull();
    // A change after the pickup is a handover the operator arranged: nothing to accept.
    expect(offeredAtAfter({ event: 'biker_change', by: 'operator' }, 'food_otw', now)).toBeNull();
    expect(offeredAtAfter({ event: 'biker_to_shop', by: 'app' }, 'biker_to_shop', now)).toBeNull();
  });

  it('takes only the offered biker sending biker_receive_order from the app as the acceptance', () => {
    const order = { status: 'biker_receive_order', offeredAt: now, bikerId: 7 } as Parameters<typeof acceptsOffer>[0];
    expect(acceptsOffer(order, { event: 'biker_receive_order', by: 'app', bikerId: 7 })).toBe(true);
    expect(acceptsOffer(order, { event: 'biker_receive_order', by: 'app', bikerId: 8 })).toBe(false);
    expect(acceptsOffer(order, { event: 'biker_receive_order', by: 'operator', bikerId: 7 })).toBe(false);
    expect(acceptsOffer({ ...order, offeredAt: null }, { event: 'biker_receive_order', by: 'app', bikerId: 7 })).toBe(false);
    expect(acceptsOffer({ ...order, status: 'biker_to_shop' }, { event: 'biker_receive_order', by: 'app', bikerId: 7 })).toBe(false);
  });

  it('sends a lapsed offer back to a status the order waits for a biker in, from which it can be given again', () => {
    for (const kind of ORDER_KINDS) {
      for (const paymentMethod of PAYMENT_METHODS) {
        const status = waitingStatusOf({ kind, paymentMethod });
        expect(waitingStatuses(kind)).toContain(status);
        expect(canApply(kind, status, 'biker_receive_order')).toBe(true);
      }
    }
    expect(waitingStatusOf({ kind: 'parcel', paymentMethod: 'cash' })).toBe('member_create_order');
    expect(waitingStatusOf({ kind: 'parcel', paymentMethod: 'promptpay' })).toBe('member_create_order_payment_success');
    expect(waitingStatusOf({ kind: 'food', paymentMethod: 'wallet' })).toBe('shop_receive_order');
  });
});
