import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, type OrderEvent, type OrderKind, type OrderStatus } from '../db/schema';
import {
  allowedEvents,
  createEventFor,
  isAssigned,
  isTerminal,
  monitorFlags,
  ORDER_KINDS,
  ORDER_STATUSES,
  orderNumber,
  outcomeOf,
  senderOf,
  statusAfter,
  statusesOf,
  waitingStatuses,
  type Outcome,
} from './order-lifecycle';

/**
 * docs/orders.md section 1, transcribed by hand: for each event, the statuses it is allowed from, per kind
 * (`new` = a new order). Everything else is refused, except an admin cancel sent again (unchanged).
 */
const DOC: Record<OrderEvent, { food: string; parcel: string }> = {
  member_create_order_waiting_payment: { food: 'new', parcel: 'new' },
  member_create_order: { food: 'new', parcel: 'new' },
  member_create_order_payment_success: { food: 'member_create_order_waiting_payment', parcel: 'member_create_order_waiting_payment' },
  shop_receive_order: { food: 'member_create_order member_create_order_payment_success', parcel: '' },
  biker_receive_order: { food: 'shop_receive_order', parcel: 'member_create_order member_create_order_payment_success' },
  biker_to_shop: { food: 'biker_receive_order', parcel: 'biker_receive_order' },
  food_otw: { food: 'biker_to_shop', parcel: 'biker_to_shop' },
  biker_to_member: { food: 'food_otw', parcel: 'food_otw' },
  success: { food: 'biker_to_member', parcel: 'biker_to_member' },
  fail: { food: 'biker_to_member', parcel: 'biker_to_member' },
  member_cancel_order: {
    food: 'member_create_order_waiting_payment member_create_order member_create_order_payment_success',
    parcel: 'member_create_order_waiting_payment member_create_order member_create_order_payment_success',
  },
  shop_cancel_order: {
    food: 'member_create_order member_create_order_payment_success shop_receive_order biker_receive_order biker_to_shop',
    parcel: '',
  },
  admin_cancel_order: {
    food: 'member_create_order_waiting_payment member_create_order member_create_order_payment_success shop_receive_order biker_receive_order biker_to_shop food_otw biker_to_member',
    parcel:
      'member_create_order_waiting_payment member_create_order member_create_order_payment_success shop_receive_order biker_receive_order biker_to_shop food_otw biker_to_member',
  },
  biker_change: { food: 'biker_receive_order biker_to_shop food_otw', parcel: 'biker_receive_order biker_to_shop food_otw' },
};

function expected(kind: OrderKind, status: OrderStatus | null, event: OrderEvent): Outcome {
  const from = DOC[event][kind].split(' ').filter(Boolean);
  if (from.includes(status ?? 'new')) return 'allowed';
  return event === 'admin_cancel_order' && status === 'admin_cancel_order' ? 'unchanged' : 'refused';
}

const FROM: (OrderStatus | null)[] = [null, ...ORDER_STATUSES];
const cases = ORDER_KINDS.flatMap((kind) => FROM.flatMap((status) => ORDER_EVENTS.map((event) => ({ kind, status, event }))));

describe('the transition table', () => {
  it('covers every event × every status (and a new order) × both kinds', () => {
    expect(cases).toHaveLength(2 * 14 * 14);
    expect(new Set(ORDER_STATUSES).size).toBe(13);
  });

  it.each(cases)('$kind: $event from $status', ({ kind, status, event }) => {
    expect(outcomeOf(kind, status, event)).toBe(expected(kind, status, event));
  });

  it('refuses everything from a terminal status but an admin cancel sent again', () => {
    for (const kind of ORDER_KINDS) {
      for (const status of ['success', 'fail', 'member_cancel_order', 'shop_cancel_order', 'admin_cancel_order'] as const) {
        expect(isTerminal(status)).toBe(true);
        expect(allowedEvents(kind, status)).toEqual([]);
      }
    }
    expect(outcomeOf('food', 'admin_cancel_order', 'admin_cancel_order')).toBe('unchanged');
    expect(outcomeOf('parcel', 'success', 'admin_cancel_order')).toBe('refused');
  });
});

