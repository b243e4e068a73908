import { describe, expect, it } from 'vitest';
import { bodySchemaForRequest, checkResourceBody } from './body-check';
import { hrefWith, parseListQuery, serializeListQuery, upstreamListParams } from './list-query';
import { ordersResource } from './orders';
import { ordersMessengerResource } from './orders-messenger';
import { orderBikerSchema, orderCancelSchema, orderDetailSchema } from './orders-schemas';
import { fieldErrorsOf } from './validation';

const D = '/Service/Delivery/Orders';

describe('order list view in the URL', () => {
  it('keeps every filter, the sort and the page through a bookmark', () => {
    const url =
      'status=member_create_order_payment_success&paymentMethod=wallet&from=2026-01-01&to=2026-01-31&shopId=4&bikerId=9&member=0812&areaId=2&q=F260101-0000001&sort=total&order=asc&page=3&pageSize=50';
    const query = parseListQuery(ordersResource, new URLSearchParams(url));
    expect(query).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'total',
      order: 'asc',
      q: 'F260101-0000001',
      filters: {
        status: 'member_create_order_payment_success',
        paymentMethod: 'wallet',
        from: '2026-01-01',
        to: '2026-01-31',
        shopId: '4',
        bikerId: '9',
        member: '0812',
        areaId: '2',
      },
    });
    expect(parseListQuery(ordersResource, serializeListQuery(query, ordersResource))).toEqual(query);
    expect(upstreamListParams(query)).toMatchObject({ sort: 'total', order: 'asc', from: '2026-01-01', to: '2026-01-31', member: '0812' });
  });

  it('drops days that do not exist, unknown statuses and methods, and sorts other than created / total', () => {
    const query = parseListQuery(ordersResource, {
      from: '2026-02-30',
      to: '31-01-2026',
      status: 'biker_change',
      paymentMethod: 'bitcoin',
      sort: 'memberName',
    });
    expect(query.filters).toEqual({});
    expect(query.sort).toBe('createdAt');
    expect(parseListQuery(ordersResource, { from: '2024-02-29', to: '2026-1-5' }).filters).toEqual({ from: '2024-02-29' });
    expect(parseListQuery(ordersResource, { from: '2026-03-01', to: '2026-02-01' }).filters).toEqual({ from: '2026-02-01', to: '2026-03-01' });
  });

  it('goes back to page 1 when a filter changes and keeps the rest', () => {
    const query = parseListQuery(ordersResource, { page: '4', status: 'success' });
    expect(hrefWith(D, query, { filters: { ...query.filters, paymentMethod: 'cash' } }, ordersResource)).toBe(`${D}?paymentMethod=cash&status=success`);
  });

  it('offers the parcel list no shop filter and every list the area only for admins', () => {
    expect(ordersResource.filters.map((f) => f.field)).toContain('shopId');
    expect(ordersMessengerResource.filters.map((f) => f.field)).not.toContain('shopId');
    for (const res of [ordersResource, ordersMessengerResource]) {
      expect(res.filters.filter((f) => f.adminOnly).map((f) => f.field)).toEqual(['areaId']);
      expect(res.filters.find((f) => f.field === 'status')?.options?.map((o) => o.value)).not.toContain('biker_change');
      expect(res.filters.find((f) => f.field === 'paymentMethod')?.options).toHaveLength(5);
    }
    expect(ordersMessengerResource.columns.map((c) => [c.field, c.kind])).toEqual(
      expect.arrayContaining([
        ['senderName', 'text'],
        ['receiverName', 'text'],
        ['weightGram', 'weight'],
        ['deliveryFee', 'money'],
      ]),
    );
  });
});

