import { describe, expect, it } from 'vitest';
import { shopTypeContract } from './shop-type';

const { create, update } = shopTypeContract.schemas;
const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the shop type contract', () => {
  it('leaves sortOrder out when not given (the Platform API numbers the type after the last) and empties a missing description', () => {
    expect(create.parse({ name: ' Food ', status: 'active' })).toEqual({ name: 'Food', description: '', status: 'active' });
    expect(update.parse({ name: 'Food', status: 'close', sortOrder: 3, version: 2 })).toEqual({
      name: 'Food',
      description: '',
      status: 'close',
      sortOrder: 3,
      version: 2,
    });
  });

  it('answers each bad field with its code', () => {
    expect(codesOf(create.safeParse({ name: 'n'.repeat(51), description: 'd'.repeat(201), status: 'open', sortOrder: -1 }))).toEqual({
      name: 'tooLong50',
      description: 'tooLong200',
      status: 'required',
      sortOrder: 'notNegative',
    });
    expect(codesOf(create.safeParse({ name: '', status: 'active', sortOrder: 1.5 }))).toEqual({ name: 'required', sortOrder: 'integer' });
  });

  it('lives under TypeShop and, for Marketplace, ShopType', () => {
    expect(shopTypeContract.apiPath('Delivery')).toBe('/api/admin/Delivery/TypeShop');
    expect(shopTypeContract.apiPath('Marketplace', 'ShopType')).toBe('/api/admin/Marketplace/ShopType');
    expect(shopTypeContract.defaultSort).toEqual({ sort: 'sortOrder', order: 'asc' });
  });
});
