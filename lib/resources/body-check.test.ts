import { describe, expect, it } from 'vitest';
import { bodySchemaForRequest, checkResourceBody } from './body-check';
import { shopCreateSchema, shopUpdateSchema } from './shop';

describe('server-side body check with the form schemas', () => {
  it('finds the schema of each resource write', () => {
    expect(bodySchemaForRequest('POST', '/api/admin/Delivery/Shop')).toBe(shopCreateSchema);
    expect(bodySchemaForRequest('put', '/api/admin/Marketplace/Shop/42')).toBe(shopUpdateSchema);
    expect(bodySchemaForRequest('GET', '/api/admin/Delivery/Shop')).toBeNull();
    expect(bodySchemaForRequest('POST', '/api/admin/Delivery/Shop/42/restore')).toBeNull();
    expect(bodySchemaForRequest('POST', '/api/admin/Delivery/Orders')).toBeNull();
  });

  it('answers the same codes the form shows', () => {
    expect(
      checkResourceBody('POST', '/api/admin/Delivery/ShopPackage', { name: '', price: -5, duration: 30, Limit_post: 0, Limit_product: 0, status: 'active' }),
    ).toEqual({
      name: ['required'],
      price: ['notNegative'],
    });
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/Shop/7/status', { status: 'gone', version: 1 })).toEqual({ status: ['required'] });
    expect(checkResourceBody('PUT', '/api/admin/Marketplace/ShopType/Sort', { ids: ['3', '1', '2'] })).toBeNull();
    expect(checkResourceBody('POST', '/api/admin/Delivery/Regis/Shop/9/reject', { reason: '' })).toEqual({ reason: ['required'] });
  });

  it("checks the people calls: a status change's reason, a biker's package, a review's hiding reason", () => {
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/Members/7/status', { status: 'suspended', reason: ' ', version: 1 })).toEqual({
      reason: ['required'],
    });
    expect(checkResourceBody('PATCH', '/api/admin/Marketplace/Member/Biker/7/status', { status: 'close', reason: 'x', version: 1 })).toEqual({
      status: ['required'],
    });
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/Members/7/status', { status: 'active', reason: 'Apologised', version: 2 })).toBeNull();
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Member/Biker/7/package', { version: 1 })).toEqual({ packageId: ['required'] });
    expect(checkResourceBody('PATCH', '/api/admin/Delivery/Review/Biker/3/hide', { reason: '' })).toEqual({ reason: ['required'] });
    expect(checkResourceBody('PATCH', '/api/admin/Marketplace/ShopRating/3/hide', { reason: 'Spam' })).toBeNull();
  });

  it('checks the company, fee-table and payment-settings writes too', () => {
    expect(checkResourceBody('POST', '/api/admin/Information/Offices', { name: '', taxId: '12' })).toEqual({ name: ['required'], taxId: ['invalidTaxId'] });
    expect(
      checkResourceBody('PUT', '/api/admin/Delivery/ShippingRate/4', {
        unit: 'Kilometer',
        deliveryDistance: 5,
        bands: [{ s_distance: 0, e_distance: 9, price: 100, estimateTime: 10 }],
        version: 1,
      }),
    ).toEqual({ 'bands.0.e_distance': ['distanceOverLimit'] });
    expect(
      checkResourceBody('PUT', '/api/admin/Delivery/Setting/Bank/3/Config/card', {
        enabled: true,
        merchantId: '',
        publicKey: '',
        Short_Bank_name: 'K',
        Bank_name: 'K',
        Bank_account_number: '1234567890',
        version: 0,
      }),
    ).toEqual({ merchantId: ['incompleteSettings'] });
    expect(bodySchemaForRequest('PUT', '/api/admin/Delivery/Setting/Bank/3/Config/paypal')).toBeNull();
    // One-record settings are saved at their own path.
    expect(checkResourceBody('PUT', '/api/admin/Information/Company', { name: 'X', taxId: '1', version: 1 })).toEqual({ taxId: ['invalidTaxId'] });
    expect(checkResourceBody('PUT', '/api/admin/Marketplace/Currency', { decimals: 2, thousands: 'dot', decimal: 'dot', version: 1 })).toEqual({
      thousands: ['sameSeparators'],
    });
    expect(bodySchemaForRequest('POST', '/api/admin/Information/Company')).toBeNull();
  });
});