describe('helpers', () => {
  it('lists the next steps of a status', () => {
    expect(allowedEvents('food', null)).toEqual(['member_create_order_waiting_payment', 'member_create_order']);
    expect(allowedEvents('food', 'shop_receive_order')).toEqual(['biker_receive_order', 'shop_cancel_order', 'admin_cancel_order']);
    expect(allowedEvents('parcel', 'member_create_order')).toEqual(['biker_receive_order', 'member_cancel_order', 'admin_cancel_order']);
    expect(allowedEvents('parcel', 'biker_to_shop')).toEqual(['food_otw', 'admin_cancel_order', 'biker_change']);
  });

  it('keeps the status on a biker change and moves it on any other event', () => {
    expect(statusAfter('food_otw', 'biker_change')).toBe('food_otw');
    expect(statusAfter('food_otw', 'biker_to_member')).toBe('biker_to_member');
  });

  it('knows assigned, waiting and reachable statuses', () => {
    expect(ORDER_STATUSES.filter(isAssigned)).toEqual(['biker_receive_order', 'biker_to_shop', 'food_otw', 'biker_to_member']);
    expect(waitingStatuses('food')).toEqual(['shop_receive_order']);
    expect(waitingStatuses('parcel')).toEqual(['member_create_order', 'member_create_order_payment_success']);
    expect(statusesOf('parcel')).not.toContain('shop_receive_order');
    expect(statusesOf('parcel')).not.toContain('shop_cancel_order');
    expect(statusesOf('food')).toHaveLength(13);
    expect(statusesOf(undefined)).toEqual([...ORDER_STATUSES]);
  });

  it("flags an order for the monitor as the detail's assign and change actions", () => {
    for (const kind of ORDER_KINDS) {
      for (const status of ORDER_STATUSES) {
        const flags = monitorFlags(kind, status, isAssigned(status) ? 7 : null);
        expect(flags.waiting, `${kind} ${status}`).toBe(waitingStatuses(kind).includes(status));
        expect(flags.changeable, `${kind} ${status}`).toBe(['biker_receive_order', 'biker_to_shop', 'food_otw'].includes(status));
      }
    }
    // Without a biker nothing can be changed; with one, the order waits for nobody.
    expect(monitorFlags('food', 'food_otw', null)).toEqual({ waiting: false, changeable: false });
    expect(monitorFlags('parcel', 'member_create_order', 7)).toEqual({ waiting: false, changeable: false });
  });

  it('starts cash orders created and the others waiting for payment', () => {
    expect(createEventFor('cash')).toBe('member_create_order');
    for (const method of ['promptpay', 'wallet', 'credit_card', 'paypal'] as const) expect(createEventFor(method)).toBe('member_create_order_waiting_payment');
  });

  it('names who sends each event', () => {
    expect(senderOf('member_create_order_payment_success')).toBe('member');
    expect(senderOf('shop_cancel_order')).toBe('shop');
    expect(senderOf('food_otw')).toBe('biker');
    expect(senderOf('fail')).toBe('biker');
    expect(senderOf('admin_cancel_order')).toBe('operator');
  });

  it("numbers orders by kind, creation day in the company's zone and padded id", () => {
    expect(orderNumber('food', new Date('2026-11-22T05:00:00Z'), 123, 'Asia/Bangkok')).toBe('F261122-0000123');
    // 18:30 UTC is already the next day in Bangkok.
    expect(orderNumber('parcel', new Date('2026-11-21T18:30:00Z'), 9_876_543, 'Asia/Bangkok')).toBe('P261122-9876543');
    expect(orderNumber('parcel', new Date('2026-11-21T16:59:59Z'), 1, 'Asia/Bangkok')).toBe('P261121-0000001');
    // 10:30 UTC: still the 21st in Bangkok (17:30), the 22nd in Kiritimati (00:30, UTC+14).
    expect(orderNumber('food', new Date('2026-11-21T10:30:00Z'), 7, 'Pacific/Kiritimati')).toBe('F261122-0000007');
    // 17:15 UTC: the 22nd in Bangkok (00:15), still the 21st in Yangon (23:45, UTC+6:30).
    expect(orderNumber('food', new Date('2026-11-21T17:15:00Z'), 7, 'Asia/Yangon')).toBe('F261121-0000007');
  });
});
