import { describe, expect, it } from 'vitest';
import { matchRoute } from '@/lib/routes';
import { resourcePageFor } from './index';
import { allowedTransitions, shopCreateSchema } from './shop';
import { shopPackageCreateSchema } from './shop-package';
import { timeShopCreateSchema } from './time-shop';
import { fieldErrorsFromBody, fieldErrorsOf, fieldParamsFromBody } from './validation';

const shop = {
  name: 'Noodle House',
  owner: 'Somchai',
  email: 'a@b.co',
  phone: '0812345678',
  status: 'active',
  public: true,
  openTime: '09:00',
  closeTime: '18:00',
  lat: '13.7563309',
  lng: '100.5017651',
  packageId: '1',
  typeId: '2',
  permissionEdit: false,
  orderShowPrice: true,
  showDistanceShopOnHome: true,
  showPersonDetailOnShop: false,
  Limit_post: 1,
  Limit_product: 2,
};

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

describe('resource schemas answer message codes', () => {
  it('accepts a valid shop', () => {
    expect(shopCreateSchema.safeParse(shop).success).toBe(true);
  });

  it('names each bad shop field with its code', () => {
    const errors = errorsOf(shopCreateSchema, {
      ...shop,
      name: 'x'.repeat(51),
      email: 'nope',
      phone: '12345',
      lat: '91',
      lng: '1.123456789',
      closeTime: '8:00',
    });
    expect(errors).toEqual({
      name: ['tooLong50'],
      email: ['invalidEmail'],
      phone: ['invalidPhone'],
      lat: ['invalidLatLng'],
      lng: ['invalidLatLng'],
      closeTime: ['invalidTime'],
    });
    // Closing before opening is overnight, the same time around the clock (contract/opening-hours.ts).
    expect(errorsOf(shopCreateSchema, { ...shop, openTime: '18:00', closeTime: '02:00' })).toEqual({});
    expect(errorsOf(shopCreateSchema, { ...shop, openTime: '00:00', closeTime: '00:00' })).toEqual({});
  });

  it('asks for whole numbers in count fields', () => {
    expect(errorsOf(shopCreateSchema, { ...shop, Limit_post: 1.5 })).toEqual({ Limit_post: ['integer'] });
  });

  it('rejects a negative price and an empty name', () => {
    expect(errorsOf(shopPackageCreateSchema, { name: '', price: -1, duration: 30, Limit_post: 0, Limit_product: 0, status: 'active' })).toEqual({
      name: ['required'],
      price: ['notNegative'],
    });
  });

  it('flags overlapping ranges per range, an overnight one running into the next day included', () => {
    const hours = [
      {
        day: 1,
        ranges: [
          { open: '09:00', close: '12:00' },
          { open: '11:00', close: '14:00' },
        ],
      },
      { day: 2, ranges: [{ open: '22:00', close: '02:00' }] },
      { day: 3, ranges: [{ open: '01:00', close: '03:00' }] },
    ];
    expect(errorsOf(timeShopCreateSchema, { shopId: '1', hours })).toEqual({
      'hours.0.ranges.1.open': ['overlap'],
      'hours.2.ranges.0.open': ['overlap'],
    });
  });

  it('reads the upstream 400 errors object', () => {
    expect(fieldErrorsFromBody({ status: false, errors: { email: ['taken'] } })).toEqual({ email: ['taken'] });
    expect(fieldErrorsFromBody({ status: false, message: 'x' })).toEqual({});
  });

  it('reads what an upstream 400 names per field (data.params), for any field', () => {
    const body = { status: false, errors: { shopId: ['productLimit'] }, data: { params: { shopId: { limit: 3 }, name: { limit: 'x' } } } };
    expect(fieldParamsFromBody(body)).toEqual({ shopId: { limit: 3 }, name: { limit: 'x' } });
    expect(fieldParamsFromBody({ status: false, errors: { shopId: ['productLimit'] } })).toEqual({});
    expect(fieldParamsFromBody({ data: { params: { shopId: { limit: { deep: 1 } } } } })).toEqual({});
  });
});

describe('shop status transitions', () => {
  it('follows pending → active|close, active ↔ suspended, any → close', () => {
    expect(allowedTransitions('pending')).toEqual(['active', 'close']);
    expect(allowedTransitions('active')).toEqual(['suspended', 'close']);
    expect(allowedTransitions('suspended')).toEqual(['active', 'close']);
    expect(allowedTransitions('close')).toEqual([]);
  });
});

describe('registry routes → resource pages', () => {
  it('maps the kit screens of the registry and nothing else', () => {
    const page = (path: string) => resourcePageFor(matchRoute(path)!.route);
    expect(page('/Service/Delivery/Shop/View/3')).toEqual({ resource: 'shop', mode: 'view' });
    expect(page('/Service/Marketplace/ShopType/Sort')).toEqual({ resource: 'shopType', mode: 'sort' });
    expect(page('/Service/Delivery/Food/View/3')).toEqual({ resource: 'food', mode: 'view' });
    expect(page('/Service/Delivery/SupportFromPortal')).toEqual({ resource: 'supportFromPortal', mode: 'list' });
    expect(page('/Service/Delivery/Chat')).toBeNull();
    expect(page('/Users/Admin')).toEqual({ resource: 'adminUser', mode: 'list' });
    expect(page('/Service/Delivery/Report')).toBeNull();
    expect(resourcePageFor({ view: { screen: 'orders' } })).toBeNull();
  });
});