describe('order write bodies', () => {
  it('requires a cancel reason of at most 200 characters, trimmed', () => {
    expect(orderCancelSchema.parse({ reason: '  wrong address  ' })).toEqual({ reason: 'wrong address' });
    const empty = orderCancelSchema.safeParse({ reason: '   ' });
    expect(empty.success ? {} : fieldErrorsOf(empty.error)).toEqual({ reason: ['required'] });
    const long = orderCancelSchema.safeParse({ reason: 'x'.repeat(201) });
    expect(long.success ? {} : fieldErrorsOf(long.error)).toEqual({ reason: ['tooLong200'] });
    const missing = orderCancelSchema.safeParse({});
    expect(missing.success ? {} : fieldErrorsOf(missing.error)).toEqual({ reason: ['required'] });
  });

  it('takes a biker id', () => {
    expect(orderBikerSchema.safeParse({ bikerId: '12' }).success).toBe(true);
    const none = orderBikerSchema.safeParse({ bikerId: '' });
    expect(none.success ? {} : fieldErrorsOf(none.error)).toEqual({ bikerId: ['required'] });
    expect(orderBikerSchema.safeParse({ bikerId: 'x1' }).success).toBe(false);
  });

  it('are checked by the BFF with the same schemas, for both lists and services', () => {
    expect(bodySchemaForRequest('PATCH', '/api/admin/Delivery/Orders/7/cancel')).toBe(orderCancelSchema);
    expect(bodySchemaForRequest('PATCH', '/api/admin/Marketplace/OrdersMessenger/7/biker')).toBe(orderBikerSchema);
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/OrdersMessenger/7/cancel', { reason: '' })).toEqual({ reason: ['required'] });
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/Orders/7/biker', { bikerId: '3' })).toBeNull();
    // The lists are read-only in the portal: no generic create / update checks on them.
    expect(bodySchemaForRequest('POST', '/api/admin/Delivery/Orders')).toBeNull();
    expect(bodySchemaForRequest('PUT', '/api/admin/Delivery/Orders/7')).toBeNull();
  });
});

describe('order detail answer', () => {
  it('reads the contract shape: ids as strings, money as integers, statuses of the lifecycle', () => {
    const answer = {
      id: '12',
      orderNo: 'F261122-0000012',
      kind: 'food',
      status: 'admin_cancel_order',
      paymentMethod: 'wallet',
      paymentStatus: 'refunded',
      itemsTotal: 12000,
      deliveryFee: 3000,
      discount: 500,
      total: 14500,
      memberId: '3',
      memberName: 'Somchai',
      memberPhone: '0812345678',
      shopId: '4',
      shopName: 'Noodle',
      bikerId: null,
      bikerName: null,
      areaId: '1',
      areaName: 'Bangkok',
      senderName: null,
      receiverName: null,
      weightGram: null,
      createdAt: '2026-11-22T03:00:00.000Z',
      updatedAt: '2026-11-22T03:10:00.000Z',
      version: 3,
      items: [{ name: 'Pad thai', qty: 2, price: 6000 }],
      events: [
        {
          id: '1',
          event: 'admin_cancel_order',
          actorType: 'admin',
          actorId: '1',
          actorName: 'Admin',
          bikerId: null,
          note: 'test',
          at: '2026-11-22T03:10:00.000Z',
        },
      ],
      pickup: { address: 'Shop', lat: '13.7563309', lng: '100.5' },
      dropoff: { address: 'Home', lat: '13.7', lng: '100.6' },
      senderPhone: null,
      receiverPhone: null,
      note: '',
      cancelReason: 'test',
      shares: null,
      refund: { amount: 14500, at: '2026-11-22T03:10:00.000Z' },
      transactions: [
        { id: '99', ownerType: 'member', ownerName: 'Somchai', type: 'refund', status: 'Success', amount: 14500, createdAt: '2026-11-22T03:10:00.000Z' },
      ],
      actions: { adminCancel: false, assignBiker: false, changeBiker: false },
      refundOnCancel: 0,
    };
    const detail = orderDetailSchema.parse(answer);
    expect(detail.id).toBe('12');
    expect(detail.pickup.lat).toBe('13.7563309');
    expect(detail.events[0]?.actorId).toBe('1');
    // Drift is loud: money as a float, a status the lifecycle does not have, an id as a number.
    expect(() => orderDetailSchema.parse({ ...answer, total: 145.5 })).toThrow();
    expect(() => orderDetailSchema.parse({ ...answer, status: 'delivered' })).toThrow();
    expect(() => orderDetailSchema.parse({ ...answer, id: 12 })).toThrow();
  });
});
