import { describe, expect, it } from 'vitest';
import { inputToSatang, satangToInput, toBody, toFormValues } from './form-values';
import { shopPackageCreateSchema, shopPackageResource } from './shop-package';

describe('money in forms', () => {
  it('turns typed baht into integer satang without floats', () => {
    expect(inputToSatang('120.5')).toBe(12050);
    expect(inputToSatang('0.10')).toBe(10);
    expect(inputToSatang('1,234.99')).toBe(123499);
    expect(inputToSatang('19.999')).toBeNull();
    expect(inputToSatang('-1')).toBeNull();
    expect(inputToSatang('abc')).toBeNull();
  });

  it('shows satang as baht text', () => {
    expect(satangToInput(12050)).toBe('120.50');
    expect(satangToInput(7)).toBe('0.07');
  });
});

describe('form values ↔ body', () => {
  it('builds a body the create schema accepts from what a person typed', () => {
    const values = {
      ...toFormValues(shopPackageResource, shopPackageResource.defaults),
      name: 'Gold',
      price: '990.00',
      duration: '30',
      Limit_post: '10',
      Limit_product: '50',
    };
    const body = toBody(shopPackageResource, values, { mode: 'add', isAdmin: false });
    expect(body).toEqual({ name: 'Gold', price: 99000, duration: 30, Limit_post: 10, Limit_product: 50, status: 'active' });
    expect(shopPackageCreateSchema.safeParse(body).success).toBe(true);
  });

  it('keeps bad numbers as text so validation names them', () => {
    const body = toBody(
      shopPackageResource,
      { ...toFormValues(shopPackageResource, shopPackageResource.defaults), duration: '3.5', price: 'ten' },
      { mode: 'add', isAdmin: false },
    );
    expect(body.duration).toBe('3.5');
    expect(shopPackageCreateSchema.safeParse(body).success).toBe(false);
  });
});

describe('a rows field (a fee table’s bands)', () => {
  it('turns each row into form values and back, money in satang and numbers parsed', async () => {
    const { shippingRateResource } = await import('./shipping-rate');
    const row = { unit: 'Mile', deliveryDistance: 8, bands: [{ s_distance: 0, e_distance: 3, price: 1550, freeDelivery: true, estimateTime: 15 }] };
    const values = toFormValues(shippingRateResource, row);
    expect(values.bands).toEqual([{ s_distance: '0', e_distance: '3', price: '15.50', freeDelivery: true, estimateTime: '15' }]);
    const edited = {
      ...values,
      bands: [...(values.bands as object[]), { s_distance: '3', e_distance: '8', price: '20', freeDelivery: false, estimateTime: '25' }],
    };
    expect(toBody(shippingRateResource, edited, { mode: 'edit', isAdmin: false })).toEqual({
      unit: 'Mile',
      deliveryDistance: 8,
      bands: [
        { s_distance: 0, e_distance: 3, price: 1550, freeDelivery: true, estimateTime: 15 },
        { s_distance: 3, e_distance: 8, price: 2000, freeDelivery: false, estimateTime: 25 },
      ],
    });
  });
});
