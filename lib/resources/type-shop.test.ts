import { describe, expect, it } from 'vitest';
import { shopTypeContract } from '@contract/resources/shop-type';
import { checkResourceBody } from './body-check';
import { shopTypeResource, typeShopResource } from './type-shop';

describe('the shop type screens (TypeShop and ShopType) on one contract', () => {
  it('call their own path with the contract schemas', () => {
    expect(typeShopResource.api).toBe('TypeShop');
    expect(shopTypeResource.api).toBe('ShopType');
    for (const screen of [typeShopResource, shopTypeResource]) {
      expect(screen.schemas.create).toBe(shopTypeContract.schemas.create);
      expect(screen.schemas.update).toBe(shopTypeContract.schemas.update);
      expect(screen.schemas.row).toBe(shopTypeContract.schemas.item);
      expect(screen.sortFields).toEqual(['sortOrder', 'name', 'createdAt']);
      expect(screen.defaultSort).toEqual({ sort: 'sortOrder', order: 'asc' });
      expect(screen.defaults).toEqual({ name: '', description: '', status: 'active', sortOrder: 0 });
      expect(screen.handOrder?.field).toBe('sortOrder');
    }
  });

  it('keep their pages: both lists restore on RestoreShopType', () => {
    expect(typeShopResource.routes).toMatchObject({ list: '/TypeShop', restore: '/RestoreShopType' });
    expect(shopTypeResource.routes).toMatchObject({ list: '/ShopType', restore: '/RestoreShopType' });
  });

  it('make the BFF check writes on both paths with the same codes as the form', () => {
    for (const path of ['/api/admin/Delivery/TypeShop', '/api/admin/Marketplace/ShopType']) {
      expect(checkResourceBody('POST', path, { name: '', description: 'd'.repeat(201), status: 'open', sortOrder: -1 })).toEqual({
        name: ['required'],
        description: ['tooLong200'],
        status: ['required'],
        sortOrder: ['notNegative'],
      });
      expect(checkResourceBody('POST', path, { name: 'Food', status: 'active' })).toBeNull();
      expect(checkResourceBody('PUT', `${path}/4`, { name: 'Food', status: 'active' })).toEqual({ version: ['required'] });
      expect(checkResourceBody('PUT', `${path}/Sort`, { ids: [] })).toEqual({ ids: ['required'] });
      expect(checkResourceBody('PUT', `${path}/Sort`, { ids: ['3', '1'] })).toBeNull();
    }
  });
});
