import { describe, expect, it } from 'vitest';
import { slideContract } from '@contract/resources/slide';
import { routesOfResource } from '@/lib/routes';
import { checkResourceBody } from './body-check';
import { resourcePageFor } from './index';
import { matchRoute } from '@/lib/routes';
import { slideResource } from './slide';

describe('a screen declared on its contract', () => {
  it('takes its API path, schemas, sort and defaults from the contract', () => {
    expect(slideResource.api).toBe('Slide');
    expect(slideResource.schemas.create).toBe(slideContract.schemas.create);
    expect(slideResource.sortFields).toEqual(['sortOrder', 'title', 'startsOn', 'createdAt']);
    expect(slideResource.defaultSort).toEqual({ sort: 'sortOrder', order: 'asc' });
    expect(slideResource.defaults).toEqual({ linkUrl: '', sortOrder: 0, startsOn: '', endsOn: '', active: true });
    expect(slideResource.handOrder?.field).toBe('sortOrder');
  });

  it('takes its routes from the registry entries that name it', () => {
    expect(routesOfResource('slide')).toEqual({ list: '/Slide', view: '/Slide/View', add: undefined, restore: undefined });
    expect(slideResource.routes).toEqual(routesOfResource('slide'));
    expect(resourcePageFor(matchRoute('/Service/Delivery/Slide/View/4')!.route)).toEqual({ resource: 'slide', mode: 'view' });
    expect(() => routesOfResource('nothing')).toThrow(/no list route/);
  });

  it('makes the BFF check a write with the same schema the form and the Platform API run', () => {
    expect(checkResourceBody('POST', '/api/admin/Delivery/Slide', { title: '', imageUrl: 'x', active: true })).toEqual({
      title: ['required'],
      imageUrl: ['invalidUrl'],
    });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/3', { title: 'A', imageUrl: 'https://x.test/a.png', active: true })).toEqual({
      version: ['required'],
    });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/Sort', { ids: [] })).toEqual({ ids: ['required'] });
    expect(checkResourceBody('PUT', '/api/admin/Delivery/Slide/Sort', { ids: ['2', '1'] })).toBeNull();
  });
});
