import { describe, expect, it } from 'vitest';
import { hrefWith, isIsoDate, parseListQuery, serializeListQuery, upstreamListParams } from './list-query';
import { shopResource } from './shop';

describe('list query in the URL', () => {
  it('round-trips a filtered, sorted page through the search params', () => {
    const query = parseListQuery(shopResource, new URLSearchParams('status=active&public=true&sort=name&order=asc&page=2&pageSize=10&q=noodle'));
    expect(query).toEqual({ page: 2, pageSize: 10, sort: 'name', order: 'asc', q: 'noodle', filters: { status: 'active', public: 'true' } });
    const again = parseListQuery(shopResource, serializeListQuery(query, shopResource));
    expect(again).toEqual(query);
    expect(serializeListQuery(query, shopResource).toString()).toBe('q=noodle&public=true&status=active&sort=name&order=asc&pageSize=10&page=2');
  });

  it('falls back to the defaults for anything invalid', () => {
    const query = parseListQuery(shopResource, { page: '-3', pageSize: '7', sort: 'password', order: 'sideways', status: 'gone', public: 'maybe' });
    expect(query).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc', q: '', filters: {} });
    expect(serializeListQuery(query, shopResource).toString()).toBe('');
  });

  it('reads arrays from Next search params by their first value', () => {
    expect(parseListQuery(shopResource, { pageSize: ['50', '10'], typeId: '4' })).toMatchObject({ pageSize: 50, filters: { typeId: '4' } });
  });

  it('goes back to page 1 when the filter or sort changes, not when the page does', () => {
    const query = parseListQuery(shopResource, { page: '3', status: 'active' });
    expect(hrefWith('/Service/Delivery/Shop', query, { sort: 'name', order: 'asc' }, shopResource)).toBe(
      '/Service/Delivery/Shop?status=active&sort=name&order=asc',
    );
    expect(hrefWith('/Service/Delivery/Shop', query, { page: 4 }, shopResource)).toBe('/Service/Delivery/Shop?status=active&page=4');
  });

  it('gives the upstream an explicit page, size and sort', () => {
    const query = parseListQuery(shopResource, { q: 'x', areaId: '2' });
    expect(upstreamListParams(query, { deleted: '1' })).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'createdAt',
      order: 'desc',
      q: 'x',
      areaId: '2',
      deleted: '1',
    });
  });
});

describe('calendar days', () => {
  it('keeps the tab a list is shown in through its sort, pages and filters, and never sends it upstream', () => {
    const query = { ...parseListQuery(shopResource, new URLSearchParams('status=active')), tab: 'redemptions' };
    expect(serializeListQuery(query, shopResource).toString()).toBe('tab=redemptions&status=active');
    expect(hrefWith('/Service/Delivery/Shop', query, { sort: 'name', order: 'asc' }, shopResource)).toBe(
      '/Service/Delivery/Shop?tab=redemptions&status=active&sort=name&order=asc',
    );
    expect(hrefWith('/Service/Delivery/Shop', query, { page: 3 }, shopResource)).toBe('/Service/Delivery/Shop?tab=redemptions&status=active&page=3');
    expect(upstreamListParams(query)).not.toHaveProperty('tab');
  });

  it('accepts only days that exist, written YYYY-MM-DD', () => {
    expect(['2026-01-31', '2024-02-29', '2026-12-01'].every(isIsoDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', '2026-01-01T00:00', ''].some(isIsoDate)).toBe(false);
  });
});
